/**
 * The TypeScript description of the database (src/core/db/database.types.ts) against the
 * schema the migrations build: tables, columns in order, types, nullability, defaults, the values
 * check constraints allow, and foreign keys. The types are derived from that description, so
 * if this passes they match the migrations. The type-level checks at the bottom are verified by
 * `npm run check`.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type { PostgrestClient } from '@supabase/postgrest-js';
import { migratedDatabase } from '../support/db';
import { RELATIONSHIPS, SCHEMA, type ColumnSpec, type Database, type Tables, type TablesInsert } from '../../src/core/db/database.types';
import { TIERS } from '../../src/core/access/tiers';
import { PRODUCT_TYPES } from '../../src/core/access/product';
import { PARTNERSHIP_TYPES } from '../../src/features/forms/partnership';

let db: PGlite;
beforeAll(async () => {
  db = await migratedDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

interface DbColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

/** The migrated schema in the shape of SCHEMA. */
async function migratedSchema(): Promise<Record<string, Record<string, ColumnSpec>>> {
  const { rows } = await db.query<DbColumn>(
    `select table_name, column_name, data_type, is_nullable, column_default
     from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const checks = await db.query<{ table_name: string; definition: string }>(
    `select c.conrelid::regclass::text as table_name, pg_get_constraintdef(c.oid) as definition
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where n.nspname = 'public' and c.contype = 'c'`,
  );
  const schema: Record<string, Record<string, ColumnSpec>> = {};
  for (const c of rows) {
    // A check of the form `column = ANY (ARRAY['a'::text, 'b'::text])` lists the allowed values.
    const values = checks.rows
      .filter((k) => k.table_name === c.table_name)
      .map((k) => k.definition.match(new RegExp(`^CHECK \\(\\(${c.column_name} = ANY \\(ARRAY\\[(.*)\\]\\)\\)\\)$`))?.[1])
      .find(Boolean)
      ?.split(', ')
      .map((v) => v.replace(/^'(.*)'::text$/, '$1'));
    schema[c.table_name] ??= {};
    schema[c.table_name]![c.column_name] = {
      type: c.data_type as ColumnSpec['type'],
      ...(c.is_nullable === 'YES' ? { nullable: true as const } : {}),
      ...(c.column_default !== null ? { default: true as const } : {}),
      ...(values ? { values } : {}),
    };
  }
  return schema;
}

describe('database.types.ts', () => {
  it('describes every table and column of the migrated schema, with its type, nullability, default and allowed values', async () => {
    const actual = await migratedSchema();
    const described = Object.fromEntries(
      Object.entries(SCHEMA).map(([table, columns]) => [
        table,
        Object.fromEntries(Object.entries(columns).map(([name, spec]) => [name, { ...spec, ...('values' in spec ? { values: [...spec.values] } : {}) }])),
      ]),
    );
    // Same tables, same columns in the same order.
    expect(Object.keys(described).sort()).toEqual(Object.keys(actual).sort());
    for (const table of Object.keys(actual)) expect(Object.keys(described[table]!), table).toEqual(Object.keys(actual[table]!));
    expect(described).toEqual(actual);
  });

  it('lists every foreign key, as supabase-js relationships', async () => {
    const { rows } = await db.query<{ table_name: string; name: string; column_name: string; referenced: string; referenced_column: string; one_to_one: boolean }>(
      `select c.conrelid::regclass::text as table_name, c.conname as name, a.attname as column_name,
              c.confrelid::regclass::text as referenced, ra.attname as referenced_column,
              exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indisunique and i.indnatts = 1 and i.indkey[0] = c.conkey[1]) as one_to_one
       from pg_constraint c
       join pg_namespace n on n.oid = c.connamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
       where n.nspname = 'public' and c.contype = 'f' order by 1, 2`,
    );
    const actual = Object.fromEntries(Object.keys(SCHEMA).map((t) => [t, [] as unknown[]]));
    for (const r of rows) {
      actual[r.table_name]!.push({
        foreignKeyName: r.name,
        columns: [r.column_name],
        isOneToOne: r.one_to_one,
        referencedRelation: r.referenced,
        referencedColumns: [r.referenced_column],
      });
    }
    expect(RELATIONSHIPS).toEqual(actual);
  });

  it('uses the one tier list, the catalogue’s product types and the partnership types of the form', () => {
    // The same lists, not copies: the content schemas and the access model use these too.
    expect(SCHEMA.profiles.membership_tier.values).toBe(TIERS);
    expect(SCHEMA.purchases.product_type.values).toBe(PRODUCT_TYPES);
    expect([...SCHEMA.partnership_requests.partnership_type.values]).toEqual([...PARTNERSHIP_TYPES]);
  });
});

// Type-level: what the rest of the site relies on (checked by `npm run check`, never run).
export function typeChecks(client: PostgrestClient<Database>) {
  expectTypeOf<Tables<'profiles'>>().toEqualTypeOf<{
    id: string;
    email: string;
    full_name: string | null;
    membership_tier: 'Explorer' | 'Adventurer' | 'Alchemist';
    project_id: string | null;
    created_at: string;
    email_verified: boolean;
  }>();
  expectTypeOf<TablesInsert<'community_ideas'>>().toEqualTypeOf<{
    email: string;
    idea_message: string;
    id?: string;
    name?: string | null;
    created_at?: string;
  }>();
  expectTypeOf<TablesInsert<'future_launch'>>().toEqualTypeOf<{ email: string; id?: string; created_at?: string }>();
  expectTypeOf<Tables<'stripe_subscriptions'>['current_period_end']>().toEqualTypeOf<number | null>();

  const _signups = client
    .from('coaching_session_signups')
    .select('id, name, email, created_at, coaching_sessions(id, date, time)')
    .eq('user_id', 'uid')
    .order('created_at', { ascending: false });
  type Signup = NonNullable<Awaited<typeof _signups>['data']>[number];
  expectTypeOf<Signup>().toEqualTypeOf<{
    id: string;
    name: string;
    email: string;
    created_at: string;
    coaching_sessions: { id: string; date: string; time: string };
  }>();
}
