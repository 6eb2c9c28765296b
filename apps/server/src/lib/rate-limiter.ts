import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from '../errors.js';

/** Limits are given per call, not per limiter: the store itself never refuses. */
const UNBOUNDED = 1_000_000_000;

export interface RateLimiterOptions {
  windowMs: number;
  /** Counts shared by every instance on this Redis; unset: this process's memory. */
  redisUrl?: string;
  /** Prefix of every key written to Redis, so sites (and test runs) can share one server. */
  keyPrefix?: string;
  /** Told when Redis fails and counts fall back to this process's memory (no key, no value). */
  onRedisError?: (error: Error) => void;
}

/**
 * Fixed-window counters through rate-limiter-flexible: in this process's memory by default, in
 * Redis when `REDIS_URL` is set, so every instance spends one budget (decision 0041). A key that
 * passes its limit is refused until its window ends, so nobody is locked out for good. If Redis
 * cannot be reached, counting goes on in memory rather than failing the request.
 */
export class RateLimiter {
  private readonly store: RateLimiterAbstract;
  private readonly redis: Redis | null;
  private readonly keyPrefix: string;
  /** Booked slots (see `bookSlot`) when there is no Redis, by key: when the last one starts. */
  private readonly slots = new Map<string, number>();

  constructor(
    options: RateLimiterOptions,
    /** The clock callers read for their own time maths (minute buckets, login waits). */
    public now: () => number = () => Date.now(),
  ) {
    const duration = Math.max(1, Math.round(options.windowMs / 1000));
    const memory = new RateLimiterMemory({ points: UNBOUNDED, duration });
    this.keyPrefix = options.keyPrefix ?? 'rips:';
    if (!options.redisUrl) {
      this.redis = null;
      this.store = memory;
      return;
    }
    // No offline queue: while Redis is away a call fails at once and the memory store answers.
    this.redis = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
    });
    this.redis.on('error', (error: Error) => options.onRedisError?.(error));
    this.store = new RateLimiterRedis({
      storeClient: this.redis,
      points: UNBOUNDED,
      duration,
      keyPrefix: `${this.keyPrefix}limit`,
      insuranceLimiter: memory,
    });
  }

  /** The key's current window, or null when it has none (never counted, or its window ended). */
  private async current(key: string): Promise<RateLimiterRes | null> {
    const res = await this.store.get(key);
    if (!res || res.msBeforeNext <= 0) return null;
    return res;
  }

  /** Seconds until `key` may try again, or 0 when it is under `limit`. */
  async retryAfter(key: string, limit: number): Promise<number> {
    const window = await this.current(key);
    if (!window || window.consumedPoints < limit) return 0;
    return Math.max(1, Math.ceil(window.msBeforeNext / 1000));
  }

  async hit(key: string): Promise<void> {
    await this.store.consume(key, 1);
  }

  /**
   * Counts an attempt, refusing it with 429 when the key is already at its limit. Counted first
   * and taken back when refused, so concurrent requests (on any instance) cannot all slip under.
   */
  async consume(key: string, limit: number, message: string): Promise<void> {
    const res = await this.store.consume(key, 1);
    if (res.consumedPoints <= limit) return;
    await this.store.reward(key, 1);
    throw tooMany(message, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
  }

  async assertUnder(key: string, limit: number, message: string): Promise<void> {
    const wait = await this.retryAfter(key, limit);
    if (wait > 0) throw tooMany(message, wait);
  }

  /** Takes back one counted attempt (one that turned out not to be a failure). */
  async refund(key: string): Promise<void> {
    if ((await this.count(key)) > 0) await this.store.reward(key, 1);
  }

  /** Attempts counted for `key` in its current window. */
  async count(key: string): Promise<number> {
    return (await this.current(key))?.consumedPoints ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(key);
  }

  /**
   * Books the next slot of `key`, `gapMs` after the last one booked (or after now), for work that
   * must run one at a time, spaced out: answers how long the caller waits for its slot, or, when
   * that would be longer than `maxWaitMs`, books nothing and answers `{ refusedMs }`, how far past
   * the maximum it was. Shared through Redis, on its clock, when Redis is configured.
   */
  async bookSlot(
    key: string,
    gapMs: number,
    maxWaitMs: number,
  ): Promise<{ waitMs: number } | { refusedMs: number }> {
    if (this.redis) {
      try {
        const waitMs = Number(
          await this.redis.eval(BOOK_SLOT, 1, `${this.keyPrefix}slot:${key}`, gapMs, maxWaitMs),
        );
        return waitMs < 0 ? { refusedMs: -waitMs - maxWaitMs } : { waitMs };
      } catch {
        // Redis is away: this instance books on its own, as without Redis.
      }
    }
    const now = this.now();
    const startsAt = Math.max(now, this.slots.get(key) ?? 0) + gapMs;
    const waitMs = startsAt - now;
    if (waitMs > maxWaitMs) return { refusedMs: waitMs - maxWaitMs };
    this.slots.set(key, startsAt);
    if (this.slots.size > 10_000) {
      for (const [slot, at] of this.slots) if (at <= now) this.slots.delete(slot);
    }
    return { waitMs };
  }

  close(): void {
    this.redis?.disconnect();
  }
}

/**
 * KEYS[1]: the slot key; ARGV: gap and maximum wait in ms. Redis's own clock, so instances with
 * skewed clocks agree. Answers the wait, or minus the wait that was too long (nothing booked).
 */
const BOOK_SLOT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local booked = tonumber(redis.call('GET', KEYS[1]) or '0')
local starts = math.max(now, booked) + tonumber(ARGV[1])
local wait = starts - now
if wait > tonumber(ARGV[2]) then return -wait end
redis.call('SET', KEYS[1], starts, 'PX', wait + 1000)
return wait
`;

function tooMany(message: string, seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  return AppError.rateLimited(
    `${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    seconds,
  );
}
