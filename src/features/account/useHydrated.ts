/** Whether a React island is live yet (false on the server and while it hydrates). */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates, true once the island is live. Forms keep their
 * fields read-only and their buttons disabled until then, so nothing typed or clicked before
 * hydration is lost (or sent by the browser as a plain form submission).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
