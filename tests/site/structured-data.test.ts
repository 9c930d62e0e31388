/** The pages' JSON-LD: safe to inline, and the FAQ, podcast and product data. */
import { describe, expect, it } from 'vitest';
import { faqPage, podcastSeries, productWithOffer, serializeJsonLd } from '../../src/site/structured-data';

describe('serializeJsonLd', () => {
  it('cannot close its script element, and still parses to the same value', () => {
    const data = faqPage([{ question: 'Is </script><script>alert(1)</script> safe?', answer: 'A & B <!-- c -->' }]);
    const out = serializeJsonLd(data);
    expect(out).not.toMatch(/<|>|&/);
    expect(JSON.parse(out)).toEqual(data);
  });

  it('escapes the Unicode line separators', () => {
    const data = faqPage([{ question: 'a\u2028b', answer: 'c\u2029d' }]);
    const out = serializeJsonLd(data);
    expect(out).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(data);
  });
});

describe('faqPage', () => {
  it('lists every question with its accepted answer', () => {
    const ld = faqPage([
      { question: 'One?', answer: 'First.' },
      { question: 'Two?', answer: 'Second.' },
    ]);
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity).toEqual([
      { '@type': 'Question', name: 'One?', acceptedAnswer: { '@type': 'Answer', text: 'First.' } },
      { '@type': 'Question', name: 'Two?', acceptedAnswer: { '@type': 'Answer', text: 'Second.' } },
    ]);
  });
});

describe('podcastSeries', () => {
  it('describes the show with its publisher and platform pages', () => {
    const ld = podcastSeries({
      name: 'Show',
      description: 'About feelings.',
      url: 'https://example.org/podcast',
      publisher: 'Inner Alchemy',
      sameAs: ['https://a.example/show', 'https://b.example/show'],
    });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'PodcastSeries',
      url: 'https://example.org/podcast',
      publisher: { '@type': 'Organization', name: 'Inner Alchemy' },
      sameAs: ['https://a.example/show', 'https://b.example/show'],
    });
    expect(ld).not.toHaveProperty('image');
  });
});

describe('productWithOffer', () => {
  const base = {
    name: 'Stillpoint',
    description: 'Breathing pauses.',
    url: 'https://example.org/app/stillpoint',
    image: 'https://example.org/og/apps/stillpoint.jpg',
    brand: 'Inner Alchemy',
    price: 29,
    currency: 'usd',
  };

  it('carries one offer with the price and currency', () => {
    const ld = productWithOffer({ ...base, purchasable: true });
    expect(ld['@type']).toBe('Product');
    expect(ld.image).toBe('https://example.org/og/apps/stillpoint.jpg');
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      url: 'https://example.org/app/stillpoint',
      price: '29.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    expect(ld).not.toHaveProperty('review');
  });

  it('marks the offer out of stock while purchases are off, and lists reviews', () => {
    const ld = productWithOffer({ ...base, purchasable: false, reviews: [{ author: 'Sofia M.', body: 'Calm.', rating: 5 }] });
    expect((ld.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Sofia M.' },
        reviewBody: 'Calm.',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5 },
      },
    ]);
  });
});
