/**
 * The content gate for the Lounge apps' premium content, as for lessons (the member's rows in the
 * local PostgREST endpoint over PGlite with our migrations): The Bloom Book's
 * prompt set and Whispers Before Sleep's stories answer 401 without a token, 403 with how to
 * get the app to a member without it, 404 for an unknown item, and 200 (private, never cached)
 * to a member who bought the app or whose plan includes it. Whispers' preview story is public
 * only in its first paragraphs (on the sales page), so the gate does not give it away whole.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import handler from '../../netlify/functions/content.mts';
import generated from '../../netlify/functions/_generated/gated-content.json';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local/local-supabase';
import { call, createEmulatorUser, spyOnLogs, type EmulatorUser, type LogSpies } from '../support/functions';

type Story = { preview: boolean; title: string; mood: string; minutes: number; html: string };
const stories = generated['whispers-before-sleep'] as Record<string, Story>;
const prompts = (generated['the-bloom-book'] as Record<string, { preview: boolean; data: { id: string; text: string }[] }>).prompts!;
const previewStory = Object.entries(stories).find(([id]) => id === 'snow-on-the-way-home')!;

let db: LocalSupabase;
let logs: LogSpies;
let member: EmulatorUser;
const saved = { ...process.env };

const read = (product: string, item: string, who: EmulatorUser | null = member) =>
  call(handler, `/api/content/${product}/${item}`, { headers: who ? { authorization: `Bearer ${who.idToken}` } : {} });
const bought = (uid: string, priceId: string, status = 'paid') => {
  db.tables.purchases = [{ user_id: uid, price_id: priceId, product_type: 'app', amount: 2900, currency: 'usd', status, purchased_at: '2026-11-01T00:00:00Z', refunded_at: status === 'refunded' ? '2026-11-02T00:00:00Z' : null, checkout_session_id: `cs_${priceId}` }];
};

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
  // Nothing of a story or a prompt is ever logged.
  expect(logs.all()).not.toContain(prompts.data[1]!.text);
  expect(logs.all()).not.toContain(previewStory[1].html.slice(3, 60));
  process.env = { ...saved };
  logs.warn.mockRestore();
  logs.error.mockRestore();
});

describe('content gate: Lounge apps', () => {
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

  it('answers 401 without a token', async () => {
    expect((await read('the-bloom-book', 'prompts', null)).status).toBe(401);
    expect((await read('whispers-before-sleep', previewStory[0], null)).status).toBe(401);
  });

  it('answers 403 with how to get the app to a member without it, the content not in the answer', async () => {
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

  it('a purchase of one app opens that app only', async () => {
    bought(member.uid, 'price_app_the_bloom_book');
    const res = await read('the-bloom-book', 'prompts');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toMatchObject({ product: 'the-bloom-book', item: 'prompts', data: prompts.data });
    expect((await read('whispers-before-sleep', previewStory[0])).status).toBe(403);
  });

  it('an Adventurer reads every story', async () => {
    db.tables.stripe_customers = [{ user_id: member.uid, customer_id: 'cus_lounge' }];
    db.tables.stripe_subscriptions = [{ customer_id: 'cus_lounge', price_id: 'price_adventurer_monthly', subscription_status: 'active' }];
    for (const [id, story] of Object.entries(stories)) {
      const res = await read('whispers-before-sleep', id);
      expect(res.status, id).toBe(200);
      expect(res.body).toMatchObject({ title: story.title, mood: story.mood, minutes: story.minutes, html: story.html });
    }
  });

  it('answers 404 for an unknown item or product', async () => {
    bought(member.uid, 'price_app_whispers_before_sleep');
    expect((await read('whispers-before-sleep', 'no-such-story')).status).toBe(404);
    expect((await read('the-bloom-book', 'SOURCES')).status).toBe(404);
    expect((await read('no-such-app', 'statements')).status).toBe(404);
  });

  it('a refunded purchase opens nothing', async () => {
    bought(member.uid, 'price_app_whispers_before_sleep', 'refunded');
    expect((await read('whispers-before-sleep', previewStory[0])).status).toBe(403);
  });
});
