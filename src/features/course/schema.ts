/**
 * The zod schemas of the course's content: a lesson's front matter and a module. The checks over
 * the whole course are in ./outline.ts.
 */
import { z } from 'zod';
import { PILLARS } from './pillars';

/**
 * A lesson of the Master Alchemist Course: `src/content/course/<NN>-<slug>.md` (NN, 01 to 99,
 * is its place in the course; the slug is its address, /course/<slug>/). The body is Markdown;
 * the checks over the whole course (word count, practice section, unique order, modules, the
 * one free preview) are in src/features/course/outline.ts.
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

/** One module of the course (src/content/course-modules.json). */
export const courseModuleSchema = z.object({
  number: z.number().int().min(1).max(9).describe('Module number, 1 to 9; the week of the programme.'),
  pillar: z.enum(PILLARS).describe('explorer for modules 1-3, adventurer for 4-6, alchemist for 7-9.'),
  title: z.string().trim().min(3).max(80).describe('The module title shown in the outline.'),
  summary: z.string().trim().min(20).max(300).describe('One or two sentences on what the module is about.'),
});
export type CourseModule = z.infer<typeof courseModuleSchema>;

