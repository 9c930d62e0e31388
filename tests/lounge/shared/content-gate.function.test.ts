/**
 * The Lounge apps' premium content through the content gate (netlify/functions/content.mts),
 * with access read from the member's rows on the local PostgREST endpoint over PGlite running
 * our migrations: The Bloom Book's prompt set, Whispers Before Sleep's stories, Rise Mode's
 * statements and brave actions, Mindstage's scenarios and The Reset Room's resets answer 401
 * without a token, 403 with how to get the app to a member without it (the content not in the
 * answer), 404 for an unknown item or a note that is not content (SOURCES.md), and 200, private
 * and never cached, to a member who bought the app or whose plan includes every app; a refunded
 * purchase opens nothing. Whispers' preview story is public only in its first paragraphs (on the
 * sales page), so the gate does not give it away whole. Nothing of the content is ever logged.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import handler from '../../../netlify/functions/content.mts';
import generated from '../../../netlify/functions/_generated/gated-content.json';
import type { LocalSupabase } from '../../../local-platform/postgrest/local-supabase';
import { call, createEmulatorUser, type EmulatorUser, type LogSpies } from '../../support/functions';
import { withStandIns } from '../../support/stand-ins';

type Json = { preview: boolean; data: unknown };
type Story = { preview: boolean; title: string; mood: string; minutes: number; html: string };
const items = generated as unknown as Record<string, Record<string, Json>>;
const stories = generated['whispers-before-sleep'] as Record<string, Story>;
const prompts = (generated['the-bloom-book'] as Record<string, { preview: boolean; data: { id: string; text: string }[] }>).prompts!;
const previewStory = Object.entries(stories).find(([id]) => id === 'snow-on-the-way-home')!;
const statements = items['rise-mode']!.statements!.data as { id: string; text: string }[];
const scenarios = items.mindstage!.scenarios!.data as { slug: string; steps: { text: string }[] }[];
const resets = items['the-reset-room']!.resets!.data as { slug: string; steps: { text: string }[] }[];
// A paid sentence of each: one the previews never show.
const secrets = [
  prompts.data[1]!.text,
  previewStory[1].html.slice(3, 60),
  statements.find((s) => !('preview' in s))!.text,
  scenarios[1]!.steps[2]!.text,
  resets.find((r) => r.slug === 'stop-pause')!.steps[1]!.text,
];

let db: LocalSupabase;
let logs: LogSpies;
let member: EmulatorUser;

const read = (product: string, item: string, who: EmulatorUser | null = member) =>
  call(handler, `/api/content/${product}/${item}`, { headers: who ? { authorization: `Bearer ${who.idToken}` } : {} });
const bought = (memberId: string, priceId: string, status = 'paid') => {
  db.tables.purchases = [{ user_id: memberId, price_id: priceId, product_type: 'app', amount: 2900, currency: 'usd', status, purchased_at: '2026-11-01T00:00:00Z', refunded_at: status === 'refunded' ? '2026-11-02T00:00:00Z' : null, checkout_session_id: `cs_${priceId}` }];
};

const APPS = [
  ['rise-mode', 'statements', 'Rise Mode', 'price_app_rise_mode'],
  ['mindstage', 'scenarios', 'Mindstage', 'price_app_mindstage'],
  ['the-reset-room', 'resets', 'The Reset Room', 'price_app_the_reset_room'],
] as const;

withStandIns({ db: true }, (standIns, spies) => {
  ({ db } = standIns);
  logs = spies;
});
beforeAll(async () => {
  member = await createEmulatorUser();
});
afterEach(() => {
  // Nothing of a story, a prompt, a statement, a scenario or a reset is ever logged.
  for (const secret of secrets) expect(logs.all()).not.toContain(secret);
});

describe('what the gate holds', () => {
  it('holds at least 30 prompts and at least 8 stories of 3 to 8 minutes, each with a title and a mood', () => {
    expect(prompts.data.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(stories).length).toBeGreaterThanOrEqual(8);
    for (const story of Object.values(stories)) {
      expect(story.title).toBeTruthy();
      expect(story.mood).toBeTruthy();
      expect(story.minutes).toBeGreaterThanOrEqual(3);
      expect(story.minutes).toBeLessThanOrEqual(8);
      expect(story.preview).toBe(false);
    }
  });

  it('holds at least 60 statements, 6 scenarios of five steps and the five resets, none free', () => {
    expect(statements.length).toBeGreaterThanOrEqual(60);
    expect(scenarios.length).toBeGreaterThanOrEqual(6);
    expect(resets.map((r) => r.slug).sort()).toEqual(['cold-water-reset', 'grounding-five-senses', 'paced-breathing', 'paired-muscle-relaxation', 'stop-pause']);
    for (const [product, item] of APPS) expect(items[product]![item]!.preview, product).toBe(false);
  });
});

describe('without a token', () => {
  it('answers 401 for The Bloom Book and Whispers Before Sleep', async () => {
    expect((await read('the-bloom-book', 'prompts', null)).status).toBe(401);
    expect((await read('whispers-before-sleep', previewStory[0], null)).status).toBe(401);
  });

  it('answers 401 for Rise Mode, Mindstage and The Reset Room', async () => {
    for (const [product, item] of APPS) expect((await read(product, item, null)).status, product).toBe(401);
  });
});

describe('a member without the app', () => {
  it('answers 403 with how to get The Bloom Book or Whispers Before Sleep, the content not in the answer', async () => {
    for (const [product, item, name] of [
      ['the-bloom-book', 'prompts', 'The Bloom Book'],
      ['whispers-before-sleep', previewStory[0], 'Whispers Before Sleep'],
    ] as const) {
      const res = await read(product, item);
      expect(res.status, product).toBe(403);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect((res.body as { error: string }).error).toMatch(new RegExp(`part of .*${name}.*Buy the app for lifetime access, or join the Adventurer or Alchemist plan`));
      expect(res.text).not.toContain(prompts.data[1]!.text);
      expect(res.text).not.toContain('<p>');
    }
  });

  it('answers 403 with how to get Rise Mode, Mindstage or The Reset Room, the content not in the answer', async () => {
    for (const [product, item, name] of APPS) {
      const res = await read(product, item);
      expect(res.status, product).toBe(403);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect((res.body as { error: string }).error).toMatch(new RegExp(`part of .*${name}.*Buy the app for lifetime access, or join the Adventurer or Alchemist plan`));
      for (const secret of secrets) expect(res.text).not.toContain(secret.slice(0, 40));
    }
  });
});

describe('a member with the app', () => {
  it('a purchase of The Bloom Book opens its prompts only', async () => {
    bought(member.memberId, 'price_app_the_bloom_book');
    const res = await read('the-bloom-book', 'prompts');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.body).toMatchObject({ product: 'the-bloom-book', item: 'prompts', data: prompts.data });
    expect((await read('whispers-before-sleep', previewStory[0])).status).toBe(403);
  });

  it('a purchase of Mindstage opens its scenarios only', async () => {
    bought(member.memberId, 'price_app_mindstage');
    const res = await read('mindstage', 'scenarios');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.body).toMatchObject({ product: 'mindstage', item: 'scenarios', data: scenarios });
    expect((await read('mindstage', 'own-scenario')).status).toBe(200);
    expect((await read('rise-mode', 'statements')).status).toBe(403);
    expect((await read('the-reset-room', 'resets')).status).toBe(403);
  });

  it('an Adventurer reads every story', async () => {
    db.tables.stripe_customers = [{ user_id: member.memberId, customer_id: 'cus_lounge' }];
    db.tables.stripe_subscriptions = [{ customer_id: 'cus_lounge', price_id: 'price_adventurer_monthly', subscription_status: 'active' }];
    for (const [id, story] of Object.entries(stories)) {
      const res = await read('whispers-before-sleep', id);
      expect(res.status, id).toBe(200);
      expect(res.body).toMatchObject({ title: story.title, mood: story.mood, minutes: story.minutes, html: story.html });
    }
  });

  it('an Adventurer opens Rise Mode, Mindstage and The Reset Room', async () => {
    db.tables.stripe_customers = [{ user_id: member.memberId, customer_id: 'cus_lounge' }];
    db.tables.stripe_subscriptions = [{ customer_id: 'cus_lounge', price_id: 'price_adventurer_monthly', subscription_status: 'active' }];
    for (const [product, item] of APPS) {
      const res = await read(product, item);
      expect(res.status, product).toBe(200);
      expect(res.body).toMatchObject({ product, item, data: items[product]![item]!.data });
    }
    expect((await read('rise-mode', 'brave-actions')).status).toBe(200);
  });

  it('a refunded purchase opens nothing', async () => {
    bought(member.memberId, 'price_app_whispers_before_sleep', 'refunded');
    expect((await read('whispers-before-sleep', previewStory[0])).status).toBe(403);
  });
});

describe('what is not content', () => {
  it('answers 404 for an unknown story or product, and for The Bloom Book’s sources notes', async () => {
    bought(member.memberId, 'price_app_whispers_before_sleep');
    expect((await read('whispers-before-sleep', 'no-such-story')).status).toBe(404);
    expect((await read('the-bloom-book', 'SOURCES')).status).toBe(404);
    expect((await read('no-such-app', 'statements')).status).toBe(404);
  });

  it('answers 404 for an unknown reset, and for the sources notes of The Reset Room and Rise Mode', async () => {
    bought(member.memberId, 'price_app_the_reset_room');
    expect((await read('the-reset-room', 'SOURCES')).status).toBe(404);
    expect((await read('the-reset-room', 'no-such-reset')).status).toBe(404);
    expect((await read('rise-mode', 'sources')).status).toBe(404);
  });
});
