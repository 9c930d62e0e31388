/**
 * The parts of PostgREST's request language every statement shares (local-platform/postgrest/
 * postgrest-sql.mjs builds the statements): PostgREST-shaped errors, identifiers, the schema
 * cache's shape, filters (`eq`, `in`, `is`, `not.`, `or=(...)`, `and=(...)`) as a where clause,
 * and `order`. Pure: no database.
 */
/** A PostgREST-shaped error the endpoint answers with (`status` is the HTTP status). */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {string | null} [details]
   * @param {string | null} [hint]
   */
  constructor(status, code, message, details = null, hint = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }

  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** @param {string} what @param {string} [details] */
export const unsupported = (what, details) =>
  new ApiError(400, 'PGRST100', `Not supported by the local PostgREST endpoint: ${what}`, details ?? null, 'The local endpoint refuses what it cannot answer exactly as PostgREST would (local-platform/postgrest/postgrest-sql.mjs).');

/** @param {string} text @param {string} details */
export const parseError = (text, details) => new ApiError(400, 'PGRST100', `"failed to parse ${text}"`, details);

/** A double-quoted SQL identifier. */
export function ident(name) {
  return `"${String(name).replaceAll('"', '""')}"`;
}

/**
 * @typedef {{ name: string, type: string }} Column
 * @typedef {{ name: string, table: string, columns: string[], foreignTable: string, foreignColumns: string[] }} ForeignKey
 * @typedef {{ name: string, columns: Column[], primaryKey: string[] }} Table
 * @typedef {{ name: string, args: { name: string, type: string }[], returnsSet: boolean, returnsComposite: boolean, returnsVoid: boolean }} Routine
 * @typedef {{ schema: string, tables: Map<string, Table>, foreignKeys: ForeignKey[], routines: Map<string, Routine> }} SchemaCache
 */

/**
 * Splits on `separator` at parenthesis depth 0, outside double quotes.
 * @param {string} text @param {string} separator
 */
