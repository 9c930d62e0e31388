/**
 * The course's content and its pure logic: every real lesson file against the schema and the
 * whole-course checks (400-900 words, a Practice or Reflection section, unique order and slugs,
 * nine modules of two to four lessons, one free preview, the first), the checks' refusals, the
 * outline, and progress ("7 of 27 lessons", Continue on the first lesson after the last one
 * completed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import { courseModuleSchema, lessonSchema, type CourseModule, type LessonData } from '../../src/features/course/schema';
import { courseOutline, courseProblems, formatMinutes, hasPracticeSection, parseLessonId, wordCount, type LessonSource } from '../../src/features/course/outline';
import { lessonsLabel, neighbours, progressOf } from '../../src/features/course/progress';

const DIR = path.resolve('src/content/course');
const modules: CourseModule[] = JSON.parse(readFileSync(path.resolve('src/content/course-modules.json'), 'utf8')).map((m: unknown) => courseModuleSchema.parse(m));
const files = readdirSync(DIR).filter((f) => f.endsWith('.md')).sort();
const lessons: LessonSource[] = files.map((file) => {
  const { frontmatter, content } = parseFrontmatter(readFileSync(path.join(DIR, file), 'utf8'));
  const parsed = lessonSchema.safeParse(frontmatter);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
  return { id: file.replace(/\.md$/, ''), data: parsed.data, body: content };
});

describe('the lessons in src/content/course', () => {
  it('are at least 24, in nine modules, and the course as a whole has no problem', () => {
    expect(lessons.length).toBeGreaterThanOrEqual(24);
    expect(courseProblems(lessons, modules)).toEqual([]);
  });

  it.each(files)('%s: frontmatter, 400 to 900 words, a Practice or Reflection section', (file) => {
    const lesson = lessons.find((l) => `${l.id}.md` === file)!;
    expect(parseLessonId(lesson.id)).not.toBeNull();
    const words = wordCount(lesson.body);
    expect(words).toBeGreaterThanOrEqual(400);
    expect(words).toBeLessThanOrEqual(900);
    expect(hasPracticeSection(lesson.body)).toBe(true);
  });

  it('has exactly one free preview: the first lesson of module 1', () => {
    const outline = courseOutline(lessons, modules);
    const previews = outline.flatMap((m) => m.lessons).filter((l) => l.preview);
    expect(previews).toHaveLength(1);
    expect(previews[0]).toBe(outline[0]!.lessons[0]);
  });
});

const body = (words: number, section = '## Practice') => `${'word '.repeat(words)}\n\n${section}\n\nBreathe.`;
const data = (module: number, preview = false): LessonData => ({ title: 'A lesson', summary: 'One line on what the lesson gives you.', module, minutes: 10, preview, practice: 'A practice' });
const nine: CourseModule[] = Array.from({ length: 9 }, (_, i) => ({ number: i + 1, pillar: (['explorer', 'adventurer', 'alchemist'] as const)[Math.floor(i / 3)]!, title: `Module ${i + 1}`, summary: 'What the module is about, in one line.' }));
/** A valid course: two lessons a module, the first the preview. */
const valid = (): LessonSource[] =>
  Array.from({ length: 18 }, (_, i) => ({ id: `${String(i + 1).padStart(2, '0')}-lesson-${i + 1}`, data: data(Math.floor(i / 2) + 1, i === 0), body: body(500) }));

