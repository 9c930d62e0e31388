/**
 * The current time for an island that changes at known instants (a join link that opens an hour
 * before a session, and closes at its end): `next(now)` names the next such instant, and the
 * island renders again then, without polling.
 */
import { useEffect, useState } from 'react';

/** setTimeout's largest delay; a later instant is reached in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export function useNow(next: (now: number) => number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const at = next(now);
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(at - Date.now(), 0) + 20, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [at, now]);
  return now;
}
