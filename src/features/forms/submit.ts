/**
 * Turns a submission into the outcome a form shows: the database's answer mapped to the
 * form's message, and an exception (a failed download, a bug) to its "unexpected" message.
 */
import type { FailureMessages } from './messages';
import type { Outcome } from './machine';

/** A limit was reached (the function's or the platform's 429). */
export const RATE_LIMITED_MESSAGE = 'Too many submissions. Please wait a few minutes and try again.';

/**
 * What the data layer answers for a submission: success, or an error code (the database's, or
 * the forms function's outcome code) and, when the server worded it, the message to show.
 */
export type InsertResult = { ok: true } | { ok: false; code: string | null; message?: string };

export async function settle(run: () => Promise<InsertResult>, messages: FailureMessages): Promise<Outcome> {
  try {
    const result = await run();
    if (result.ok) return { ok: true };
    if (result.code === 'limited') return { ok: false, message: RATE_LIMITED_MESSAGE };
    return { ok: false, message: result.message ?? messages.database(result.code) };
  } catch (error) {
    console.error('Form submission failed unexpectedly:', error);
    return { ok: false, message: messages.exception };
  }
}
