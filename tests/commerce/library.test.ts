/**
 * The dashboard's library and the app pages' line on how the member got a product
 * (src/features/commerce/library.ts).
 */
import { describe, expect, it } from 'vitest';
import { accessSource, library } from '../../src/features/commerce/library';
import { catalogue, bought, inputs, FOUNDER } from '../support/access-inputs';

describe('the library', () => {
  const date = (iso: string) => new Date(iso).toISOString().slice(0, 10);
  it('lists what the member can use, with how they got it, in catalogue order', () => {
    const items = library(catalogue, inputs('Adventurer', [bought('price_master_alchemist_course', 'course'), bought('price_app_stillpoint', 'app')]));
    expect(items.map(({ product: p, access: a }) => [p.priceId, accessSource(a, date)])).toEqual([
      ['price_app_whispers_before_sleep', 'Included in Adventurer'],
      ['price_app_the_bloom_book', 'Included in Adventurer'],
      ['price_app_stillpoint', 'Purchased on 2026-11-01'],
      ['price_app_rise_mode', 'Included in Adventurer'],
      ['price_app_mindstage', 'Included in Adventurer'],
      ['price_app_the_reset_room', 'Included in Adventurer'],
      ['price_master_alchemist_course', 'Purchased on 2026-11-01'],
    ]);
  });
  it('is empty for an Explorer who bought nothing, and lists a settling payment as processing', () => {
    expect(library(catalogue, inputs('none'))).toEqual([]);
    const items = library(catalogue, inputs('none', [bought('price_app_mindstage', 'app', 'pending')]));
    expect(items.map(({ product: p, access: a }) => [p.priceId, accessSource(a, date)])).toEqual([['price_app_mindstage', 'Payment processing']]);
  });
  it('gives a Founding Member everything, and the membership itself', () => {
    const items = library(catalogue, inputs('none', FOUNDER));
    expect(items).toHaveLength(8);
    expect(items.map(({ access: a }) => accessSource(a, date))).toEqual([
      'Purchased on 2026-11-01',
      ...Array(7).fill('Founding Member'),
    ]);
  });
});
