/**
 * The request-to-SQL translation of the local PostgREST endpoint, without a database: every
 * value is a bound parameter, and what is not supported is refused by name.
 */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  Params,
  condition,
  insertStatement,
  logicTree,
  orderClause,
  parsePrefer,
  parseSelect,
  readStatement,
  statusOf,
  updateStatement,
  deleteStatement,
  window,
  type SchemaCache,
} from '../../local-platform/postgrest/postgrest-sql.mjs';

const cache: SchemaCache = {
  schema: 'public',
  tables: new Map([
    ['films', { name: 'films', columns: [{ name: 'id', type: 'integer' }, { name: 'title', type: 'text' }, { name: 'director_id', type: 'integer' }], primaryKey: ['id'] }],
    ['directors', { name: 'directors', columns: [{ name: 'id', type: 'integer' }, { name: 'name', type: 'text' }], primaryKey: ['id'] }],
  ]),
  foreignKeys: [{ name: 'films_director_id_fkey', table: 'films', columns: ['director_id'], foreignTable: 'directors', foreignColumns: ['id'] }],
  routines: new Map(),
};

const q = (s: string) => new URLSearchParams(s);

function refused(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('filters', () => {
  it('binds every value as a parameter, never as SQL text', () => {
    const params = new Params();
    expect(condition('"t"."a"', "eq.'; drop table films; --", params)).toBe('"t"."a" = $1');
    expect(params.values).toEqual(["'; drop table films; --"]);
  });

  it.each([
    ['eq.5', '"c" = $1', ['5']],
    ['neq.5', '"c" <> $1', ['5']],
    ['gt.5', '"c" > $1', ['5']],
    ['gte.5', '"c" >= $1', ['5']],
    ['lt.5', '"c" < $1', ['5']],
    ['lte.5', '"c" <= $1', ['5']],
    ['like.*Ada*', '"c" like $1', ['%Ada%']],
    ['ilike.ada*', '"c" ilike $1', ['ada%']],
    ['in.(1,2,"a,b")', '"c" in ($1, $2, $3)', ['1', '2', 'a,b']],
    ['in.()', 'false', []],
    ['is.null', '"c" is null', []],
    ['is.true', '"c" is true', []],
    ['not.eq.5', 'not ("c" = $1)', ['5']],
    ['not.is.null', 'not ("c" is null)', []],
  ])('%s', (expression, sql, values) => {
    const params = new Params();
    expect(condition('"c"', expression, params)).toBe(sql);
    expect(params.values).toEqual(values);
  });

  it('nests or and and as PostgREST documents (or=(grade.gte.90,student.is.true,and(age.eq.14,age.not.eq.15)))', () => {
    const params = new Params();
    const sql = logicTree('(grade.gte.90,student.is.true,and(age.eq.14,age.not.eq.15))', 'or', (c) => `"${c}"`, params);
    expect(sql).toBe('("grade" >= $1 or "student" is true or ("age" = $2 and not ("age" = $3)))');
    expect(params.values).toEqual(['90', '14', '15']);
  });

  it.each([
    ['an unknown operator', 'zz.5', 'PGRST100'],
    ['a missing value', 'eq', 'PGRST100'],
    ['is. with a value it does not take', 'is.maybe', 'PGRST100'],
    ['in. without parentheses', 'in.1,2', 'PGRST100'],
  ])('refuses %s with PGRST100 (400)', (_, expression, code) => {
    const error = refused(() => condition('"c"', expression, new Params()));
    expect([error.status, error.code]).toEqual([400, code]);
  });

  it.each([
    ['full-text search', 'fts.cat'],
    ['array containment', 'cs.{1}'],
    ['operator modifiers', 'eq(any).{1,2}'],
  ])('names %s as unsupported', (_, expression) => {
    const error = refused(() => condition('"c"', expression, new Params()));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/Not supported by the local PostgREST endpoint/);
  });

  it('refuses a filter on an embedded resource by name', () => {
    const error = refused(() => readStatement(cache, 'films', q('select=*,directors(*)&directors.name=eq.Ada')));
    expect(error.message).toMatch(/embedded resource/);
  });

  it('refuses unbalanced logic trees', () => {
    expect(refused(() => readStatement(cache, 'films', q('or=(id.eq.1,title.eq.x'))).code).toBe('PGRST100');
  });
});

