/**
 * Turns a submission into the outcome a form shows: the database's answer mapped to the
 * form's message, and an exception (a failed download, a bug) to its "unexpected" message.
 */
import type { FailureMessages } from './messages';
import type { Outcome } from './machine';

/** What the data layer answers for an insert: success, or the database's error code. */
export type InsertResult = { ok: true } | { ok: false; code: string | null };

export async function settle(run: () => Promise<InsertResult>, messages: FailureMessages): Promise<Outcome> {
  try {
    const result = await run();
    return result.ok ? { ok: true } : { ok: false, message: messages.database(result.code) };
  } catch (error) {
    console.error('Form submission failed unexpectedly:', error);
    return { ok: false, message: messages.exception };
  }
}
