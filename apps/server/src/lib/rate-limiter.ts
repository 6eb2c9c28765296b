import { AppError } from '../errors.js';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in memory. A key that passes its limit is refused until its
 * window ends, so nobody is locked out for good. One process serves the product, so memory is
 * the right place; a multi-process deployment would move this to Postgres or Redis.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly windowMs: number,
    /** The clock; a test may replace it to step past a window instead of waiting it out. */
    public now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is under `limit`. */
  retryAfter(key: string, limit: number): number {
    const window = this.current(key);
    if (!window || window.count < limit) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
  }

  hit(key: string): void {
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.windows.size > 100_000) this.prune();
  }

  /** Counts an attempt, refusing it with 429 when the key is already over its limit. */
  consume(key: string, limit: number, message: string): void {
    this.assertUnder(key, limit, message);
    this.hit(key);
  }

  assertUnder(key: string, limit: number, message: string): void {
    const wait = this.retryAfter(key, limit);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      throw AppError.rateLimited(
        `${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        wait,
      );
    }
  }

  /** Takes back one counted attempt (one that turned out not to be a failure). */
  refund(key: string): void {
    const window = this.current(key);
    if (window && window.count > 0) window.count -= 1;
  }

  /** Attempts counted for `key` in its current window. */
  count(key: string): number {
    return this.current(key)?.count ?? 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
