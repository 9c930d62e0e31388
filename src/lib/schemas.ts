/**
 * The zod schemas of every content collection. They live in `src/lib` (pure code, no Astro
 * import) so that unit tests can check that bad content is rejected; `src/content.config.ts`
 * wires each one to its loader.
 */
import { z } from 'zod';
import { ICON_NAMES } from './icons';
import { productSchema } from './product-schema';
import { TIERS } from './tiers';
import { PILLARS } from './course';

/** An icon of the site's set (src/lib/icons.ts). */
const icon = z.enum(ICON_NAMES);

/** The five step types of a journey, in the only order a journey may have them. */
export const JOURNEY_STEP_TYPES = ['challenge', 'explorer', 'adventurer', 'alchemist', 'closing'] as const;
export type JourneyStepType = (typeof JOURNEY_STEP_TYPES)[number];

/** A slug: lower-case words joined by hyphens, safe in a URL path segment. */
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');

export const journeyStepSchema = z.object({
  type: z.enum(JOURNEY_STEP_TYPES).describe('Which of the five stages this step is; fixes its header colour.'),
  title: z.string().min(1).describe('The step heading shown under "Step X of N".'),
  content: z.string().min(1).describe('The body of the step: plain text, paragraphs separated by a blank line.'),
  prompt: z.string().min(1).optional().describe('An optional reflective question shown below the content.'),
});

export const journeySchema = z
  .object({
    title: z.string().min(1).describe('Shown on the card, the journey page and the share image.'),
    description: z.string().min(1).describe('One or two sentences: the card hover text and the page meta description.'),
    order: z.number().int().min(1).describe('Position on the journey list, 1 first.'),
    symbolicIcon: icon.describe('Icon of the backpack as it is carried (src/lib/icons.ts).'),
    transformedIcon: icon.describe('Icon shown once the alchemist step is reached (src/lib/icons.ts).'),
    steps: z
      .array(journeyStepSchema)
      .length(5, 'a journey has exactly five steps')
      .describe('Exactly five steps, in the order challenge, explorer, adventurer, alchemist, closing.'),
  })
  .superRefine((journey, ctx) => {
    journey.steps.forEach((step, i) => {
      if (step.type !== JOURNEY_STEP_TYPES[i]) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i, 'type'],
          message: `step ${i + 1} must be "${JOURNEY_STEP_TYPES[i]}", found "${step.type}"`,
        });
      }
    });
  });

export const storyChapterSchema = z.object({
  chapter: z.number().int().min(1).max(13).describe('Chapter number, 1 to 13; sets the order.'),
  title: z.string().min(1).describe('Chapter title, from "The Breaking Point" (1) to "The Legacy" (13).'),
});

/**
 * A lesson of the Master Alchemist Course: `src/content/course/<NN>-<slug>.md` (NN, 01 to 99,
 * is its place in the course; the slug is its address, /course/<slug>/). The body is Markdown;
 * the checks over the whole course (word count, practice section, unique order, modules, the
 * one free preview) are in src/lib/course.ts.
 */
export const lessonSchema = z.object({
  title: z.string().trim().min(3).max(80).describe('The lesson title, e.g. "The Weather Inside".'),
  summary: z.string().trim().min(20).max(200).describe('One line on what the lesson gives the member; shown in the outline and on the lesson page.'),
  module: z.number().int().min(1).max(9).describe('The module (1 to 9, one a week of the programme) the lesson belongs to.'),
  minutes: z.number().int().min(3).max(60).describe('Estimated time to read and practise, in whole minutes.'),
  preview: z.boolean().default(false).describe('true only for the first lesson of module 1: the free preview, public and pre-rendered.'),
  practice: z.string().trim().min(3).max(80).describe('Short name of the lesson\'s practice or reflection, e.g. "Three-breath check-in".'),
});
export type LessonData = z.infer<typeof lessonSchema>;

export { PILLARS };

/** One module of the course (src/content/course-modules.json). */
export const courseModuleSchema = z.object({
  number: z.number().int().min(1).max(9).describe('Module number, 1 to 9; the week of the programme.'),
  pillar: z.enum(PILLARS).describe('explorer for modules 1-3, adventurer for 4-6, alchemist for 7-9.'),
  title: z.string().trim().min(3).max(80).describe('The module title shown in the outline.'),
  summary: z.string().trim().min(20).max(300).describe('One or two sentences on what the module is about.'),
});
export type CourseModule = z.infer<typeof courseModuleSchema>;

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

export const appSchema = z.object({
  name: z.string().min(1).describe('Display name, e.g. "Whispers Before Sleep".'),
  order: z.number().int().min(1).describe('Position in the lounge, 1 first.'),
  kind: z.string().min(1).describe('What the app is in a few words, e.g. "bedtime stories".'),
  tagline: z.string().min(1).describe('Hero subline of the app page.'),
  description: z.string().min(1).describe('Lounge card text and meta description.'),
  idealFor: z.string().min(1).describe('The "Ideal for" line of the lounge card.'),
  icon: icon.describe('Icon of the app (src/lib/icons.ts).'),
  available: z.boolean().describe('false: the lounge card alerts "{app} is coming soon!" instead of linking.'),
  priceId: z.string().min(1).describe('The catalogue price identifier of the app (see catalogue).'),
  pain: z.string().min(1).describe('The pain the app meets, in the visitor\'s words.'),
  vision: z.string().min(1).describe('What life feels like with it.'),
  benefits: z.array(z.string().min(1)).length(5).describe('Exactly five benefits.'),
  testimonials: z.array(appTestimonialSchema).length(2).describe('Exactly two verified reviews.'),
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

// The catalogue entry (`Product`, `productSchema`) lives in its own module, src/lib/product-schema.ts
// (no icon list), so the functions that validate the catalogue do not carry the content
// schemas' icon set; everything imports it from there.

/** The catalogue file: the product entries plus the key the file() loader needs. */
export const catalogueEntrySchema = productSchema.extend({
  id: z.string().min(1).describe('Entry key; equal to priceId.'),
});
