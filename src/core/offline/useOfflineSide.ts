/**
 * Starts the offline side (./worker-api.ts: the service worker, the outbox's sending) from the
 * islands of the pages that work offline: the dashboard, a Lounge room's frame and a lesson.
 * Their code downloads then, once per page; the course's outline and a visitor's pages carry
 * none of it (once registered, the worker serves every member page, the outline among them).
 */
import { useEffect } from 'react';
import { $session } from '../session/store';

const signedInMember = (): string | null => {
  const session = $session.get();
  return session.status === 'signedIn' ? session.user.id : null;
};

export function useOfflineSide(active = true): void {
  useEffect(() => {
    if (active) void import('./worker-api').then(({ startOffline }) => startOffline(signedInMember));
  }, [active]);
}
