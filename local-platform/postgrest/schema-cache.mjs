/**
 * PostgREST's schema cache, read from the catalogue: the tables (columns, primary keys), foreign
 * keys (what an embed follows) and functions (rpc) of a schema, as PostgREST reads them at start
 * and after each migration (local-platform/postgrest/postgrest.mjs refreshes it).
 */

/**
 * Reads tables, primary keys, foreign keys and functions of `schema`, as PostgREST's schema cache.
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {string} schema
 * @returns {Promise<import('./postgrest-sql.mjs').SchemaCache>}
 */
export async function loadSchemaCache(db, schema = 'public') {
  const columns = await db.query(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
      order by c.relname, a.attnum`,
    [schema],
  );
  const keys = await db.query(
    `select con.conname as name, con.contype as kind, c.relname as table, f.relname as foreign_table,
            array(select a.attname from unnest(con.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
            array(select a.attname from unnest(con.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as foreign_columns
       from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       left join pg_class f on f.oid = con.confrelid
      where n.nspname = $1 and con.contype in ('p', 'f')`,
    [schema],
  );
  const routines = await db.query(
    `select p.proname as name, p.proretset as returns_set, t.typtype = 'c' as returns_composite, t.typname = 'void' as returns_void,
            coalesce(p.proargnames, '{}') as arg_names,
            array(select format_type(x, null) from unnest(p.proargtypes) x) as arg_types
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f'`,
    [schema],
  );
  /** @type {import('./postgrest-sql.mjs').SchemaCache} */
  const cache = { schema, tables: new Map(), foreignKeys: [], routines: new Map() };
  for (const row of /** @type {{ table: string, name: string, type: string }[]} */ (columns.rows)) {
    const table = cache.tables.get(row.table) ?? { name: row.table, columns: [], primaryKey: [] };
    table.columns.push({ name: row.name, type: row.type });
    cache.tables.set(row.table, table);
  }
  for (const row of /** @type {{ name: string, kind: string, table: string, foreign_table: string, columns: string[], foreign_columns: string[] }[]} */ (keys.rows)) {
    if (row.kind === 'p') {
      const table = cache.tables.get(row.table);
      if (table) table.primaryKey = row.columns;
    } else cache.foreignKeys.push({ name: row.name, table: row.table, columns: row.columns, foreignTable: row.foreign_table, foreignColumns: row.foreign_columns });
  }
  for (const row of /** @type {{ name: string, returns_set: boolean, returns_composite: boolean, returns_void: boolean, arg_names: string[], arg_types: string[] }[]} */ (routines.rows)) {
    cache.routines.set(row.name, {
      name: row.name,
      args: row.arg_types.map((type, i) => ({ name: row.arg_names[i] ?? `$${i + 1}`, type })),
      returnsSet: row.returns_set,
      returnsComposite: row.returns_composite,
      returnsVoid: row.returns_void,
    });
  }
  return cache;
}
