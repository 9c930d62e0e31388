/**
 * A sliding-window rate limiter with an injected clock: at most `limit` hits per key within any
 * `windowMs`. Pure (no timers, no I/O), so a test can send 500 requests "in a minute" by moving
 * the clock. Memory is bounded: each key keeps at most `limit` timestamps, and beyond `maxKeys`
 * the least recently used keys are forgotten (a forgotten key starts afresh, which only errs on
 * the side of letting a visitor through).
 *
 * On serverless functions each warm instance has its own limiter, so this is a second line
 * behind the platform's limit (Netlify's `rateLimit`, shared across instances), not a
 * replacement for it.
 */
export interface RateLimit {
  /** Hits allowed per window. */
  limit: number;
  /** The window, in milliseconds. */
  windowMs: number;
}

export interface RateLimiter {
  /** Records a hit for `key` and says whether it is within the limit (a refused hit is not recorded). */
  take(key: string): boolean;
  /** Keys currently remembered. */
  size(): number;
}

export function createRateLimiter({ limit, windowMs, now = Date.now, maxKeys = 10_000 }: RateLimit & { now?: () => number; maxKeys?: number }): RateLimiter {
  const hits = new Map<string, number[]>();
  return {
    take(key) {
      const t = now();
      const recent = (hits.get(key) ?? []).filter((at) => t - at < windowMs);
      // Re-inserting moves the key to the end: the Map's order is least recently used first.
      hits.delete(key);
      if (recent.length >= limit) {
        hits.set(key, recent);
        return false;
      }
      recent.push(t);
      hits.set(key, recent);
      while (hits.size > maxKeys) {
        const oldest = hits.keys().next().value;
        if (oldest === undefined) break;
        hits.delete(oldest);
      }
      return true;
    },
    size: () => hits.size,
  };
}
