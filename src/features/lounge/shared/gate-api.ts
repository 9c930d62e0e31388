/**
 * A Lounge app's gated content (its premium content, served only to members who have the app)
 * through the content gate's client, with a failure as a value rather than a throw, so an app
 * reads it beside its rows (./load.tsx's `openAll`). The failure's message is the gate's own:
 * how to get the app, say, or that the server could not be reached.
 */
import { fetchGated } from '../../../core/content-gate-api';

/** The content gate's answer for one item of an app, or the error that stopped it. */
export function gatedAnswer<T>(app: string, item: string): Promise<{ data: T; error: null } | { data: null; error: Error }> {
  return fetchGated<T>(app, item).then(
    (data) => ({ data, error: null }),
    (error: Error) => ({ data: null, error }),
  );
}

/** One item of an app's gated content (the `data` of the gate's answer), or the error that stopped it. */
export async function gatedItem<T>(app: string, item: string): Promise<{ data: T; error: null } | { data: null; error: Error }> {
  const answer = await gatedAnswer<{ data: T }>(app, item);
  return answer.error ? answer : { data: answer.data.data, error: null };
}