describe('select, order and paging', () => {
  it('renames, embeds many-to-one as an object and one-to-many as an array', () => {
    const films = readStatement(cache, 'films', q('select=name:title,directors(name)'));
    expect(films.sql).toContain('"films"."title" as "name"');
    expect(films.sql).toContain('(select row_to_json(');
    const directors = readStatement(cache, 'directors', q('select=id,films(title)'));
    expect(directors.sql).toContain("coalesce(json_agg(");
  });

  it('answers an embed without a foreign key with PGRST200 (400)', () => {
    const error = refused(() => readStatement(cache, 'directors', q('select=*,nothing(*)')));
    expect([error.status, error.code]).toEqual([400, 'PGRST200']);
  });

  it('refuses casts, JSON paths, aggregates and hints by name', () => {
    for (const select of ['id::text', 'data->a', 'count()', 'directors!inner(name)']) {
      expect(refused(() => parseSelect(select)).message).toMatch(/Not supported/);
    }
  });

  it('orders with direction and nulls placement', () => {
    expect(orderClause('title.desc.nullslast,id', 'films')).toBe(' order by "films"."title" desc nulls last, "films"."id"');
    expect(refused(() => orderClause('title.sideways', 'films')).code).toBe('PGRST100');
  });

  it('takes limit and offset, and the Range header', () => {
    expect(window(q('limit=10&offset=20'), null)).toEqual({ offset: 20, limit: 10 });
    expect(window(q(''), '0-9')).toEqual({ offset: 0, limit: 10 });
    expect(refused(() => window(q(''), '5-1')).status).toBe(416);
    expect(refused(() => window(q('limit=ten'), null)).code).toBe('PGRST100');
  });

  it('answers an unknown table with PGRST205 (404)', () => {
    const error = refused(() => readStatement(cache, 'nope', q('')));
    expect([error.status, error.code, error.message]).toEqual([404, 'PGRST205', "Could not find the table 'public.nope' in the schema cache"]);
  });
});

describe('writes', () => {
  it('inserts from a JSON parameter and upserts on the conflict columns', () => {
    const upsert = insertStatement(cache, 'films', q('on_conflict=id'), [{ id: 1, title: 'x' }], { resolution: 'merge-duplicates' });
    expect(upsert.sql).toContain('json_populate_recordset(null::"public"."films", $1::json)');
    expect(upsert.sql).toContain('on conflict ("id") do update set "title" = excluded."title"');
    expect(upsert.params).toEqual([JSON.stringify([{ id: 1, title: 'x' }])]);
    const ignore = insertStatement(cache, 'films', q(''), { id: 1, title: 'x' }, { resolution: 'ignore-duplicates' });
    expect(ignore.sql).toContain('on conflict ("id") do nothing');
  });

  it('names an unknown payload column with PGRST204 (400)', () => {
    const error = refused(() => insertStatement(cache, 'films', q(''), { nope: 1 }, {}));
    expect([error.status, error.code, error.message]).toEqual([400, 'PGRST204', "Could not find the 'nope' column of 'films' in the schema cache"]);
  });

  it('refuses an update or delete without a filter, as Supabase (pg-safeupdate)', () => {
    expect(refused(() => updateStatement(cache, 'films', q(''), { title: 'x' })).message).toBe('UPDATE requires a WHERE clause');
    expect(refused(() => deleteStatement(cache, 'films', q(''))).message).toBe('DELETE requires a WHERE clause');
  });

  it('refuses preferences it does not implement', () => {
    expect(refused(() => parsePrefer('count=planned')).message).toMatch(/count=planned/);
    expect(refused(() => parsePrefer('missing=default')).message).toMatch(/missing=default/);
    expect(parsePrefer('return=representation, count=exact')).toEqual({ return: 'representation', count: 'exact' });
  });
});

describe('statuses (PostgREST errors reference, "HTTP Status Codes")', () => {
  it.each([
    ['42501', false, 401],
    ['42501', true, 403],
    ['23505', true, 409],
    ['23503', true, 409],
    ['23514', true, 400],
    ['23502', true, 400],
    ['22P02', true, 400],
    ['42703', true, 400],
    ['42P01', true, 404],
    ['P0001', true, 400],
    ['XX000', true, 500],
    ['08006', true, 503],
    ['25006', true, 405],
  ])('%s (authenticated: %s) -> %i', (code, authenticated, status) => {
    expect(statusOf(code, authenticated)).toBe(status);
  });
});
