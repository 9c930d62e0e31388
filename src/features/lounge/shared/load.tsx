/**
 * Opening a Lounge app, shared by the apps that read several things at once (the member's rows
 * and the app's gated content): `useLoad` reads them when the room mounts (a read that answers
 * after the room is gone changes nothing), `retry` reads them again from "loading", and the app
 * updates what is loaded after a save with `setLoad`. `LoadFailed` is the room's message with
 * Try again; `gatedItem` is one gated item, its failure as a value.
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchGated } from '../../../core/content-gate-api';

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

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="card p-6 text-center" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-outline mt-4" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** One item of an app's gated content (`{ data }` from the content gate), or the error that stopped it. */
export function gatedItem<T>(app: string, item: string): Promise<{ data: T; error: null } | { data: null; error: Error }> {
  return fetchGated<{ data: T }>(app, item).then(
    (res) => ({ data: res.data, error: null }),
    (error: Error) => ({ data: null, error }),
  );
}
