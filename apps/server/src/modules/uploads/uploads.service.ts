import type { CreationBudget } from '@rips/shared/kinds';
import type { AppContext } from '../../context.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { formatBytes } from '../../media/images.js';
import { uploadUsage, type UploadScope } from './uploads.repository.js';

/**
 * What a member creates that is rate-limited per member, each with its own budget per window: one
 * entry per budget of the shared list of kinds (a budget without its setting does not compile).
 */
const CREATIONS: Record<CreationBudget, { limit: (config: Config) => number; message: string }> = {
  flowers: {
    limit: (config: Config) => config.FLOWER_LIMIT_PER_USER,
    message: 'You have left many flowers in a short time.',
  },
  prayers: {
    limit: (config: Config) => config.PRAYER_LIMIT_PER_USER,
    message: 'You have said many prayers in a short time.',
  },
  // One candle per memorial per day is its own rule (decision 0111); this bounds a member's
  // candles across many memorials.
  candles: {
    limit: (config: Config) => config.CANDLE_LIMIT_PER_USER,
    message: 'You have lit many candles in a short time.',
  },
  // Photos, memorabilia and documents share one budget: they are one gallery upload form.
  uploads: {
    limit: (config: Config) => config.UPLOAD_LIMIT_PER_USER,
    message: 'You have uploaded many files in a short time.',
  },
};

export type Creation = CreationBudget;

/**
 * Counts one creation by `userId`, refusing it with 429 and Retry-After once the member is over
 * the budget for this window. Called before the request body is read, so a refusal costs nothing.
 */
export async function consumeCreation(
  ctx: AppContext,
  userId: string,
  creation: Creation,
): Promise<void> {
  const { limit, message } = CREATIONS[creation];
  await ctx.limiter.consume(`create:${creation}:user:${userId}`, limit(ctx.config), message);
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The two upload quotas, the memorial's and the member's, each with its limits and the words that
 * refuse an upload: the count reached, the bytes reached, or this file too large for what is left.
 */
const QUOTAS = [
  {
    usage: 'memorial',
    maxCount: (config: Config) => config.MEMORIAL_UPLOAD_QUOTA_COUNT,
    maxBytes: (config: Config) => config.MEMORIAL_UPLOAD_QUOTA_BYTES,
    countReached: (limit: string) => `This memorial already holds ${limit} uploads, its limit.`,
    bytesReached: (limit: string) => `This memorial already holds ${limit} of uploads, its limit.`,
    fileTooLarge: (limit: string) =>
      `This file would take this memorial past its limit of ${limit} of uploads.`,
  },
  {
    usage: 'user',
    maxCount: (config: Config) => config.USER_UPLOAD_QUOTA_COUNT,
    maxBytes: (config: Config) => config.USER_UPLOAD_QUOTA_BYTES,
    countReached: (limit: string) => `You have already uploaded ${limit} files, your limit.`,
    bytesReached: (limit: string) => `You have already uploaded ${limit}, your limit.`,
    fileTooLarge: (limit: string) =>
      `This file would take your uploads past your limit of ${limit}.`,
  },
] as const;

/**
 * Refuses (403 QUOTA_EXCEEDED, naming the limit) an upload of `byteSize` bytes that would take
 * the memorial or the member past an upload quota. Runs before any byte is written.
 */
export async function assertUploadRoom(
  ctx: AppContext,
  scope: UploadScope,
  byteSize: number,
): Promise<void> {
  const usage = await uploadUsage(ctx.db, scope);
  const makeRoom = 'Removing older uploads makes room.';
  for (const quota of QUOTAS) {
    const used = usage[quota.usage];
    const maxCount = quota.maxCount(ctx.config);
    const maxBytes = quota.maxBytes(ctx.config);
    if (used.count >= maxCount) {
      throw AppError.quotaExceeded(`${quota.countReached(count(maxCount))} ${makeRoom}`);
    }
    if (used.bytes + byteSize > maxBytes) {
      const refusal = used.bytes >= maxBytes ? quota.bytesReached : quota.fileTooLarge;
      throw AppError.quotaExceeded(`${refusal(formatBytes(maxBytes))} ${makeRoom}`);
    }
  }
}
