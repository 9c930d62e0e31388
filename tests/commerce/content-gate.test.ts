/**
 * The content gate's decision (src/features/commerce/server/content-gate/decision.ts) for each kind of member, on a paid
 * lesson and on the free preview, and the gate's registry against the catalogue.
 */
import { describe, expect, it } from 'vitest';
import catalogueFile from '../../src/content/catalogue.json';
import { GATED_PRODUCTS as registry } from '../../netlify/functions/_registry/gated-content';
import { gateDecision, howToGetIt, type GatedProduct } from '../../src/features/commerce/server/content-gate/decision';
import type { AccessInputs, PurchaseLike } from '../../src/core/access/access';
import { COURSE_PRICE_ID } from '../../src/features/course/outline';
import type { Product } from '../../src/core/access/product';

const catalogue = catalogueFile.map(({ id: _id, ...p }) => p as Product);
const COURSE: GatedProduct = { ...catalogue.find((p) => p.priceId === COURSE_PRICE_ID)!, salesPath: '/masteralchemist' };
const PAID = { preview: false };
const PREVIEW = { preview: true };
const NOW = new Date('2026-11-25T12:00:00Z');

const purchase = (price_id: string, product_type: PurchaseLike['product_type'], status: PurchaseLike['status']): PurchaseLike => ({
  price_id,
  product_type,
  status,
  purchased_at: '2026-11-01T10:00:00.000Z',
  refunded_at: status === 'refunded' ? '2026-11-10T10:00:00.000Z' : null,
});
const member = (subscription: AccessInputs['subscription'], purchases: PurchaseLike[] = []): AccessInputs => ({ subscription, purchases, catalogue, now: NOW });
const plan = (price_id: string, subscription_status = 'active') => ({ price_id, subscription_status });

const BUY_OR_ALCHEMIST = 'This lesson is part of the Master Alchemist Course. Buy the course for lifetime access, or join the Alchemist plan, which includes it.';

describe('the gate on a paid lesson', () => {
  it.each<[string, AccessInputs | null, number]>([
    ['a visitor (no verified token)', null, 401],
    ['an Explorer', member(null), 403],
    ['an Explorer with the free plan row', member(plan('price_explorer_free')), 403],
    ['an Adventurer', member(plan('price_adventurer_monthly')), 403],
    ['an Alchemist', member(plan('price_alchemist_monthly')), 200],
    ['an Alchemist whose payment is past due', member(plan('price_alchemist_monthly', 'past_due')), 200],
    ['an Alchemist on trial', member(plan('price_alchemist_monthly', 'trialing')), 200],
    ['an Alchemist whose subscription ended', member(plan('price_alchemist_monthly', 'canceled')), 403],
    ['an Alchemist whose first payment never went through', member(plan('price_alchemist_monthly', 'incomplete_expired')), 403],
    ['a member who bought the course', member(null, [purchase(COURSE_PRICE_ID, 'course', 'paid')]), 200],
    ['a member whose course purchase was refunded', member(null, [purchase(COURSE_PRICE_ID, 'course', 'refunded')]), 403],
    ['a member whose course payment failed', member(null, [purchase(COURSE_PRICE_ID, 'course', 'failed')]), 403],
    ['a member who bought an app, not the course', member(null, [purchase('price_app_stillpoint', 'app', 'paid')]), 403],
    ['a Founding Member', member(null, [purchase('price_founding_membership', 'membership', 'paid')]), 200],
    ['a refunded Founding Member', member(null, [purchase('price_founding_membership', 'membership', 'refunded')]), 403],
    ['an Adventurer who bought the course', member(plan('price_adventurer_monthly'), [purchase(COURSE_PRICE_ID, 'course', 'paid')]), 200],
  ])('%s: %i', (_who, inputs, status) => {
    expect(gateDecision(COURSE, PAID, inputs).status).toBe(status);
  });

  it('tells a member without access how to get it: buy the course, or the Alchemist plan', () => {
    expect(gateDecision(COURSE, PAID, member(plan('price_adventurer_monthly')))).toEqual({ status: 403, message: BUY_OR_ALCHEMIST });
  });

  it('tells a member whose payment is settling that it opens once it settles', () => {
    const decision = gateDecision(COURSE, PAID, member(null, [purchase(COURSE_PRICE_ID, 'course', 'pending')]));
    expect(decision).toEqual({ status: 403, message: howToGetIt(COURSE, 'pending') });
    expect(decision.status === 403 && decision.message).toMatch(/still being processed/);
  });

  it('asks a visitor to sign in', () => {
    expect(gateDecision(COURSE, PAID, null)).toEqual({ status: 401, message: 'Please sign in to open this.' });
  });
});

describe('the gate on the free preview', () => {
  it('opens to every signed-in member, and still asks a visitor to sign in (the page itself is public)', () => {
    expect(gateDecision(COURSE, PREVIEW, member(null)).status).toBe(200);
    expect(gateDecision(COURSE, PREVIEW, member(plan('price_alchemist_monthly', 'canceled'))).status).toBe(200);
    expect(gateDecision(COURSE, PREVIEW, null).status).toBe(401);
  });
});

describe('an app in the gate', () => {
  it('says to buy the app or join a plan that includes every app', () => {
    const app: GatedProduct = { ...catalogue.find((p) => p.priceId === 'price_app_stillpoint')!, salesPath: '/app/stillpoint' };
    expect(gateDecision(app, PAID, member(plan('price_adventurer_monthly'))).status).toBe(200);
    const refused = gateDecision(app, PAID, member(null));
    expect(refused.status).toBe(403);
    expect(refused.status === 403 && refused.message).toMatch(/Buy the app for lifetime access, or join the Adventurer or Alchemist plan/);
  });
});

describe('the registry of gated products (each feature\'s gated-products.json, netlify/functions/_registry/gated-content.ts)', () => {
  it.each(Object.entries(registry))('%s names a product of the catalogue, a sales page and a known item kind', (slug, entry) => {
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    const product = catalogue.find((p) => p.priceId === entry.priceId);
    expect(product, `${entry.priceId} is not in src/content/catalogue.json`).toBeDefined();
    expect(product!.productType).not.toBe('membership');
    expect(entry.salesPath).toMatch(/^\/[a-z0-9/-]+$/);
    expect(['course-lesson', 'markdown', 'json']).toContain(entry.item);
    expect(entry.source).toMatch(/^src\/content\//);
  });

  it('gates the course under "course"', () => {
    expect(registry.course).toMatchObject({ priceId: COURSE_PRICE_ID, source: 'src/content/course', item: 'course-lesson' });
  });
});
