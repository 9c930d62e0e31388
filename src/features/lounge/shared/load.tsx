/**
 * Opening a Lounge app: every app reads what it opens with (the member's rows, the app's gated
 * content through ./gate-api.ts) through `useLoad`, which reads when the app mounts (a read that
 * answers after the app is gone changes nothing), `retry` reads again from "loading", and the
 * app updates what is loaded after a save with `setLoad`. `openAll` reads rows and content at
 * once and says the first failure in the member's words (when nothing answered at all, that
 * the app has not been opened on this device yet: offline, an app opened once reads from the
 * service worker's caches); `LoadFailed` is the message with Try again.
 */
import { useCallback, useEffect, useState } from 'react';
import { DB_CODES } from '../../../core/db/result';
import { MEMBER_API_MESSAGES } from '../../../core/member-api';

/** Offline, for an app whose rows or content were never read on this device. */
export const NOT_ON_THIS_DEVICE =
  'You seem to be offline, and this app has not been opened on this device yet, so there is nothing of it here to show. It opens as soon as you are back online; nothing you saved is lost.';

export type Loaded<R> = { status: 'loading' } | { status: 'failed'; message: string } | ({ status: 'ready' } & R);

export function useLoad<R>(read: () => Promise<Loaded<R>>) {
  const [load, setLoad] = useState<Loaded<R>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void read().then((next) => live && setLoad(next));
    return () => {
      live = false;
    };
  }, [read]);
  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    void read().then(setLoad);
  }, [read]);
  return { load, setLoad, retry };
}

/** A read's answer: the rows of the database client, or an item of the content gate. */
type Answer = { data: unknown; error: { message: string; code?: string | null } | null };
type Reads = Record<string, Promise<Answer>>;
type Values<T extends Reads> = { [K in keyof T]: NonNullable<Awaited<T[K]>['data']> };

/**
 * Reads the member's `rows` and the app's gated `content` at once (every read starts now).
 * Ready with every value; failed with NOT_ON_THIS_DEVICE when a read got no answer at all (and
 * the service worker had none kept), with `messages.rows` when a row read failed (the database's
 * own words are never shown), else with the gate's message (how to get the app, say) or
 * `messages.content`.
 */
export async function openAll<R extends Reads, C extends Reads = Record<never, never>>(
  reads: { rows: R; content?: C },
  messages: { rows: string; content?: string },
): Promise<Loaded<Values<R> & Values<C>>> {
  const settled = (group: Reads) => Promise.all(Object.entries(group).map(async ([key, answer]) => [key, await answer] as const));
  const [rows, content] = await Promise.all([settled(reads.rows), settled(reads.content ?? {})]);
  const unanswered = [...rows, ...content].some(([, r]) => r.error?.code === DB_CODES.network || r.error?.message === MEMBER_API_MESSAGES.unreachable);
  if (unanswered) return { status: 'failed', message: NOT_ON_THIS_DEVICE };
  if (rows.some(([, r]) => r.error || !r.data)) return { status: 'failed', message: messages.rows };
  const failed = content.find(([, c]) => c.error || !c.data);
  if (failed) return { status: 'failed', message: failed[1].error?.message ?? messages.content ?? messages.rows };
  return { status: 'ready', ...(Object.fromEntries([...rows, ...content].map(([key, r]) => [key, r.data])) as Values<R> & Values<C>) };
}

/** A failed read's message, and Try again. `className` gives it the look of where it stands. */
export function LoadFailed({ message, onRetry, className = 'card p-6 text-center' }: { message: string; onRetry: () => void; className?: string }) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-outline mt-4" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
