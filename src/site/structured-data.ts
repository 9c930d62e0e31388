/**
 * Schema.org structured data (JSON-LD) for the content pages, and its safe serialisation into a
 * `<script type="application/ld+json">` element.
 */

export type JsonLd = { '@context': 'https://schema.org'; '@type': string } & Record<string, unknown>;

/**
 * JSON for a script element: `<`, `>` and `&` are escaped as Unicode sequences so that no
 * string in the data can close the element or open a comment, and the two line separators
 * that older parsers reject are escaped too. The result is still exactly the same JSON value.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface FaqItem {
  question: string;
  answer: string;
}

export function faqPage(items: readonly FaqItem[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export interface PodcastSeriesInput {
  name: string;
  description: string;
  /** Absolute URL of the podcast page. */
  url: string;
  /** Absolute URL of the cover or share image. */
  image?: string;
  /** The organisation behind the show. */
  publisher: string;
  /** The show's pages on podcast platforms. */
  sameAs?: readonly string[];
}

export function podcastSeries(input: PodcastSeriesInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'PodcastSeries',
    name: input.name,
    description: input.description,
    url: input.url,
    ...(input.image ? { image: input.image } : {}),
    inLanguage: 'en-US',
    publisher: { '@type': 'Organization', name: input.publisher },
    ...(input.sameAs?.length ? { sameAs: [...input.sameAs] } : {}),
  };
}

export interface ProductInput {
  name: string;
  description: string;
  /** Absolute URL of the product page; also the offer's URL. */
  url: string;
  /** Absolute URL of the product's image (Google requires one for a merchant listing). */
  image: string;
  brand: string;
  /** Price in major units, e.g. 29. */
  price: number;
  /** ISO 4217 code; upper-cased in the output. */
  currency: string;
  /** Whether it can be bought right now. */
  purchasable: boolean;
  reviews?: readonly { author: string; body: string; rating: number }[];
}

/** A Product with one Offer (and its reviews, when there are some). */
export function productWithOffer(input: ProductInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    description: input.description,
    url: input.url,
    image: input.image,
    brand: { '@type': 'Brand', name: input.brand },
    offers: {
      '@type': 'Offer',
      url: input.url,
      price: input.price.toFixed(2),
      priceCurrency: input.currency.toUpperCase(),
      availability: input.purchasable ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(input.reviews?.length
      ? {
          review: input.reviews.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.author },
            reviewBody: r.body,
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5 },
          })),
        }
      : {}),
  };
}
