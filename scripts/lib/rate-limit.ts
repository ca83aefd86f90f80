/**
 * A per-address limit on requests: at most `max` in any `windowMs` (a sliding window
 * of timestamps per key). Memory stays bounded: keys whose window has passed are
 * dropped as they are met, and past MAX_KEYS the oldest keys go first.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

const MAX_KEYS = 10_000;

export interface Limiter {
  /** Counts a request from `key`: 0 when allowed, or the seconds to wait before the next one is. */
  take(key: string, now?: number): number;
}

export function rateLimiter({ max, windowMs }: RateLimit): Limiter {
  const seen = new Map<string, number[]>();
  return {
    take(key, now = Date.now()) {
      const times = (seen.get(key) ?? []).filter((t) => now - t < windowMs);
      if (times.length >= max) {
        seen.set(key, times);
        return Math.max(1, Math.ceil((times[0]! + windowMs - now) / 1000));
      }
      times.push(now);
      seen.delete(key); // re-inserted last: Map order is then the order of last use
      seen.set(key, times);
      if (seen.size > MAX_KEYS) seen.delete(seen.keys().next().value!);
      return 0;
    },
  };
}
