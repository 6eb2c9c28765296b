import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@rips/shared/api';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { newStorageKey } from '../../media/image-store.js';
import type { StoredObject } from '../../storage/storage.js';
import { findExportableMemorial, type MemorialRow } from '../memorials/memorials.policy.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import {
  completeArchiveRequest,
  deleteArchiveRequests,
  expiredArchives,
  findArchiveRequest,
  findWaitingArchive,
  insertArchiveRequest,
  spendArchiveLink,
  type ArchiveRequestRow,
  type ArchiveSubject,
} from './archive.repository.js';
import {
  memorialBytes,
  takeoutBytes,
  takeoutFileName,
  writeMemberData,
} from './archives.service.js';
import { archiveFileName, writeMemorialArchive } from './memorial-export.js';
import { ZipSink } from './zip-sink.js';

export const ARCHIVE_JOB = 'memorial-archive';
/** Removes expired archives with their files, every EXPORT_SWEEP_SECONDS. */
export const ARCHIVE_SWEEP_JOB = 'archive-sweep';
/** Hours an emailed archive link stays valid; it works once. */
export const ARCHIVE_LINK_HOURS = 72;
/** Hours an archive asked for may take to be built before the request is given up and removed. */
export const ARCHIVE_BUILD_HOURS = 24;
/** Archives removed per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;
export const ARCHIVE_LINK_GONE =
  'This download link has expired or was already used. Ask for a new archive from the memorial page.';
export const ARCHIVE_DISK_FULL =
  'The server is running out of space, so the archive cannot be prepared now. Please try again later.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const hours = (now: Date, count: number) => new Date(now.getTime() + count * 3600_000);

interface ArchiveJob {
  downloadId?: string;
  /** Jobs queued before requests were recorded carry the memorial and member instead. */
  memorialId?: string;
  userId?: string;
}

/** What an emailed archive is of, read for building it: the memorial (as its member may export it). */
type Resolved = { kind: 'memorial'; memorial: MemorialRow } | { kind: 'takeout' };

/**
 * A long date and time in words, for messages, as the site writes dates (the web app's
 * lib/long-date.ts): "November 27, 2026, 2:47 AM UTC".
 */
function when(date: Date): string {
  const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}

/** The stored bytes an archive of `subject` will hold, about: what the disk must have room for. */
async function estimatedBytes(ctx: AppContext, user: UserRow, subject: Resolved) {
  return subject.kind === 'memorial'
    ? memorialBytes(ctx, subject.memorial)
    : takeoutBytes(ctx, user);
}

/** 507 unless the disk has room for `bytes` more above MIN_FREE_DISK_BYTES. */
async function assertRoom(ctx: AppContext, bytes: number): Promise<void> {
  try {
    await ctx.storage.assertRoomFor?.(bytes);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 507) {
      throw AppError.insufficientStorage(ARCHIVE_DISK_FULL);
    }
    throw error;
  }
}

/** Removes archives (their files first, then their rows). */
async function removeArchives(ctx: AppContext, rows: ArchiveRequestRow[]): Promise<void> {
  for (const row of rows) {
    if (row.storageKey) {
      await ctx.storage.deletePrefix(row.storageKey.slice(0, row.storageKey.lastIndexOf('/')));
    }
  }
  await deleteArchiveRequests(
    ctx.db,
    rows.map((r) => r.id),
  );
}

/** Expired archives removed with their files (or only `userId`'s); answers how many went. */
export async function sweepArchives(ctx: AppContext, userId?: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await expiredArchives(ctx.db, ctx.now(), SWEEP_BATCH, userId);
    await removeArchives(ctx, rows);
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) return removed;
  }
}

/** The 409 naming the archive already waiting for the member. */
function pendingArchive(row: ArchiveRequestRow | undefined, what: string): AppError {
  const state = !row
    ? 'is already on its way to you.'
    : row.tokenHash
      ? `was emailed to you; its link works once, until ${when(row.expiresAt)}.`
      : `is being prepared, asked for on ${when(row.createdAt)}; a link will be emailed to you when it is ready.`;
  return new AppError(
    409,
    ErrorCode.ArchivePending,
    `${what} ${state} Use that one; you can ask for another once it is downloaded or has expired.`,
  );
}