describe('courseProblems refuses', () => {
  it('nothing in a valid course', () => {
    expect(courseProblems(valid(), nine)).toEqual([]);
  });

  it.each<[string, (c: LessonSource[]) => LessonSource[], RegExp]>([
    ['a body under 400 words', (c) => c.map((l, i) => (i === 3 ? { ...l, body: body(300) } : l)), /04-lesson-4: the body has \d+ words/],
    ['a body over 900 words', (c) => c.map((l, i) => (i === 3 ? { ...l, body: body(950) } : l)), /has \d+ words; a lesson has 400 to 900/],
    ['a body without Practice or Reflection', (c) => c.map((l, i) => (i === 3 ? { ...l, body: body(500, '## Summary') } : l)), /needs a section headed "## Practice" or "## Reflection"/],
    ['two lessons with one number', (c) => c.map((l, i) => (i === 3 ? { ...l, id: '03-another' } : l)), /number 03 is also used by 03-lesson-3/],
    ['two lessons with one slug', (c) => c.map((l, i) => (i === 3 ? { ...l, id: '04-lesson-3' } : l)), /slug "lesson-3" is also used/],
    ['a bad file name', (c) => c.map((l, i) => (i === 3 ? { ...l, id: 'lesson-four' } : l)), /lesson-four: the file name must be <NN>-<slug>.md/],
    ['a module with one lesson', (c) => c.filter((_, i) => i !== 17), /module 9 has 1 lessons/],
    ['a module with five lessons', (c) => [...c, ...[19, 20, 21].map((n) => ({ id: `${n}-extra-${n}`, data: data(9), body: body(500) }))], /module 9 has 5 lessons/],
    ['no preview', (c) => c.map((l) => ({ ...l, data: { ...l.data, preview: false } })), /exactly one lesson is the free preview.*found none/],
    ['a preview that is not the first lesson', (c) => c.map((l, i) => ({ ...l, data: { ...l.data, preview: i === 2 } })), /found 03-lesson-3/],
    ['two previews', (c) => c.map((l, i) => ({ ...l, data: { ...l.data, preview: i < 2 } })), /found 01-lesson-1, 02-lesson-2/],
    ['lessons out of module order', (c) => c.map((l, i) => (i === 4 ? { ...l, data: { ...l.data, module: 1 } } : l)), /module 1 comes after module 2/],
  ])('%s', (_name, change, problem) => {
    expect(courseProblems(change(valid()), nine).join('\n')).toMatch(problem);
  });

  it('a module list that is not 1 to 9 with their pillars', () => {
    expect(courseProblems(valid(), nine.slice(0, 8)).join('\n')).toMatch(/modules 1 to 9/);
    expect(courseProblems(valid(), nine.map((m) => (m.number === 4 ? { ...m, pillar: 'explorer' as const } : m))).join('\n')).toMatch(/module 4 belongs to the adventurer pillar/);
  });

  it('but leaves the lesson count of a module to the unit test when the build asks (complete: false)', () => {
    expect(courseProblems(valid().slice(0, 6), nine, { complete: false })).toEqual([]);
    expect(courseProblems(valid().slice(0, 6), nine).join('\n')).toMatch(/module 4 has 0 lessons/);
  });
});

describe('the lesson schema refuses', () => {
  it.each([
    ['a module outside 1 to 9', { ...data(10) }],
    ['a time that is not whole minutes', { ...data(1), minutes: 12.5 }],
    ['a missing practice', { ...data(1), practice: undefined }],
    ['an empty title', { ...data(1), title: '' }],
  ])('%s', (_name, frontmatter) => {
    expect(lessonSchema.safeParse(frontmatter).success).toBe(false);
  });

  it('describes every field for the site owner', () => {
    for (const [name, field] of Object.entries(lessonSchema.shape)) expect(field.description, name).toBeTruthy();
    for (const [name, field] of Object.entries(courseModuleSchema.shape)) expect(field.description, name).toBeTruthy();
  });
});

describe('progress', () => {
  const outline = courseOutline(valid(), nine).flatMap((m) => m.lessons);
  const at = (slug: string, minute: number) => ({ lesson_slug: slug, completed_at: `2026-11-25T10:${String(minute).padStart(2, '0')}:00Z` });

  it('starts at the first lesson', () => {
    const p = progressOf(outline, []);
    expect(p).toMatchObject({ done: 0, total: 18, started: false });
    expect(p.next?.slug).toBe('lesson-1');
  });

  it('continues on the first lesson after the last one completed, not the first one missing', () => {
    const p = progressOf(outline, [at('lesson-1', 1), at('lesson-3', 2)]);
    expect(p.next?.slug).toBe('lesson-4');
    expect(lessonsLabel(p.done, p.total)).toBe('2 of 18 lessons');
    expect(p.modules[1]).toEqual({ done: 1, total: 2 });
    expect(p.modules[2]).toEqual({ done: 1, total: 2 });
  });

  it('skips lessons already complete after the last one, and wraps to the first missing at the end', () => {
    expect(progressOf(outline, [at('lesson-5', 1), at('lesson-4', 2)]).next?.slug).toBe('lesson-6');
    expect(progressOf(outline, [at('lesson-2', 1), at('lesson-18', 2)]).next?.slug).toBe('lesson-1');
  });

  it('is complete when every lesson is, and ignores lessons no longer in the course', () => {
    const all = outline.map((l, i) => at(l.slug, i));
    expect(progressOf(outline, [...all, at('a-removed-lesson', 59)])).toMatchObject({ done: 18, total: 18, next: null });
  });

  it('names the neighbours of a lesson', () => {
    expect(neighbours(outline, 'lesson-1')).toMatchObject({ previous: null, next: { slug: 'lesson-2' } });
    expect(neighbours(outline, 'lesson-18')).toMatchObject({ previous: { slug: 'lesson-17' }, next: null });
  });

  it('formats times', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 hr');
    expect(formatMinutes(135)).toBe('2 hr 15 min');
  });
});
