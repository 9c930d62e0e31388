/**
 * The notices of a coach's change, sent at once by the coach's function that made it: the
 * database queued one per registrant with the change (./coaching.ts), and this sends the queued
 * ones now, for a few seconds at most. Whatever is left, or fails, is the hourly run's; a failure
 * here never fails the coach's request (one log line, no address).
 */
import type { AdminDb } from '../../../../../netlify/functions/_shared/supabase';
import { Upstream } from '../../../../../netlify/functions/_shared/log';
import type { Outbox } from '../../../../../netlify/functions/_shared/email/outbox';

/** How long a coach's request keeps sending notices. */
export const NOTICE_SECONDS = 6;

export async function sendChangeNotices(db: AdminDb, outbox: Outbox): Promise<void> {
  try {
    await outbox.sendQueued(db, { kind: 'coaching_change', deadline: Date.now() + NOTICE_SECONDS * 1000 });
  } catch (error) {
    console.error(`[email] the change notices are left for the next run: ${error instanceof Upstream ? error.detail : String(error)}`);
  }
}

/**
 * The seat offers the database queued when a seat came free (a member gave theirs back, the
 * coach added seats), sent now by the function the member or the coach called afterwards, for a
 * few seconds at most: whose ever they are (each goes to the member it was offered to). What is
 * left, or fails, is the hourly run's; a failure never fails the caller's request.
 */
export async function sendSeatOffers(db: AdminDb, outbox: Outbox): Promise<void> {
  try {
    await outbox.sendQueued(db, { kind: 'coaching_seat_offer', deadline: Date.now() + NOTICE_SECONDS * 1000 });
  } catch (error) {
    console.error(`[email] the seat offers are left for the next run: ${error instanceof Upstream ? error.detail : String(error)}`);
  }
}