/**
 * Asks for an archive by email: refused with 409 while one of the same subject is waiting for
 * the member, and with 507 when the disk lacks room for it. The request row and its job are
 * stored together; the job builds the archive and mails its link.
 */
export async function requestArchive(
  ctx: AppContext,
  user: UserRow,
  subject: Resolved,
): Promise<void> {
  const key: ArchiveSubject =
    subject.kind === 'memorial'
      ? { kind: 'memorial', memorialId: subject.memorial.id }
      : { kind: 'takeout' };
  const what =
    subject.kind === 'memorial' ? `The archive of “${subject.memorial.title}”` : 'Your data';
  // The member's own expired archives go first, so they do not count as waiting.
  await sweepArchives(ctx, user.id);
  const waiting = await findWaitingArchive(ctx.db, user.id, key);
  if (waiting) throw pendingArchive(waiting, what);
  await assertRoom(ctx, await estimatedBytes(ctx, user, subject));
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await insertArchiveRequest(
        tx,
        user.id,
        key,
        hours(ctx.now(), ARCHIVE_BUILD_HOURS),
      );
      await ctx.jobs.send(tx, ARCHIVE_JOB, { downloadId: row.id } satisfies ArchiveJob);
    });
  } catch (error) {
    // Two requests at once: the database lets one through.
    if (uniqueViolation(error) !== 'archive_downloads_pending_key') throw error;
    throw pendingArchive(await findWaitingArchive(ctx.db, user.id, key), what);
  }
}

/** The request a job builds; a job queued before requests were recorded makes its own. */
async function requestOfJob(ctx: AppContext, data: ArchiveJob) {
  if (data.downloadId) return findArchiveRequest(ctx.db, data.downloadId);
  if (!data.memorialId || !data.userId) return undefined;
  const subject = { kind: 'memorial' as const, memorialId: data.memorialId };
  return insertArchiveRequest(
    ctx.db,
    data.userId,
    subject,
    hours(ctx.now(), ARCHIVE_BUILD_HOURS),
  ).catch(() => undefined);
}

/**
 * Builds the archive into storage (under `exports/`, streamed: memory stays bounded), then
 * stores its single-use link (the token hashed) and queues the mail with it, in one transaction.
 * A request removed meanwhile (expired and swept), a memorial deleted or no longer the member's,
 * or a member gone gets no archive.
 */
