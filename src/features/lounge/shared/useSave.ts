/**
 * Saving what a member wrote, shared by the Lounge apps: a save never loses the text. The
 * state says what happened ("saving", "saved", "kept" on this device until the connection
 * returns (the outbox: src/core/offline/outbox-api.ts), or "failed" with a message the member
 * reads); the text stays in the form (the app keeps it in its own state) and Retry runs the
 * same save again. Nothing here logs what the member wrote.
 */
import { useCallback, useRef, useState } from 'react';
import { browserOnline, dbFailureKind } from '../../../core/db/result';
import { sendOrKeep } from '../../../core/offline/outbox-api';
import type { OutboxEntry } from '../../../core/offline/outbox';

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'kept' } | { status: 'failed'; message: string };

/** A save's answer: null when it worked, KEPT when it waits on the device, else the failure's message. */
export const KEPT = 'kept' as const;
export type SaveAnswer = string | null | typeof KEPT;

/**
 * What went wrong, as the member reads it: never the database's own words, except for a cap on
 * the member's rows, whose message the database's rule carries for the member (src/core/db/result.ts).
 */
export const SAVE_MESSAGES = {
  offline: 'You seem to be offline, so this was not saved yet. Your words are still here: press Retry when you are back online.',
  failed: 'This could not be saved just now. Your words are still here: press Retry.',
  tooLong: 'This is longer than the app can keep. Please shorten it, then save again.',
  notSignedIn: 'Your sign-in has expired, so this was not saved. Your words are still here: sign in again in another tab, then press Retry.',
} as const;

/** The message for a failed save (the kind of failure: src/core/db/result.ts). */
export function saveFailureMessage(error: { code?: string | null; message?: string } | null, online = browserOnline()): string {
  switch (dbFailureKind(error ? { code: error.code ?? null } : null, online)) {
    case 'offline':
      return SAVE_MESSAGES.offline;
    case 'limit':
      return error?.message || SAVE_MESSAGES.failed;
    case 'tooLong':
      return SAVE_MESSAGES.tooLong;
    case 'signedOut':
      return SAVE_MESSAGES.notSignedIn;
    default:
      return SAVE_MESSAGES.failed;
  }
}

/**
 * Sends one write through the outbox: sent now, or kept on the device when the database cannot
 * be reached (sent, once, when the connection returns). Answers as a save's `run` does; `theirs`
 * (the other device's newer page kept) is the app's to word: `conflict`.
 */
export async function sendThroughOutbox(entry: Omit<OutboxEntry, 'savedAt'>, conflict = SAVE_MESSAGES.failed): Promise<SaveAnswer> {
  const outcome = await sendOrKeep(entry);
  switch (outcome.kind) {
    case 'sent':
      return null;
    case 'kept':
      return KEPT;
    case 'theirs':
      return conflict;
    case 'offline':
      return SAVE_MESSAGES.offline;
    default:
      return saveFailureMessage({ code: outcome.code, message: outcome.message });
  }
}

/**
 * A save action with its state. `run` resolves to null when it worked, KEPT when it waits on
 * the device, or to the failure's message; `retry()` runs the last save again. `save` answers
 * true unless it failed (kept counts: the words are safe).
 */
export function useSave(): { state: SaveState; save: (run: () => Promise<SaveAnswer>) => Promise<boolean>; retry: () => Promise<boolean>; reset: () => void } {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const last = useRef<(() => Promise<SaveAnswer>) | null>(null);
  const save = useCallback(async (run: () => Promise<SaveAnswer>) => {
    last.current = run;
    setState({ status: 'saving' });
    let message: SaveAnswer;
    try {
      message = await run();
    } catch {
      message = saveFailureMessage(null);
    }
    setState(message === KEPT ? { status: 'kept' } : message ? { status: 'failed', message } : { status: 'saved' });
    return message === null || message === KEPT;
  }, []);
  const retry = useCallback(() => (last.current ? save(last.current) : Promise.resolve(false)), [save]);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, save, retry, reset };
}
