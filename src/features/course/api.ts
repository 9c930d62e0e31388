/**
 * The course's calls: a lesson's body from the content gate (GET /api/content/course/<slug>
 * as the member) and the member's progress in lesson_progress through the
 * browser's database client (row-level security: their own rows only). Each answers a value
 * the player can show; none throws.
 */
import { askGate } from '../../core/content-gate-api';
import { dbRequest } from '../../core/db/client';
import type { Completion } from './progress';

export const COURSE_MESSAGES = {
  unreachable: 'The lesson could not be loaded. Check your connection and try again.',
  slow: 'The lesson is taking longer than usual to load.',
  failed: 'The lesson could not be loaded just now. Please try again.',
  signIn: 'Your session has ended. Please sign in again to read this lesson.',
  progressFailed: 'Your progress could not be loaded. Your lessons are still here; try again in a moment.',
  markFailed: 'This lesson could not be marked complete. Please try again.',
} as const;

export type LessonAnswer =
  | { kind: 'lesson'; html: string }
  | { kind: 'locked'; message: string }
  | { kind: 'signIn'; message: string }
  | { kind: 'error'; message: string };

/** How long the player waits for the gate before it gives up and offers Retry. */
export const LESSON_TIMEOUT_MS = 20_000;

export async function fetchLesson(slug: string, signal?: AbortSignal): Promise<LessonAnswer> {
  const answer = await askGate('course', slug, signal);
  if (answer.kind === 'signedOut') return { kind: 'signIn', message: COURSE_MESSAGES.signIn };
  if (answer.kind === 'unreachable') return { kind: 'error', message: COURSE_MESSAGES.unreachable };
  const html = (answer.body as { html?: unknown } | null)?.html;
  if (answer.status === 200 && typeof html === 'string') return { kind: 'lesson', html };
  if (answer.status === 403) return { kind: 'locked', message: answer.error ?? COURSE_MESSAGES.failed };
  if (answer.status === 401) return { kind: 'signIn', message: COURSE_MESSAGES.signIn };
  return { kind: 'error', message: answer.error ?? COURSE_MESSAGES.failed };
}

export type ProgressAnswer = { completions: Completion[]; error: null } | { completions: Completion[]; error: string };

/** The member's completed lessons. */
export async function fetchProgress(memberId: string): Promise<ProgressAnswer> {
  const { data, error } = await dbRequest((db) => db.from('lesson_progress').select('lesson_slug, completed_at').eq('member_id', memberId));
  return error ? { completions: [], error: COURSE_MESSAGES.progressFailed } : { completions: data ?? [], error: null };
}

/**
 * Marks a lesson complete, through the outbox: sent now, or kept on the device while offline
 * (`kept`) and sent when the connection returns. Pressed twice, in two tabs, or sent again,
 * the database keeps one row: PostgREST's `on conflict do nothing` on the (member, lesson) key.
 */
export async function markLessonComplete(memberId: string, slug: string): Promise<{ error: string | null; kept?: boolean }> {
  // Loaded when a lesson is marked, not with every page that shows progress.
  const { sendOrKeep } = await import('../../core/offline/outbox-api');
  const outcome = await sendOrKeep({
    uid: memberId,
    app: 'course',
    key: `lesson_progress:${slug}`,
    op: { kind: 'upsert', table: 'lesson_progress', values: { member_id: memberId, lesson_slug: slug }, onConflict: 'member_id,lesson_slug', ignoreDuplicates: true, datedBy: 'completed_at' },
  });
  if (outcome.kind === 'kept') return { error: null, kept: true };
  return { error: outcome.kind === 'sent' ? null : COURSE_MESSAGES.markFailed };
}
