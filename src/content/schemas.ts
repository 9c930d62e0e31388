/**
 * The zod schemas of the site-wide content collections (testimonials, apps, FAQs, values, tiers,
 * programmes, the catalogue), each field described for whoever edits the files. A feature's own
 * collections have their schema in the feature (journeys, story, course, lounge).
 * `src/content.config.ts` wires each schema to its loader; unit tests prove bad content is refused.
 */
import { z } from 'zod';
import { ICON_NAMES } from '../core/ui/icons';
import { productSchema } from '../core/access/product';
import { TIERS } from '../core/access/tiers';

/** An icon of the site's set (src/core/ui/icons.ts). */
const icon = z.enum(ICON_NAMES);

/** A slug: lower-case words joined by hyphens, safe in a URL path segment. */
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');

export const testimonialSchema = z.object({
  id: slug.describe('Stable key of the testimonial.'),
  name: z.string().min(1).describe('The client as they agreed to be named.'),
  detail: z.string().min(1).describe('A short line about them (role, place or programme).'),
  quote: z.string().min(20).describe('What they said, without surrounding quotation marks.'),
  rating: z.literal(5).describe('Stars given; the home page shows five.'),
});

export const appTestimonialSchema = z.object({
  name: z.string().min(1).describe('Who wrote the review.'),
  quote: z.string().min(20).describe('The review text, without quotation marks.'),
  rating: z.literal(5).describe('Five stars, marked "Verified Purchase".'),
});

/** A Lounge app's daily reminder: when it is offered first, how long the event lasts, and what it says. */
export const appReminderSchema = z.object({
  defaultTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .describe('The time offered first, "HH:MM" on the member\'s clock (morning for a morning app, bedtime for a bedtime one).'),
  minutes: z.number().int().min(1).max(60).describe('How long the calendar event lasts: about what the practice takes.'),
  summary: z.string().min(1).max(80).describe('The event\'s title in the calendar.'),
  invitation: z.string().min(1).max(240).describe('What to do at that time, warm and short: the event\'s description and the line above the time.'),
});

export const appSchema = z.object({
  name: z.string().min(1).describe('Display name, e.g. "Whispers Before Sleep".'),
  order: z.number().int().min(1).describe('Position in the lounge, 1 first.'),
  kind: z.string().min(1).describe('What the app is in a few words, e.g. "bedtime stories".'),
  tagline: z.string().min(1).describe('Hero subline of the app page.'),
  description: z.string().min(1).describe('Lounge card text and meta description.'),
  idealFor: z.string().min(1).describe('The "Ideal for" line of the lounge card.'),
  icon: icon.describe('Icon of the app (src/core/ui/icons.ts).'),
  available: z.boolean().describe('false: the lounge card alerts "{app} is coming soon!" instead of linking.'),
  priceId: z.string().min(1).describe('The catalogue price identifier of the app (see catalogue).'),
  pain: z.string().min(1).describe('The pain the app meets, in the visitor\'s words.'),
  vision: z.string().min(1).describe('What life feels like with it.'),
  benefits: z.array(z.string().min(1)).length(5).describe('Exactly five benefits.'),
  testimonials: z.array(appTestimonialSchema).length(2).describe('Exactly two verified reviews.'),
  reminder: appReminderSchema.describe('The daily reminder a member may add to their calendar from the app\'s home in the Lounge.'),
});

export const faqSchema = z.object({
  id: slug.describe('Stable key; also the anchor of the answer.'),
  order: z.number().int().min(1).describe('Position, 1 first.'),
  question: z.string().min(1).describe('The question as a visitor would ask it.'),
  answer: z.string().min(1).describe('The answer, plain text.'),
});

export const coreValueSchema = z.object({
  id: slug.describe('Stable key.'),
  order: z.number().int().min(1).describe('Position, 1 first.'),
  name: z.string().min(1).describe('One of Empathy, Love, Authenticity, Belonging, Emotional Depth, Gentle Power.'),
  description: z.string().min(1).describe('Revealed on hover and focus.'),
});

export const tierSchema = z.object({
  id: z.enum(['explorer', 'adventurer', 'alchemist']).describe('Stable key of the tier.'),
  name: z.enum(TIERS).describe('Tier name as shown.'),
  order: z.number().int().min(1).describe('Position, 1 first.'),
  price: z.number().min(0).describe('Monthly price in USD; 0 is free.'),
  tagline: z.string().min(1).describe('One line under the name.'),
  features: z.array(z.string().min(1)).min(1).describe('What the tier includes.'),
  highlighted: z.boolean().default(false).describe('Draw the card as the recommended one.'),
  priceId: z.string().min(1).describe('The catalogue price identifier of the tier.'),
});

export const programSchema = z.object({
  id: slug.describe('Stable key.'),
  order: z.number().int().min(1).describe('Position, 1 first.'),
  tier: z.enum(TIERS).describe('The pillar the programme belongs to.'),
  name: z.string().min(1).describe('Programme name, e.g. "Group Coaching Program".'),
  format: z.string().min(1).describe('Self-paced course, group coaching or 1:1 coaching.'),
  price: z.number().positive().describe('Price in USD, plus VAT.'),
  duration: z.string().optional().describe('Length, e.g. "9 weeks"; absent for self-paced.'),
  mostPopular: z.boolean().default(false).describe('Shows the "Most Popular" badge.'),
  features: z.array(z.string().min(1)).min(1).describe('What is included.'),
});

// The catalogue entry (`Product`, `productSchema`) lives in its own module, src/core/access/product.ts
// (no icon list), so the functions that validate the catalogue do not carry the content
// schemas' icon set; everything imports it from there.

/** The catalogue file: the product entries plus the key the file() loader needs. */
export const catalogueEntrySchema = productSchema.extend({
  id: z.string().min(1).describe('Entry key; equal to priceId.'),
});
