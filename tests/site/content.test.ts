/**
 * The content the site is built from is valid, complete and matches the spec's numbers, and
 * the schemas reject content that is not.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appSchema,
  catalogueEntrySchema,
  coreValueSchema,
  faqSchema,
  programSchema,
  testimonialSchema,
  tierSchema,
} from '../../src/content/schemas';

const dir = path.resolve(__dirname, '../../src/content');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
const list = (file: string) => readJson(file) as Record<string, unknown>[];

describe('content files', () => {
  it('has six apps, each valid, with five benefits and two five-star testimonials', () => {
    const files = readdirSync(path.join(dir, 'apps')).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual(
      ['mindstage', 'rise-mode', 'stillpoint', 'the-bloom-book', 'the-reset-room', 'whispers-before-sleep'],
    );
    for (const f of files) appSchema.parse(readJson(`apps/${f}`));
  });
  it('has six testimonials, four FAQs, six core values and three programmes', () => {
    expect(list('testimonials.json').map((t) => testimonialSchema.parse(t))).toHaveLength(6);
    expect(list('faqs.json').map((t) => faqSchema.parse(t))).toHaveLength(4);
    const values = list('values.json').map((t) => coreValueSchema.parse(t));
    expect(values.map((v) => v.name)).toEqual(['Empathy', 'Love', 'Authenticity', 'Belonging', 'Emotional Depth', 'Gentle Power']);
    const programs = list('programs.json').map((t) => programSchema.parse(t));
    expect(programs.map((p) => p.price)).toEqual([999, 3999, 6999]);
    expect(programs.filter((p) => p.mostPopular).map((p) => p.tier)).toEqual(['Adventurer']);
  });
  it('prices the tiers as the spec does: Explorer free, Adventurer $39, Alchemist $69', () => {
    const tiers = list('tiers.json').map((t) => tierSchema.parse(t));
    expect(tiers.map((t) => [t.name, t.price])).toEqual([
      ['Explorer', 0],
      ['Adventurer', 39],
      ['Alchemist', 69],
    ]);
  });
  it('has a catalogue entry for every tier and app, each id equal to its price id', () => {
    const catalogue = list('catalogue.json').map((c) => catalogueEntrySchema.parse(c));
    for (const c of catalogue) expect(c.id).toBe(c.priceId);
    const ids = new Set(catalogue.map((c) => c.priceId));
    for (const t of list('tiers.json')) expect(ids.has(String(t.priceId))).toBe(true);
    for (const f of readdirSync(path.join(dir, 'apps'))) {
      const app = appSchema.parse(readJson(`apps/${f}`));
      const entry = catalogue.find((c) => c.priceId === app.priceId);
      expect(entry, app.name).toMatchObject({ price: 29, mode: 'payment', productType: 'app' });
    }
    expect(catalogue.find((c) => c.name === 'Master Alchemist Course')).toMatchObject({ price: 999, productType: 'course' });
    expect(catalogue.find((c) => c.name === 'Founding Membership')).toMatchObject({ price: 690, mode: 'payment' });
  });
});

describe('schemas reject bad content', () => {
  const app = appSchema.parse(readJson('apps/stillpoint.json'));
  it('rejects an app with four benefits, one testimonial or an unknown icon', () => {
    expect(appSchema.safeParse({ ...app, benefits: app.benefits.slice(0, 4) }).success).toBe(false);
    expect(appSchema.safeParse({ ...app, testimonials: app.testimonials.slice(0, 1) }).success).toBe(false);
    expect(appSchema.safeParse({ ...app, icon: 'unicorn' }).success).toBe(false);
  });
  it('rejects a testimonial below five stars and a tier with an unknown name', () => {
    expect(testimonialSchema.safeParse({ id: 'a', name: 'A', detail: 'B', quote: 'x'.repeat(30), rating: 4 }).success).toBe(false);
    const tier = tierSchema.parse(list('tiers.json')[0]);
    expect(tierSchema.safeParse({ ...tier, name: 'Wizard' }).success).toBe(false);
  });
  it('rejects a catalogue entry with an unknown mode, product type or a negative price', () => {
    const entry = catalogueEntrySchema.parse(list('catalogue.json')[0]);
    expect(catalogueEntrySchema.safeParse({ ...entry, mode: 'rental' }).success).toBe(false);
    expect(catalogueEntrySchema.safeParse({ ...entry, productType: 'gift' }).success).toBe(false);
    expect(catalogueEntrySchema.safeParse({ ...entry, price: -1 }).success).toBe(false);
  });
});
