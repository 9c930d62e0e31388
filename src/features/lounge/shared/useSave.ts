/**
 * Saving what a member wrote, shared by the Lounge apps: a save never loses the text. The
 * state says what happened ("saving", "saved", or "failed" with a message the member reads);
 * the text stays in the form (the app keeps it in its own state) and Retry runs the same save
 * again. Nothing here logs what the member wrote.
 */
import { useCallback, useRef, useState } from 'react';
import { browserOnline, dbFailureKind } from '../../../core/db/result';

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'failed'; message: string };

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
 * A save action with its state. `run` resolves to null when it worked or to the failure's
 * message; `retry()` runs the last save again.
 */
export function useSave(): { state: SaveState; save: (run: () => Promise<string | null>) => Promise<boolean>; retry: () => Promise<boolean>; reset: () => void } {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const last = useRef<(() => Promise<string | null>) | null>(null);
  const save = useCallback(async (run: () => Promise<string | null>) => {
    last.current = run;
    setState({ status: 'saving' });
    let message: string | null;
    try {
      message = await run();
    } catch {
      message = saveFailureMessage(null);
    }
    setState(message ? { status: 'failed', message } : { status: 'saved' });
    return message === null;
  }, []);
  const retry = useCallback(() => (last.current ? save(last.current) : Promise.resolve(false)), [save]);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, save, retry, reset };
}
