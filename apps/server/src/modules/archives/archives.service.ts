import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ImportJob } from '@rips/shared/archives';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { ErrorCode } from '@rips/shared/api';
import { findLegacyOfUser } from '../legacy/legacy.repository.js';
import { presentLegacy } from '../legacy/legacy.presenter.js';
import { findExportableMemorial, type MemorialRow } from '../memorials/memorials.policy.js';
import { uploadUsage } from '../uploads/uploads.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { itemsLeftBy, ownedMemorials } from './archive.repository.js';
import { archiveFileName, writeMemorialArchive } from './memorial-export.js';
import { importStatus, startImport } from './import-jobs.js';
import { ZipSink } from './zip-sink.js';

export interface ZipDownload {
  fileName: string;
  stream: Readable;
}

/** Starts writing in the background; a failure mid-way breaks the download instead of ending it short. */
function streamed(
  log: FastifyBaseLogger,
  fileName: string,
  write: (sink: ZipSink) => Promise<void>,
): ZipDownload {
  const sink = new ZipSink();
  write(sink).then(
    () => sink.end(),
    (error: unknown) => {
      // A reader that left is not an error of ours; anything else is logged by code only.
      if (!sink.output.destroyed) {
        log.error(
          { err: { code: (error as { code?: unknown }).code } },
          'an archive could not be written',
        );
        sink.fail(error instanceof Error ? error : new Error('archive failed'));
      }
    },
  );
  return { fileName, stream: sink.output };
}

/** Stored bytes of the memorial's picture and everything left on it. */
export async function memorialBytes(ctx: AppContext, memorial: MemorialRow): Promise<number> {
  const usage = await uploadUsage(ctx.db, { memorialId: memorial.id, userId: memorial.ownerId });
  return usage.memorial.bytes;
}

/** Stored bytes of a member's take-out: the archives of the memorials they own. */
export async function takeoutBytes(ctx: AppContext, user: UserRow): Promise<number> {
  let total = 0;
  for (const memorial of await ownedMemorials(ctx.db, user)) {
    total += await memorialBytes(ctx, memorial);
  }
  return total;
}

/**
 * Counts one export asked for by `userId` (a download, an emailed archive, a take-out: one
 * budget), refusing it with 429 and Retry-After past EXPORT_LIMIT_PER_USER in the window.
 */
export async function countExport(ctx: AppContext, userId: string): Promise<void> {
  await ctx.limiter.consume(
    `export:user:${userId}`,
    ctx.config.EXPORT_LIMIT_PER_USER,
    'You have asked for many archives in a short time.',
  );
}

/** Counts one emailed link's download by address (the link's token is unguessable anyway). */
export async function countArchiveDownload(ctx: AppContext, ip: string): Promise<void> {
  await ctx.limiter.consume(
    `export-download:ip:${ip}`,
    ctx.config.EXPORT_LIMIT_PER_USER,
    'Too many archive downloads from this address.',
  );
}

/** 409: too large to download at once; `ask` says what to ask for by email instead. */
const tooLargeAtOnce = (what: string, ask: string) =>
  new AppError(
    409,
    ErrorCode.Conflict,
    `${what} too large to download at once. ${ask} by email instead: a download link is sent when it is ready.`,
  );

/** The memorial `user` may export, or "not found" / "forbidden" (the policy's one rule). */
export async function exportableMemorial(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
): Promise<MemorialRow> {
  return findExportableMemorial(ctx.db, memorialId, user);
}

export async function exportMemorial(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
  log: FastifyBaseLogger,
): Promise<ZipDownload> {
  const memorial = await findExportableMemorial(ctx.db, memorialId, user);
  if ((await memorialBytes(ctx, memorial)) > ctx.config.EXPORT_INLINE_MAX_BYTES) {
    throw tooLargeAtOnce('This memorial is', 'Ask for its archive');
  }
  return streamed(log, archiveFileName(memorial), async (sink) => {
    await writeMemorialArchive(ctx, sink, memorial);
  });
}

/** The take-out's file name: the member's user name and the day. */
export function takeoutFileName(user: UserRow, now: Date): string {
  return `my-data-${user.userName.replace(/[^\w-]/g, '') || 'member'}-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * A member's take-out, downloaded at once: within the same size as a memorial's archive
 * (EXPORT_INLINE_MAX_BYTES); a larger one is asked for by email (409 says so).
 */
export async function exportMemberData(
  ctx: AppContext,
  user: UserRow,
  log: FastifyBaseLogger,
): Promise<ZipDownload> {
  if ((await takeoutBytes(ctx, user)) > ctx.config.EXPORT_INLINE_MAX_BYTES) {
    throw tooLargeAtOnce('Your data is', 'Ask for it');
  }
  return streamed(log, takeoutFileName(user, ctx.now()), (sink) =>
    writeMemberData(ctx, sink, user),
  );
}

/**
 * A member's take-out: profile.json, legacy.json, tributes.json (everything they left, on any
 * memorial) and, under memorials/, the archive of every memorial they own, each with its own
 * manifest; manifest.json at the top lists every file.
 */
export async function writeMemberData(
  ctx: AppContext,
  sink: ZipSink,
  user: UserRow,
): Promise<void> {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2));
  sink.addBuffer(
    'profile.json',
    json({
      id: user.id,
      fullName: user.fullName,
      userName: user.userName,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
    }),
  );
  if (user.avatarKey) {
    const avatar = await ctx.storage.get(`${user.avatarKey}/256.webp`);
    if (avatar) await sink.addStream('avatar.webp', avatar.stream);
  }
  const legacy = await findLegacyOfUser(ctx.db, user.id);
  sink.addBuffer('legacy.json', json(legacy ? presentLegacy(legacy) : null));
  const left = await itemsLeftBy(ctx.db, user);
  sink.addBuffer(
    'tributes.json',
    json(
      left.map(({ kind, row, memorialTitle }) => ({
        kind: kind.path,
        id: row.id,
        memorial: { id: row.memorialId, title: memorialTitle },
        // Everything the member left, with whether it shows: published, pending, hidden or
        // returned to them, with the family's note (decision 0117).
        status: row.status,
        ...(row.status === 'returned' && { returnNote: row.returnNote }),
        createdAt: row.createdAt.toISOString(),
        ...kind.archive.write(row as never),
      })),
    ),
  );
  const owned = await ownedMemorials(ctx.db, user);
  for (const memorial of owned) {
    await writeMemorialArchive(ctx, sink, memorial, `memorials/${memorial.id}/`);
  }
  const manifest = {
    format: 'rips-takeout-manifest',
    version: 1,
    algorithm: 'sha256',
    files: sink.digests.map((d) => ({ path: d.path, sha256: d.sha256, size: d.size })),
  };
  sink.addBuffer('manifest.json', json(manifest));
}

/** Accepts an archive and queues its import; answers the job's id (see import-jobs.ts). */
export async function importArchive(
  ctx: AppContext,
  user: UserRow,
  request: FastifyRequest,
): Promise<string> {
  return startImport(ctx, user, request);
}

export async function importProgress(
  ctx: AppContext,
  user: UserRow,
  jobId: string,
): Promise<ImportJob> {
  return importStatus(ctx, user, jobId);
}
