import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ErrorCode } from '@rips/shared/api';
import type { ImportJob } from '@rips/shared/archives';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { isUuid } from '../../lib/ids.js';
import { newStorageKey } from '../../media/image-store.js';
import { assertDiskRoom } from '../../storage/local-storage.js';
import { requireCanCreateMemorial } from '../memorials/memorials.policy.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import {
  findImport,
  findOwnImport,
  findUnfinishedImport,
  insertImport,
  updateImport,
  type ImportRow,
} from './imports.repository.js';
import {
  openArchive,
  planImport,
  receiveArchive,
  removeImportedMemorial,
  runImport,
} from './memorial-import.js';

/**
 * Imports run as jobs (docs/decisions/0080-imports-as-jobs.md): the request checks what is cheap
 * to check (caps, manifest, memorial.json, quotas) and answers 202; the job verifies every file
 * and writes the memorial in short batches, so no request waits on it.
 */
export const IMPORT_JOB = 'memorial-import';

interface ImportJobData {
  importId: string;
  storageKey: string;
}

export const IMPORT_NOT_FOUND = 'This import was not found.';
const IMPORT_FAILED =
  'The archive could not be imported because of a problem on our side. Please try again later.';

const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/'));

function alreadyImporting(id: string | undefined): AppError {
  return new AppError(
    409,
    ErrorCode.Conflict,
    `You are already importing an archive${id ? ` (import ${id})` : ''}. Please wait until it is done before starting another.`,
  );
}

async function tempDir(ctx: AppContext): Promise<string> {
  const root = path.join(ctx.config.dataDir, 'tmp');
  await mkdir(root, { recursive: true, mode: 0o700 });
  return mkdtemp(path.join(root, 'import-'));
}

/**
 * Accepts an archive for import by `user` and queues its job; answers the job's id. Refused
 * before the body is read: someone who may not create memorials (403), a member over their
 * import budget (429) or with an import unfinished (409), a disk too full to spool it (507).
 * Refused after reading it, before anything is stored: what `planImport` refuses (422, 403).
 */
export async function startImport(
  ctx: AppContext,
  user: UserRow,
  request: FastifyRequest,
): Promise<string> {
  requireCanCreateMemorial(user);
  await ctx.limiter.consume(
    `create:imports:user:${user.id}`,
    ctx.config.IMPORT_LIMIT_PER_USER,
    'You have started many imports in a short time.',
  );
  const unfinished = await findUnfinishedImport(ctx.db, user.id);
  if (unfinished) throw alreadyImporting(unfinished.id);
  const declared = Math.min(
    Number(request.headers['content-length']) || 0,
    ctx.config.IMPORT_MAX_BYTES,
  );
  const dir = await tempDir(ctx);
  try {
    await assertDiskRoom(dir, declared, ctx.config.MIN_FREE_DISK_BYTES);
    const file = path.join(dir, 'archive.zip');
    await receiveArchive(ctx, request, file);
    const zip = await openArchive(ctx, file);
    try {
      await planImport(ctx, user, zip);
    } finally {
      zip.close();
    }
    const id = randomUUID();
    // In storage, not on this instance's disk: the job may run on another instance, or after a restart.
    const storageKey = `${newStorageKey('imports')}/archive.zip`;
    await ctx.storage.put(storageKey, createReadStream(file));
    try {
      await ctx.db.transaction(async (tx) => {
        await insertImport(tx, { id, userId: user.id, storageKey });
        await ctx.jobs.send(tx, IMPORT_JOB, { importId: id, storageKey } satisfies ImportJobData);
      });
    } catch (error) {
      await ctx.storage.deletePrefix(folderOf(storageKey)).catch(() => undefined);
      // Two imports sent at once: the second meets the first in the one-at-a-time index.
      if (uniqueViolation(error) !== null) {
        throw alreadyImporting((await findUnfinishedImport(ctx.db, user.id))?.id);
      }
      throw error;
    }
    return id;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function presentImport(row: ImportRow): ImportJob {
  return {
    jobId: row.id,
    state: row.state,
    reason: row.state === 'failed' ? row.reason : null,
    memorialId: row.state === 'done' ? row.memorialId : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Where an import stands, for the member who started it; "not found" for anyone else. */
export async function importStatus(ctx: AppContext, user: UserRow, id: string): Promise<ImportJob> {
  const row = isUuid(id) ? await findOwnImport(ctx.db, id, user.id) : undefined;
  if (!row) throw AppError.notFound(IMPORT_NOT_FOUND);
  return presentImport(row);
}

/** Copies the stored archive to a local file: a ZIP is read from a file, entries out of order. */
async function fetchArchive(ctx: AppContext, storageKey: string, file: string): Promise<void> {
  const object = await ctx.storage.get(storageKey);
  if (!object) {
    throw new AppError(
      410,
      ErrorCode.NotFound,
      'The uploaded archive is no longer on the server. Please import it again.',
    );
  }
  await pipeline(object.stream, createWriteStream(file, { mode: 0o600 }));
}

/**
 * The import job: verifies and restores the archive, then records `done` with the memorial, or
 * `failed` with the reason (the member's archive refused, in the words a request would have
 * answered). The stored archive goes either way. An attempt cut short by a restart is retried
 * by the queue; its half-made memorial is removed first.
 */
export function defineImportJob(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define(
    IMPORT_JOB,
    { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 3600 },
    async (data, job) => {
      const { importId, storageKey } = data as ImportJobData;
      const row = await findImport(ctx.db, importId);
      if (row && (row.state === 'queued' || row.state === 'running')) {
        if (row.memorialId) await removeImportedMemorial(ctx.db, row.memorialId);
        await updateImport(ctx.db, importId, { state: 'running', memorialId: null });
        const dir = await tempDir(ctx);
        try {
          const user = await findUserById(ctx.db, row.userId);
          if (!user || user.disabledAt) throw AppError.forbidden();
          requireCanCreateMemorial(user);
          const file = path.join(dir, 'archive.zip');
          await fetchArchive(ctx, storageKey, file);
          const zip = await openArchive(ctx, file);
          try {
            await runImport(ctx, user, zip, {
              created: (tx, memorialId) => updateImport(tx, importId, { memorialId }),
              finished: (tx, memorialId) =>
                updateImport(tx, importId, { state: 'done', memorialId }),
            });
          } finally {
            zip.close();
          }
        } catch (error) {
          const refused = error instanceof AppError && error.statusCode < 500;
          if (!refused) {
            log.warn(
              { jobId: job.id, err: { code: (error as { code?: unknown }).code } },
              'a memorial import failed',
            );
          }
          await updateImport(ctx.db, importId, {
            state: 'failed',
            reason: refused ? error.message : IMPORT_FAILED,
          });
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
      await ctx.storage.deletePrefix(folderOf(storageKey));
    },
  );
}
