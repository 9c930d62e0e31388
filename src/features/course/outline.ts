/**
 * The Master Alchemist Course as the site sees it, pure: where a lesson's order and address come
 * from (its file name), the checks over the whole course that a single lesson's schema cannot
 * make, and the public outline (titles, summaries, times; never a body).
 *
 * Lessons live in src/content/course/<NN>-<slug>.md; modules in src/content/course-modules.json.
 * The course pages run `courseProblems` at build time, so a bad edit fails the build with the
 * reason, and a unit test runs it over the real files.
 */
import type { CourseModule, LessonData } from './schema';
import { PILLARS } from './pillars';


/** The course's product in the catalogue: the gate and the pages name it by this price id. */
export const COURSE_PRICE_ID = 'price_master_alchemist_course';

/** A lesson slug: lower-case words joined by hyphens, at most 80 characters (as the database allows). */
export const LESSON_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 80;

export function isLessonSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_SLUG_LENGTH && LESSON_SLUG.test(value);
}

/** `07-the-body-keeps-time` -> { order: 7, slug: 'the-body-keeps-time' }, or null. */
export function parseLessonId(id: string): { order: number; slug: string } | null {
  const m = /^(\d{2})-(.+)$/.exec(id.replace(/\.md$/, ''));
  if (!m?.[1] || !m[2] || !isLessonSlug(m[2])) return null;
  const order = Number(m[1]);
  return order >= 1 ? { order, slug: m[2] } : null;
}

export const MIN_WORDS = 400;
export const MAX_WORDS = 900;
export const MODULE_COUNT = 9;
export const MIN_LESSONS_PER_MODULE = 2;
export const MAX_LESSONS_PER_MODULE = 4;

/** Words of a Markdown body, as a reader counts them (markup and punctuation aside). */
export function wordCount(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_`~|-]+/g, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Whether the body has a section headed "## Practice" or "## Reflection" (words may follow). */
export function hasPracticeSection(markdown: string): boolean {
  return /^##\s+(Practice|Reflection)\b/m.test(markdown);
}

/** The pillar of a module: explorer 1-3, adventurer 4-6, alchemist 7-9. */
export function pillarOf(moduleNumber: number): (typeof PILLARS)[number] {
  return PILLARS[Math.min(2, Math.floor((moduleNumber - 1) / 3))]!;
}

export interface LessonSource {
  /** The collection id: the file name without .md. */
  id: string;
  data: LessonData;
  body: string;
}

/**
 * Everything wrong with the course as a whole, one sentence each (empty when it is right):
 * file names, unique order and slugs, nine modules in order with their pillars, two to four
 * lessons a module, 400 to 900 words and a practice or reflection section a lesson, and exactly
 * one free preview, the first lesson of module 1. Lessons must run in module order.
 * `complete: false` (the build) leaves out the lesson count of each module, so a course being
 * written module by module still builds; the unit test over the real files checks it all.
 */
export function courseProblems(lessons: readonly LessonSource[], modules: readonly CourseModule[], options: { complete?: boolean } = {}): string[] {
  const complete = options.complete ?? true;
  const problems: string[] = [];
  const numbers = modules.map((m) => m.number);
  if (numbers.join() !== Array.from({ length: MODULE_COUNT }, (_, i) => i + 1).join()) {
    problems.push(`course-modules.json must list modules 1 to ${MODULE_COUNT} in order, found [${numbers.join(', ')}]`);
  }
  for (const m of modules) {
    if (m.pillar !== pillarOf(m.number)) problems.push(`module ${m.number} belongs to the ${pillarOf(m.number)} pillar, not ${m.pillar}`);
  }

  const parsed = lessons.map((l) => ({ ...l, at: parseLessonId(l.id) }));
  const orders = new Map<number, string>();
  const slugs = new Map<string, string>();
  for (const l of parsed) {
    if (!l.at) {
      problems.push(`${l.id}: the file name must be <NN>-<slug>.md (two digits, then lower-case words joined by hyphens)`);
      continue;
    }
    if (orders.has(l.at.order)) problems.push(`${l.id}: number ${String(l.at.order).padStart(2, '0')} is also used by ${orders.get(l.at.order)}`);
    orders.set(l.at.order, l.id);
    if (slugs.has(l.at.slug)) problems.push(`${l.id}: slug "${l.at.slug}" is also used by ${slugs.get(l.at.slug)}`);
    slugs.set(l.at.slug, l.id);
    const words = wordCount(l.body);
    if (words < MIN_WORDS || words > MAX_WORDS) problems.push(`${l.id}: the body has ${words} words; a lesson has ${MIN_WORDS} to ${MAX_WORDS}`);
    if (!hasPracticeSection(l.body)) problems.push(`${l.id}: the body needs a section headed "## Practice" or "## Reflection"`);
    if (!numbers.includes(l.data.module)) problems.push(`${l.id}: module ${l.data.module} is not in course-modules.json`);
  }

  const ordered = parsed.filter((l) => l.at).sort((a, b) => a.at!.order - b.at!.order);
  for (let i = 1; i < ordered.length; i += 1) {
    if (ordered[i]!.data.module < ordered[i - 1]!.data.module) problems.push(`${ordered[i]!.id}: module ${ordered[i]!.data.module} comes after module ${ordered[i - 1]!.data.module}; number the lessons in module order`);
  }
  for (const n of complete ? numbers : []) {
    const count = lessons.filter((l) => l.data.module === n).length;
    if (count < MIN_LESSONS_PER_MODULE || count > MAX_LESSONS_PER_MODULE) problems.push(`module ${n} has ${count} lessons; a module has ${MIN_LESSONS_PER_MODULE} to ${MAX_LESSONS_PER_MODULE}`);
  }
  const previews = ordered.filter((l) => l.data.preview);
  const first = ordered[0];
  if (previews.length !== 1 || !first || previews[0] !== first || first.data.module !== 1) {
    problems.push(`exactly one lesson is the free preview (preview: true), the first lesson of module 1; found ${previews.map((l) => l.id).join(', ') || 'none'}`);
  }
  return problems;
}

/** A lesson in the public outline: everything but the body. */
export interface OutlineLesson {
  slug: string;
  order: number;
  module: number;
  title: string;
  summary: string;
  minutes: number;
  practice: string;
  preview: boolean;
}

export interface OutlineModule extends CourseModule {
  lessons: OutlineLesson[];
}

/** The public outline, modules in order, lessons in course order. Throws on a bad file name. */
export function courseOutline(lessons: readonly Pick<LessonSource, 'id' | 'data'>[], modules: readonly CourseModule[]): OutlineModule[] {
  const all: OutlineLesson[] = lessons
    .map(({ id, data }) => {
      const at = parseLessonId(id);
      if (!at) throw new Error(`course lesson "${id}": the file name must be <NN>-<slug>.md`);
      return { slug: at.slug, order: at.order, module: data.module, title: data.title, summary: data.summary, minutes: data.minutes, practice: data.practice, preview: data.preview };
    })
    .sort((a, b) => a.order - b.order);
  return [...modules].sort((a, b) => a.number - b.number).map((m) => ({ ...m, lessons: all.filter((l) => l.module === m.number) }));
}

/** "1 hr 35 min", "40 min". */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (!hours) return `${minutes} min`;
  return minutes ? `${hours} hr ${minutes} min` : `${hours} hr`;
}

export const lessonPath = (slug: string) => `/course/${slug}/`;
export const COURSE_PATH = '/course/';
/** Where the course page offers the certificate (./CertificateOffer.tsx opens its dialog there). */
export const CERTIFICATE_PATH = `${COURSE_PATH}#certificate`;