export function defineArchiveJob(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define(
    ARCHIVE_JOB,
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 3600 },
    async (data, job) => {
      const request = await requestOfJob(ctx, data as ArchiveJob);
      if (!request || request.tokenHash || request.usedAt) return;
      const user = await findUserById(ctx.db, request.userId);
      const memorial =
        user && !user.disabledAt && request.memorialId
          ? await findExportableMemorial(ctx.db, request.memorialId, user).catch(() => null)
          : null;
      const subject: Resolved | null =
        !user || user.disabledAt
          ? null
          : request.kind === 'takeout'
            ? { kind: 'takeout' }
            : memorial
              ? { kind: 'memorial', memorial }
              : null;
      if (!user || !subject) {
        await deleteArchiveRequests(ctx.db, [request.id]);
        return;
      }
      // The disk is short: the request is given up and the member told, so they may ask again
      // later (retrying would hold their one waiting archive for nothing).
      const room = await assertRoom(ctx, await estimatedBytes(ctx, user, subject)).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.statusCode === 507) return false;
          throw error;
        },
      );
      if (!room) {
        await ctx.db.transaction(async (tx) => {
          await deleteArchiveRequests(tx, [request.id]);
          await ctx.mail.enqueue(tx, {
            to: user.email,
            subject:
              subject.kind === 'memorial'
                ? `The archive of ${subject.memorial.title} could not be prepared`
                : 'Your data could not be prepared',
            text: [
              `Hello ${user.fullName},`,
              '',
              'The server is running out of space, so the archive you asked for could not be prepared. Please ask for it again later.',
            ].join('\n'),
          });
        });
        log.warn({ jobId: job.id }, 'an archive was not built: the disk is short of space');
        return;
      }
      const key = `${newStorageKey('exports')}/archive.zip`;
      const folder = key.slice(0, key.lastIndexOf('/'));
      const sink = new ZipSink();
      const stored = ctx.storage.put(key, sink.output);
      try {
        if (subject.kind === 'memorial') await writeMemorialArchive(ctx, sink, subject.memorial);
        else await writeMemberData(ctx, sink, user);
        sink.end();
        await stored;
      } catch (error) {
        sink.fail(error instanceof Error ? error : new Error('archive failed'));
        await stored.catch(() => undefined);
        await ctx.storage.deletePrefix(folder).catch(() => undefined);
        log.warn({ jobId: job.id }, 'an archive could not be built; it will be retried');
        throw error;
      }
      const object = await ctx.storage.get(key);
      object?.stream.destroy();
      const token = randomBytes(32).toString('base64url');
      // In the fragment: the browser never sends it, so no log or Referer holds the token.
      const link = `${ctx.config.publicUrl}/exports/download#token=${token}`;
      const now = ctx.now();
      const fileName =
        subject.kind === 'memorial'
          ? archiveFileName(subject.memorial)
          : takeoutFileName(user, now);
      const completed = await ctx.db.transaction(async (tx) => {
        const done = await completeArchiveRequest(tx, request.id, {
          tokenHash: hashToken(token),
          storageKey: key,
          sizeBytes: object?.size ?? 0,
          fileName,
          expiresAt: hours(now, ARCHIVE_LINK_HOURS),
        });
        if (!done) return false;
        await ctx.mail.enqueue(tx, {
          to: user.email,
          subject:
            subject.kind === 'memorial'
              ? `The archive of ${subject.memorial.title} is ready`
              : 'Your data from Rips Memorial is ready',
          text: [
            `Hello ${user.fullName},`,
            '',
            subject.kind === 'memorial'
              ? `The archive of the memorial "${subject.memorial.title}" is ready: every field, tribute, photo and document, in one ZIP that opens in any browser without our site.`
              : 'Your data is ready: your profile, your Life Legacy, everything you left on memorials and the archive of each memorial you own, in one ZIP.',
            '',
            `Download it here (the link works once, for ${ARCHIVE_LINK_HOURS} hours):`,
            link,
            '',
            'If you did not ask for it, you can ignore this message.',
          ].join('\n'),
        });
        return true;
      });
      // The request was removed while the archive was built: its file goes too.
      if (!completed) await ctx.storage.deletePrefix(folder);
    },
  );
}

/** The periodic sweep of expired archives, on the job queue (docs/decisions/0082). */
export function defineArchiveSweep(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.every(ARCHIVE_SWEEP_JOB, ctx.config.EXPORT_SWEEP_SECONDS, async () => {
    const removed = await sweepArchives(ctx);
    if (removed > 0) log.info({ removed }, 'expired archives removed');
  });
}

/**
 * Opens an emailed archive for download and spends its link, in one statement: a link works
 * once, and only until it expires. The stored archive goes once it has been sent.
 */
export async function openArchiveDownload(
  ctx: AppContext,
  token: string,
): Promise<{ fileName: string; object: StoredObject; done: () => Promise<void> }> {
  const row = await spendArchiveLink(ctx.db, hashToken(token), ctx.now());
  if (!row?.storageKey) throw AppError.notFound(ARCHIVE_LINK_GONE);
  const object = await ctx.storage.get(row.storageKey);
  if (!object) throw AppError.notFound(ARCHIVE_LINK_GONE);
  const folder = row.storageKey.slice(0, row.storageKey.lastIndexOf('/'));
  return {
    fileName: row.fileName ?? 'archive.zip',
    object,
    done: () => ctx.storage.deletePrefix(folder),
  };
}
