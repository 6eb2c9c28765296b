import { AppError } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';

export interface LoginThrottleOptions {
  perIp: number;
  perAccount: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface LoginAttempt {
  ip: string;
  /** The account the typed name or email resolved to, else the typed string itself. */
  subject: string;
  /** Set when the request carries this account's valid device cookie. */
  deviceId: string | null;
}

/** A place at the password check; say how it went so the budgets count failures only. */
export interface LoginTicket {
  succeeded(): Promise<void>;
}

const ACCOUNT_MESSAGE = 'Too many failed login attempts for this account.';

/** The wait before the `failures`-th check past an account's budget: doubling, capped. */
export function slowLaneDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Who may reach the password check, per account rather than per typed string (decision 0016):
 * - a browser with the account's device cookie: always, within a budget of its own;
 * - anyone else: within the per-address, per-account-and-address and per-account budgets;
 * - past the account's budget, an address that has not used up its own may still try, but its
 *   check waits first, one at a time per account, each wait doubling with the failures; a check
 *   that would wait longer than the maximum is refused with 429 and Retry-After.
 * Every attempt is counted before the check and refunded when it succeeds, so concurrent
 * requests cannot all slip under a budget at once.
 */
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly options: LoginThrottleOptions,
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {}

  async admit(attempt: LoginAttempt): Promise<LoginTicket> {
    const { limiter, options } = this;
    const accountKey = `login:account:${attempt.subject}`;

    if (attempt.deviceId) {
      const deviceKey = `login:device:${attempt.subject}:${attempt.deviceId}`;
      if ((await limiter.retryAfter(deviceKey, options.perAccount)) === 0) {
        return this.reserve([deviceKey, accountKey]);
      }
    }

    await limiter.consume(
      `login:ip:${attempt.ip}`,
      options.perIp,
      'Too many login attempts from this address.',
    );
    const addressKey = `login:account-ip:${attempt.subject}:${attempt.ip}`;
    await limiter.assertUnder(addressKey, options.perAccount, ACCOUNT_MESSAGE);
    const failures = await limiter.count(accountKey);
    if (failures < options.perAccount) return this.reserve([addressKey, accountKey], addressKey);

    const delay = await this.reserveSlowCheck(attempt.subject, failures - options.perAccount);
    const ticket = await this.reserve([addressKey, accountKey], addressKey);
    await this.wait(delay);
    return ticket;
  }

  /** Counts the attempt now; a success takes it back (and clears `clearOnSuccess`, the address's count). */
  private async reserve(keys: string[], clearOnSuccess?: string): Promise<LoginTicket> {
    await Promise.all(keys.map((key) => this.limiter.hit(key)));
    return {
      succeeded: async () => {
        await Promise.all(keys.map((key) => this.limiter.refund(key)));
        if (clearOnSuccess) await this.limiter.reset(clearOnSuccess);
      },
    };
  }

  /**
   * Books the next check for `subject` after the ones already booked (by any instance sharing the
   * limiter's Redis); returns the wait in ms.
   */
  private async reserveSlowCheck(subject: string, failuresPastBudget: number): Promise<number> {
    const { baseDelayMs, maxDelayMs } = this.options;
    const slot = await this.limiter.bookSlot(
      `login:slow:${subject}`,
      slowLaneDelay(failuresPastBudget, baseDelayMs, maxDelayMs),
      maxDelayMs,
    );
    if ('waitMs' in slot) return slot.waitMs;
    const seconds = Math.max(1, Math.ceil(slot.refusedMs / 1000));
    throw AppError.rateLimited(
      `${ACCOUNT_MESSAGE} Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      seconds,
    );
  }
}
