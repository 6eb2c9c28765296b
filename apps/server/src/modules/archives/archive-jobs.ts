import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { archiveDownloads } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { newStorageKey } from '../../media/image-store.js';
import type { StoredObject } from '../../storage/storage.js';
import { findExportableMemorial } from '../memorials/memorials.policy.js';
import { findUserById } from '../users/users.repository.js';
import { archiveFileName, writeMemorialArchive } from './memorial-export.js';
import { ZipSink } from './zip-sink.js';

export const ARCHIVE_JOB = 'memorial-archive';
/** Hours an emailed archive link stays valid; it works once. */
export const ARCHIVE_LINK_HOURS = 72;
export const ARCHIVE_LINK_GONE =
  'This download link has expired or was already used. Ask for a new archive from the memorial page.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface ArchiveJob {
  memorialId: string;
  userId: string;
}

/** Asks for a memorial's archive by email: the job is stored with nothing else to change. */
export async function requestArchive(ctx: AppContext, memorialId: string, userId: string) {
  await ctx.jobs.send(ctx.db, ARCHIVE_JOB, { memorialId, userId } satisfies ArchiveJob);
}

/**
 * Builds the archive into storage (under `exports/`, streamed: memory stays bounded), then
 * stores its single-use link (the token hashed) and queues the mail with it, in one transaction.
 * A memorial deleted or no longer the member's in the meantime gets no archive.
 */
export function defineArchiveJob(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define(
    ARCHIVE_JOB,
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 3600 },
    async (data, job) => {
      const { memorialId, userId } = data as ArchiveJob;
      const user = await findUserById(ctx.db, userId);
      if (!user || user.disabledAt) return;
      const memorial = await findExportableMemorial(ctx.db, memorialId, user).catch(() => null);
      if (!memorial) return;
      const key = `${newStorageKey('exports')}/archive.zip`;
      const sink = new ZipSink();
      const stored = ctx.storage.put(key, sink.output);
      try {
        await writeMemorialArchive(ctx, sink, memorial);
        sink.end();
        await stored;
      } catch (error) {
        sink.fail(error instanceof Error ? error : new Error('archive failed'));
        await stored.catch(() => undefined);
        await ctx.storage.delete(key).catch(() => undefined);
        log.warn({ jobId: job.id }, 'a memorial archive could not be built; it will be retried');
        throw error;
      }
      const object = await ctx.storage.get(key);
      object?.stream.destroy();
      const token = randomBytes(32).toString('base64url');
      const link = `${ctx.config.publicUrl}/exports/download?token=${token}`;
      await ctx.db.transaction(async (tx) => {
        await tx.insert(archiveDownloads).values({
          memorialId: memorial.id,
          userId: user.id,
          tokenHash: hashToken(token),
          storageKey: key,
          sizeBytes: object?.size ?? 0,
          fileName: archiveFileName(memorial),
          expiresAt: new Date(Date.now() + ARCHIVE_LINK_HOURS * 3600_000),
        });
        await ctx.mail.enqueue(tx, {
          to: user.email,
          subject: `The archive of ${memorial.title} is ready`,
          text: [
            `Hello ${user.fullName},`,
            '',
            `The archive of the memorial "${memorial.title}" is ready: every field, tribute, photo and document, in one ZIP that opens in any browser without our site.`,
            '',
            `Download it here (the link works once, for ${ARCHIVE_LINK_HOURS} hours):`,
            link,
            '',
            'If you did not ask for it, you can ignore this message.',
          ].join('\n'),
        });
      });
    },
  );
}

/**
 * Opens an emailed archive for download and spends its link, in one statement: a link works
 * once, and only until it expires. The stored archive goes once it has been sent.
 */
export async function openArchiveDownload(
  ctx: AppContext,
  token: string,
): Promise<{ fileName: string; object: StoredObject; done: () => Promise<void> }> {
  const [row] = await ctx.db
    .update(archiveDownloads)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(archiveDownloads.tokenHash, hashToken(token)),
        isNull(archiveDownloads.usedAt),
        gt(archiveDownloads.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw AppError.notFound(ARCHIVE_LINK_GONE);
  const object = await ctx.storage.get(row.storageKey);
  if (!object) throw AppError.notFound(ARCHIVE_LINK_GONE);
  const folder = row.storageKey.slice(0, row.storageKey.lastIndexOf('/'));
  return {
    fileName: row.fileName,
    object,
    done: () => ctx.storage.deletePrefix(folder),
  };
}
