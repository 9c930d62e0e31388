/**
 * The content gate for Rise Mode, Mindstage and The Reset Room, as for the other apps: their
 * statements, scenarios and resets answer 401 without a token, 403 with how to get the app to
 * a member without it (the content not in the answer), 404 for an unknown item or a note that
 * is not content (SOURCES.md), and 200, private and never cached, to a member who bought the app
 * or whose plan includes every app. Nothing of the content is logged.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import handler from '../../netlify/functions/content.mts';
import generated from '../../netlify/functions/_generated/gated-content.json';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local/local-supabase';
import { call, createEmulatorUser, spyOnLogs, type EmulatorUser, type LogSpies } from '../support/functions';

type Json = { preview: boolean; data: unknown };
const items = generated as unknown as Record<string, Record<string, Json>>;
const statements = items['rise-mode']!.statements!.data as { id: string; text: string }[];
const scenarios = items.mindstage!.scenarios!.data as { slug: string; steps: { text: string }[] }[];
const resets = items['the-reset-room']!.resets!.data as { slug: string; steps: { text: string }[] }[];
// A paid sentence of each: one the previews never show.
const secrets = [statements.find((s) => !('preview' in s))!.text, scenarios[1]!.steps[2]!.text, resets.find((r) => r.slug === 'stop-pause')!.steps[1]!.text];

let db: LocalSupabase;
let logs: LogSpies;
let member: EmulatorUser;
const saved = { ...process.env };

const read = (product: string, item: string, who: EmulatorUser | null = member) =>
  call(handler, `/api/content/${product}/${item}`, { headers: who ? { authorization: `Bearer ${who.idToken}` } : {} });
const bought = (uid: string, priceId: string) => {
  db.tables.purchases = [{ user_id: uid, price_id: priceId, product_type: 'app', amount: 2900, currency: 'usd', status: 'paid', purchased_at: '2026-11-01T00:00:00Z', refunded_at: null, checkout_session_id: `cs_${priceId}` }];
};

const APPS = [
  ['rise-mode', 'statements', 'Rise Mode', 'price_app_rise_mode'],
  ['mindstage', 'scenarios', 'Mindstage', 'price_app_mindstage'],
  ['the-reset-room', 'resets', 'The Reset Room', 'price_app_the_reset_room'],
] as const;

beforeAll(async () => {
  db = await startLocalSupabase();
  member = await createEmulatorUser();
});
afterAll(async () => {
  await db.close();
});
beforeEach(() => {
  Object.assign(process.env, db.env);
  db.reset();
  logs = spyOnLogs();
});
afterEach(() => {
  for (const secret of secrets) expect(logs.all()).not.toContain(secret);
  process.env = { ...saved };
  logs.warn.mockRestore();
  logs.error.mockRestore();
});

describe('content gate: Rise Mode, Mindstage, The Reset Room', () => {
  it('holds at least 60 statements, 6 scenarios of five steps and the five resets, none free', () => {
    expect(statements.length).toBeGreaterThanOrEqual(60);
    expect(scenarios.length).toBeGreaterThanOrEqual(6);
    expect(resets.map((r) => r.slug).sort()).toEqual(['cold-water-reset', 'grounding-five-senses', 'paced-breathing', 'paired-muscle-relaxation', 'stop-pause']);
    for (const [product, item] of APPS) expect(items[product]![item]!.preview, product).toBe(false);
  });

  it('answers 401 without a token', async () => {
    for (const [product, item] of APPS) expect((await read(product, item, null)).status, product).toBe(401);
  });

  it('answers 403 with how to get the app, the content not in the answer', async () => {
    for (const [product, item, name] of APPS) {
      const res = await read(product, item);
      expect(res.status, product).toBe(403);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect((res.body as { error: string }).error).toMatch(new RegExp(`part of .*${name}.*Buy the app for lifetime access, or join the Adventurer or Alchemist plan`));
      for (const secret of secrets) expect(res.text).not.toContain(secret.slice(0, 40));
    }
  });

  it('a purchase of one app opens that app only', async () => {
    bought(member.uid, 'price_app_mindstage');
    const res = await read('mindstage', 'scenarios');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toMatchObject({ product: 'mindstage', item: 'scenarios', data: scenarios });
    expect((await read('mindstage', 'own-scenario')).status).toBe(200);
    expect((await read('rise-mode', 'statements')).status).toBe(403);
    expect((await read('the-reset-room', 'resets')).status).toBe(403);
  });

  it('an Adventurer opens all three', async () => {
    db.tables.stripe_customers = [{ user_id: member.uid, customer_id: 'cus_lounge2' }];
    db.tables.stripe_subscriptions = [{ customer_id: 'cus_lounge2', price_id: 'price_adventurer_monthly', subscription_status: 'active' }];
    for (const [product, item] of APPS) {
      const res = await read(product, item);
      expect(res.status, product).toBe(200);
      expect(res.body).toMatchObject({ product, item, data: items[product]![item]!.data });
    }
    expect((await read('rise-mode', 'brave-actions')).status).toBe(200);
  });

  it('answers 404 for an unknown item and for the sources notes', async () => {
    bought(member.uid, 'price_app_the_reset_room');
    expect((await read('the-reset-room', 'SOURCES')).status).toBe(404);
    expect((await read('the-reset-room', 'no-such-reset')).status).toBe(404);
    expect((await read('rise-mode', 'sources')).status).toBe(404);
  });
});
