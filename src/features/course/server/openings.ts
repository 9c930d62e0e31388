/**
 * A member who opened a paid lesson of the course, counted for the owner's numbers ("Members who
 * opened a lesson", docs/decisions/owner.md): the content gate serves a paid lesson only to a
 * signed-in member with access, and then calls this (given to it by
 * netlify/functions/_registry/gated-content.ts, as commerce's gate imports no course code).
 * public.course_count_opening keeps a hash of the member and the Berlin month, once
 * (supabase/migrations/20261210100000_course_openings.sql). Free previews and lessons the
 * service worker answers offline never reach the gate: they are not counted.
 */
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import { Upstream } from '../../../../netlify/functions/_shared/log';

/** How long the lesson may wait for the count: past it the lesson is served and the count logged as lost. */
export const OPENING_WAIT_MS = 1500;

/** Counts `memberId` once in the Berlin month of `at`; an Upstream error when the database did not. */
export async function countCourseOpening(memberId: string, at: Date): Promise<void> {
  const { error } = await supabaseAdmin()
    .rpc('course_count_opening', { member: memberId, opened_at: at.toISOString() })
    .abortSignal(AbortSignal.timeout(OPENING_WAIT_MS));
  if (error) throw new Upstream('The opening was not counted.', describeDbError('course_count_opening', error));
}
