import { charitiesOf } from '../timeline/timeline.service.js';
import { hash } from 'node:crypto';
import QRCode from 'qrcode';
import type { PosterSize } from '@rips/shared/memorials';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { findVisibleMemorial, type MemorialRow } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import { posterDates, renderPoster } from './poster.js';
import { printPicture } from './print-picture.js';
import { findShownByShortCode } from './share.repository.js';
import { normalizeShortCode, shortUrl } from './short-links.js';

/**
 * Moves on when the QR or poster layout changes, so cached copies are asked for again (2: the
 * poster draws every script it has a font for, decision 0100).
 */
const LAYOUT_VERSION = 2;

/** The memorial behind a short code when its page shows the viewer something; null otherwise. */
export async function resolveShortCode(
  ctx: AppContext,
  input: string,
  viewer: UserRow | null,
): Promise<string | null> {
  const code = normalizeShortCode(input);
  if (!code) return null;
  return findShownByShortCode(ctx.db, code, viewer);
}

/**
 * A short link followed from `address`: the memorial it leads to, or null (an unknown code, and
 * one whose memorial shows the viewer nothing, alike). Links that lead nowhere are counted per
 * address and minute; once an address has used its budget, every lookup from it is refused until
 * the minute ends, those that would lead somewhere too, or the refusals themselves would tell a
 * guesser which codes exist. Links that lead somewhere are never counted (decision 0086).
 */
export async function followShortLink(
  ctx: AppContext,
  input: string,
  viewer: UserRow | null,
  address: string,
): Promise<string | null> {
  return withinMissBudget(ctx, address, () => resolveShortCode(ctx, input, viewer));
}

/**
 * `lookUp` of something behind a short code (the memorial, its calendar feed), within the
 * address's budget of codes that lead nowhere (see `followShortLink`).
 */
export async function withinMissBudget<T>(
  ctx: AppContext,
  address: string,
  lookUp: () => Promise<T | null>,
): Promise<T | null> {
  const now = ctx.limiter.now();
  const minute = Math.floor(now / 60_000);
  const key = `short-link-misses:${address}:${minute}`;
  if ((await ctx.limiter.count(key)) >= ctx.config.SHORT_LINK_MISSES_PER_MINUTE_PER_IP) {
    throw AppError.rateLimited(
      'Too many links that lead to no memorial were tried from your address. Please wait a minute and try again.',
      Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000)),
    );
  }
  const found = await lookUp();
  if (found === null) await ctx.limiter.hit(key);
  return found;
}

export interface ShareFile {
  memorial: MemorialRow;
  /** A strong validator: the memorial's last change, its link and what is asked for. */
  etag: string;
}

/** The memorial a QR code or poster is asked for ("not found" when the viewer may not see it). */
export async function shareFile(
  ctx: AppContext,
  id: string,
  viewer: UserRow | null,
  variant: string,
): Promise<ShareFile> {
  const memorial = await findVisibleMemorial(ctx.db, id, viewer);
  const version = [
    LAYOUT_VERSION,
    variant,
    memorial.updatedAt.toISOString(),
    shortUrl(ctx.config.publicUrl, memorial.shortCode),
  ].join('\n');
  return { memorial, etag: `"${hash('sha1', version, 'base64url')}"` };
}

export function qrSvg(ctx: AppContext, memorial: MemorialRow): Promise<string> {
  return QRCode.toString(shortUrl(ctx.config.publicUrl, memorial.shortCode), {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
  });
}

/** 512 px square: crisp on a phone's screen and in print at a few centimetres. */
export function qrPng(ctx: AppContext, memorial: MemorialRow): Promise<Buffer> {
  return QRCode.toBuffer(shortUrl(ctx.config.publicUrl, memorial.shortCode), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 512,
  });
}

export async function poster(
  ctx: AppContext,
  memorial: MemorialRow,
  size: PosterSize,
): Promise<Buffer> {
  return renderPoster(
    {
      name: memorial.title,
      dates: posterDates(memorial.dateOfBirth, memorial.deathDate),
      posterLine: memorial.posterLine,
      shortUrl: shortUrl(ctx.config.publicUrl, memorial.shortCode),
      // Poster photos print up to about 13 cm wide: 1,000 px is enough.
      photo: await printPicture(ctx, memorial, 1000),
      changedAt: memorial.updatedAt,
      charities: await charitiesOf(ctx, memorial),
    },
    size,
  );
}
