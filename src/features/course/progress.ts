/**
 * A member's progress through the course, pure: how many lessons are complete (in all and per
 * module), and where "Continue where you left off" leads: the first lesson after the last one
 * completed, as Open edX's Resume does, not merely the last one opened. "Last completed" is the most recent completion; when the lessons after it are all
 * complete, Continue goes to the first lesson not yet complete; once every lesson is, nowhere.
 */
import type { OutlineLesson } from './outline';

export interface Completion {
  lesson_slug: string;
  completed_at: string;
}

export interface Progress {
  done: number;
  total: number;
  /** Per module number: lessons done and in all. */
  modules: Record<number, { done: number; total: number }>;
  /** The lesson Continue opens, or null when the course is complete. */
  next: OutlineLesson | null;
  /** Whether the member has completed any lesson (Continue, else Start). */
  started: boolean;
}

type Lesson = Pick<OutlineLesson, 'slug' | 'order' | 'module'> & OutlineLesson;

export function progressOf(lessons: readonly Lesson[], completions: readonly Completion[]): Progress {
  const ordered = [...lessons].sort((a, b) => a.order - b.order);
  const known = new Set(ordered.map((l) => l.slug));
  // Only lessons that still exist count (a lesson removed from the course is forgotten).
  const done = new Set(completions.map((c) => c.lesson_slug).filter((slug) => known.has(slug)));
  const modules: Progress['modules'] = {};
  for (const l of ordered) {
    const m = (modules[l.module] ??= { done: 0, total: 0 });
    m.total += 1;
    if (done.has(l.slug)) m.done += 1;
  }
  const latest = completions
    .filter((c) => known.has(c.lesson_slug))
    .reduce<Completion | null>((a, c) => (!a || c.completed_at > a.completed_at ? c : a), null);
  let next: Lesson | null = null;
  if (done.size < ordered.length) {
    const from = latest ? ordered.findIndex((l) => l.slug === latest.lesson_slug) + 1 : 0;
    next = ordered.slice(from).find((l) => !done.has(l.slug)) ?? ordered.find((l) => !done.has(l.slug)) ?? null;
  }
  return { done: done.size, total: ordered.length, modules, next, started: done.size > 0 };
}

/** "7 of 27 lessons". */
export function lessonsLabel(done: number, total: number): string {
  return `${done} of ${total} ${total === 1 ? 'lesson' : 'lessons'}`;
}

/** The lessons before and after `slug` in course order. */
export function neighbours<L extends Pick<OutlineLesson, 'slug' | 'order'>>(lessons: readonly L[], slug: string): { previous: L | null; next: L | null } {
  const ordered = [...lessons].sort((a, b) => a.order - b.order);
  const i = ordered.findIndex((l) => l.slug === slug);
  if (i < 0) return { previous: null, next: null };
  return { previous: ordered[i - 1] ?? null, next: ordered[i + 1] ?? null };
}
