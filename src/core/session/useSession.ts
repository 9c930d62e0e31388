/** The session in a React island: followed from mount, `unknown` until hydrated. */
import { useStore } from '../ui/useStore';
import { useEffect } from 'react';
import type { Session } from './user';
import { $session, watchSession } from './store';

/**
 * The session for an island: starts following it on mount and renders `unknown` during
 * hydration (as on the server), so no island ever shows the wrong state first.
 */
export function useSession(options: { loadAuth?: boolean } = {}): Session {
  const loadAuth = options.loadAuth ?? false;
  useEffect(() => {
    void watchSession({ loadAuth });
  }, [loadAuth]);
  return useStore($session, { ssr: 'initial' });
}
