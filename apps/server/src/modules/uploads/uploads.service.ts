import type { AppContext } from '../../context.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { formatBytes } from '../../media/images.js';
import { uploadUsage, type UploadScope } from './uploads.repository.js';

/** What a member creates that is rate-limited per member, each with its own budget per window. */
const CREATIONS = {
  flowers: {
    limit: (config: Config) => config.FLOWER_LIMIT_PER_USER,
    message: 'You have left many flowers in a short time.',
  },
  prayers: {
    limit: (config: Config) => config.PRAYER_LIMIT_PER_USER,
    message: 'You have said many prayers in a short time.',
  },
  // Photos, memorabilia and documents share one budget: they are one gallery upload form.
  uploads: {
    limit: (config: Config) => config.UPLOAD_LIMIT_PER_USER,
    message: 'You have uploaded many files in a short time.',
  },
} as const;

export type Creation = keyof typeof CREATIONS;

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
 * Refuses (403 QUOTA_EXCEEDED, naming the limit) an upload of `byteSize` bytes that would take
 * the memorial or the member past an upload quota. Runs before any byte is written.
 */
export async function assertUploadRoom(
  ctx: AppContext,
  scope: UploadScope,
  byteSize: number,
): Promise<void> {
  const { config } = ctx;
  const usage = await uploadUsage(ctx.db, scope);
  const memorialBytes = formatBytes(config.MEMORIAL_UPLOAD_QUOTA_BYTES);
  const userBytes = formatBytes(config.USER_UPLOAD_QUOTA_BYTES);
  const makeRoom = 'Removing older uploads makes room.';
  if (usage.memorial.count >= config.MEMORIAL_UPLOAD_QUOTA_COUNT) {
    throw AppError.quotaExceeded(
      `This memorial already holds ${count(config.MEMORIAL_UPLOAD_QUOTA_COUNT)} uploads, its limit. ${makeRoom}`,
    );
  }
  if (usage.memorial.bytes + byteSize > config.MEMORIAL_UPLOAD_QUOTA_BYTES) {
    throw AppError.quotaExceeded(
      usage.memorial.bytes >= config.MEMORIAL_UPLOAD_QUOTA_BYTES
        ? `This memorial already holds ${memorialBytes} of uploads, its limit. ${makeRoom}`
        : `This file would take this memorial past its limit of ${memorialBytes} of uploads. ${makeRoom}`,
    );
  }
  if (usage.user.count >= config.USER_UPLOAD_QUOTA_COUNT) {
    throw AppError.quotaExceeded(
      `You have already uploaded ${count(config.USER_UPLOAD_QUOTA_COUNT)} files, your limit. ${makeRoom}`,
    );
  }
  if (usage.user.bytes + byteSize > config.USER_UPLOAD_QUOTA_BYTES) {
    throw AppError.quotaExceeded(
      usage.user.bytes >= config.USER_UPLOAD_QUOTA_BYTES
        ? `You have already uploaded ${userBytes}, your limit. ${makeRoom}`
        : `This file would take your uploads past your limit of ${userBytes}. ${makeRoom}`,
    );
  }
}
