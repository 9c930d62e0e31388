/**
 * Content collections. The schemas (a description on each field) live in src/content/schemas.ts
 * for the site-wide collections and in a feature's schema.ts for its own (journeys, story,
 * course, and each Lounge app), so unit tests can prove that bad content is rejected; this file
 * only wires loaders.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { appSchema, catalogueEntrySchema, coreValueSchema, faqSchema, programSchema, testimonialSchema, tierSchema } from './content/schemas';
import { journeySchema } from './features/journeys/schema';
import { storyChapterSchema } from './features/story/schema';
import { courseModuleSchema, lessonSchema } from './features/course/schema';
import { stillpointPatternSchema } from './features/lounge/stillpoint/schema';
import { bloomPromptSchema } from './features/lounge/the-bloom-book/schema';
import { whispersStorySchema } from './features/lounge/whispers-before-sleep/schema';
import { riseBraveActionSchema, risePromptsSchema, riseStatementSchema } from './features/lounge/rise-mode/schema';
import { mindstageOwnScenarioSchema, mindstageScenarioSchema } from './features/lounge/mindstage/schema';
import { resetCrisisSchema, resetFeelingSchema, resetSchema } from './features/lounge/the-reset-room/schema';

/** A JSON file holding one object: one entry with the id given. */
const single = (id: string) => (text: string) => [{ id, ...(JSON.parse(text) as object) }];
/** A JSON array whose items are named by `slug`: the slug is the entry's id. */
const bySlug = (text: string) => (JSON.parse(text) as { slug: string }[]).map((item) => ({ id: item.slug, ...item }));

export const collections = {
  /** The ten emotional backpacks; the file name is the journey id. */
  journeys: defineCollection({ loader: glob({ pattern: '*.json', base: './src/content/journeys' }), schema: journeySchema }),
  /** The founder's story, one Markdown file a chapter. */
  story: defineCollection({ loader: glob({ pattern: '*.md', base: './src/content/story' }), schema: storyChapterSchema }),
  /** The six Lounge apps; the file name is the app slug (/app/{slug}). */
  apps: defineCollection({ loader: glob({ pattern: '*.json', base: './src/content/apps' }), schema: appSchema }),
  /** Voices of Transformation on the home page. */
  testimonials: defineCollection({ loader: file('src/content/testimonials.json'), schema: testimonialSchema }),
  /** Pricing page questions. */
  faqs: defineCollection({ loader: file('src/content/faqs.json'), schema: faqSchema }),
  /** The six core values on the about page. */
  values: defineCollection({ loader: file('src/content/values.json'), schema: coreValueSchema }),
  /** Membership tiers: Explorer, Adventurer, Alchemist. */
  tiers: defineCollection({ loader: file('src/content/tiers.json'), schema: tierSchema }),
  /** The Master Alchemist programmes. */
  programs: defineCollection({ loader: file('src/content/programs.json'), schema: programSchema }),
  /** The built-in product catalogue: used when the live one cannot be had. */
  catalogue: defineCollection({ loader: file('src/content/catalogue.json'), schema: catalogueEntrySchema }),
  /**
   * The Master Alchemist Course: one Markdown file a lesson, `<NN>-<slug>.md` (the id). Pages
   * read only the frontmatter (the public outline) and render the body of the free preview
   * alone; paid bodies reach members through the content gate (docs/decisions/course.md).
   */
  course: defineCollection({ loader: glob({ pattern: '[0-9][0-9]-*.md', base: './src/content/course' }), schema: lessonSchema }),
  /** The course's nine modules; the id is the module number. */
  courseModules: defineCollection({
    loader: file('src/content/course-modules.json', {
      parser: (text) => (JSON.parse(text) as { number: number }[]).map((m) => ({ id: String(m.number), ...m })),
    }),
    schema: courseModuleSchema,
  }),
  /**
   * The Lounge apps' content (src/content/lounge/<app>/), each file named, so the SOURCES.md
   * notes beside them are never picked up. Pages may read the public parts only (never render a
   * story's body, never list the prompts beyond the preview's): the rest is served by the
   * content gate.
   */
  stillpointPatterns: defineCollection({ loader: file('src/content/lounge/stillpoint/patterns.json'), schema: stillpointPatternSchema }),
  bloomPrompts: defineCollection({ loader: file('src/content/lounge/the-bloom-book/prompts.json'), schema: bloomPromptSchema }),
  whispersStories: defineCollection({ loader: glob({ pattern: '*.md', base: './src/content/lounge/whispers-before-sleep/stories' }), schema: whispersStorySchema }),
  /* Rise Mode, Mindstage and The Reset Room: each file named, so the SOURCES.md notes
     at the folders' roots are never picked up. */
  riseStatements: defineCollection({ loader: file('src/content/lounge/rise-mode/statements.json'), schema: riseStatementSchema }),
  riseBraveActions: defineCollection({ loader: file('src/content/lounge/rise-mode/brave-actions.json'), schema: riseBraveActionSchema }),
  risePrompts: defineCollection({ loader: file('src/content/lounge/rise-mode/prompts.json', { parser: single('prompts') }), schema: risePromptsSchema }),
  mindstageScenarios: defineCollection({ loader: file('src/content/lounge/mindstage/scenarios.json', { parser: bySlug }), schema: mindstageScenarioSchema }),
  mindstageOwnScenario: defineCollection({ loader: file('src/content/lounge/mindstage/own-scenario.json', { parser: single('own-scenario') }), schema: mindstageOwnScenarioSchema }),
  resetRoomResets: defineCollection({ loader: file('src/content/lounge/the-reset-room/resets.json', { parser: bySlug }), schema: resetSchema }),
  resetRoomFeelings: defineCollection({ loader: file('src/content/lounge/the-reset-room/feelings.json'), schema: resetFeelingSchema }),
  resetRoomCrisis: defineCollection({ loader: file('src/content/lounge/the-reset-room/crisis.json', { parser: single('crisis') }), schema: resetCrisisSchema }),
};