export function splitTop(text, separator = ',') {
  const parts = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"' && text[i - 1] !== '\\') quoted = !quoted;
    if (!quoted && char === '(') depth++;
    if (!quoted && char === ')') depth--;
    if (depth < 0) throw parseError('logic tree', `unbalanced parentheses in "${text}"`);
    if (char === separator && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  if (depth !== 0 || quoted) throw parseError('logic tree', `unbalanced parentheses or quotes in "${text}"`);
  parts.push(current);
  return parts;
}

/** @param {string} value */
export function unquote(value) {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replaceAll('\\"', '"').replaceAll('\\\\', '\\');
  return v;
}

const COMPARISONS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike' };
const UNSUPPORTED_OPERATORS = ['match', 'imatch', 'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'isdistinct'];

/** A column name as a filter or order may give it: plain identifiers only. */
function columnName(name, where) {
  if (/->|::/.test(name)) throw unsupported(`JSON paths and casts (${where} "${name}")`);
  if (name.includes('.')) throw unsupported(`filters and order on an embedded resource (${where} "${name}")`);
  if (!/^[A-Za-z_][A-Za-z0-9_ $-]*$/.test(name)) throw parseError(where, `unexpected column name "${name}"`);
  return name;
}

/**
 * Builds SQL with numbered parameters.
 */
export class Params {
  constructor() {
    /** @type {unknown[]} */
    this.values = [];
  }

  /** @param {unknown} value */
  add(value) {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * One condition `op.value` (possibly `not.op.value`) on a column, as SQL.
 * @param {string} qualified the column, quoted and qualified
 * @param {string} expression e.g. `eq.5`, `not.in.(1,2)`, `is.null`
 * @param {Params} params
 */
export function condition(qualified, expression, params) {
  let negate = false;
  let rest = expression;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw parseError(`filter (${expression})`, `an operator and a value are expected, as in eq.5`);
  let operator = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  const modifier = /^(\w+)\((any|all)\)$/.exec(operator);
  if (modifier) throw unsupported(`the (any)/(all) operator modifiers ("${operator}")`);
  let sql;
  if (operator in COMPARISONS) {
    const v = operator === 'like' || operator === 'ilike' ? value.replaceAll('*', '%') : value;
    sql = `${qualified} ${COMPARISONS[/** @type {keyof typeof COMPARISONS} */ (operator)]} ${params.add(v)}`;
  } else if (operator === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) throw parseError(`filter (${expression})`, 'in. takes a list in parentheses, as in in.(1,2,3)');
    const inner = value.slice(1, -1);
    const items = inner.trim() === '' ? [] : splitTop(inner).map(unquote);
    sql = items.length === 0 ? 'false' : `${qualified} in (${items.map((item) => params.add(item)).join(', ')})`;
  } else if (operator === 'is') {
    const word = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[value.toLowerCase()];
    if (!word) throw parseError(`filter (${expression})`, `is. takes null, not_null, true, false or unknown, not "${value}"`);
    sql = `${qualified} is ${word}`;
  } else if (UNSUPPORTED_OPERATORS.includes(operator)) {
    throw unsupported(`the "${operator}" operator`);
  } else {
    operator = operator || '(empty)';
    throw parseError(`filter (${expression})`, `unknown operator "${operator}"`);
  }
  return negate ? `not (${sql})` : sql;
}

/**
 * A logic tree `(a.eq.1,b.gt.2,and(c.is.null,d.neq.x))` joined by `joiner`.
 * @param {string} tree with its parentheses
 * @param {'and'|'or'} joiner
 * @param {(column: string) => string} column qualifies a checked column name
 * @param {Params} params
 */
export function logicTree(tree, joiner, column, params) {
  if (!tree.startsWith('(') || !tree.endsWith(')')) throw parseError(`logic tree (${tree})`, 'expected a list in parentheses, as in or=(a.eq.1,b.eq.2)');
  const items = splitTop(tree.slice(1, -1));
  const parts = items.map((raw) => {
    const item = raw.trim();
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (nested) {
      const sql = logicTree(nested[3] ?? '', /** @type {'and'|'or'} */ (nested[2]), column, params);
      return nested[1] ? `not ${sql}` : sql;
    }
    const dot = item.indexOf('.');
    if (dot < 1) throw parseError(`logic tree (${tree})`, `"${item}" is not column.operator.value`);
    return condition(column(columnName(item.slice(0, dot), 'logic tree')), item.slice(dot + 1), params);
  });
  if (!parts.length) throw parseError(`logic tree (${tree})`, 'empty');
  return `(${parts.join(` ${joiner} `)})`;
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

/**
 * The WHERE clause of a request's filters (all query parameters but the reserved ones).
 * @param {URLSearchParams} query
 * @param {Table} table
 * @param {string} alias
 * @param {Params} params
 */
export function whereClause(query, table, alias, params) {
  const column = (name) => `${ident(alias)}.${ident(name)}`;
  const parts = [];
  for (const [key, value] of query) {
    if (RESERVED.has(key)) continue;
    const logic = /^(not\.)?(and|or)$/.exec(key);
    if (logic) {
      const sql = logicTree(value, /** @type {'and'|'or'} */ (logic[2]), column, params);
      parts.push(logic[1] ? `not ${sql}` : sql);
      continue;
    }
    if (/\.(and|or)$/.test(key) || /\.(limit|offset|order|select)$/.test(key)) throw unsupported(`parameters on an embedded resource ("${key}")`);
    parts.push(condition(column(columnName(key, 'filter')), value, params));
  }
  void table;
  return parts.length ? parts.join(' and ') : '';
}

/**
 * `order=a.desc.nullslast,b` as SQL.
 * @param {string | null} order
 * @param {string} alias
 */
export function orderClause(order, alias) {
  if (!order) return '';
  const terms = splitTop(order).map((term) => {
    const [name = '', ...modifiers] = term.trim().split('.');
    let sql = `${ident(alias)}.${ident(columnName(name, 'order'))}`;
    for (const m of modifiers) {
      if (m === 'asc' || m === 'desc') sql += ` ${m}`;
      else if (m === 'nullsfirst') sql += ' nulls first';
      else if (m === 'nullslast') sql += ' nulls last';
      else throw parseError(`order (${order})`, `unexpected "${m}": expected asc, desc, nullsfirst or nullslast`);
    }
    return sql;
  });
  return terms.length ? ` order by ${terms.join(', ')}` : '';
}
