/**
 * A copy in the family's hands every year (docs/decisions/0126-yearly-copy.md): once a year, on
 * the anniversary of the memorial's creation, and at each change of owner, its owner, managers,
 * named successor and confirmed addresses receive a fresh archive by a single-use link, unless
 * they opted out. Every copy is a row of `yearly_copies` (unique per memorial, recipient and
 * period) inserted in the transaction that queues its job: never twice, and a run stopped half-way
 * resumes where it was.
 */
import { createHash, randomBytes } from 'node:crypto';
import { setImmediate as turn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { newStorageKey } from '../../media/image-store.js';
import { memorialBytes } from '../archives/archives.service.js';
import { archiveFileName, writeMemorialArchive } from '../archives/memorial-export.js';
import { ZipSink } from '../archives/zip-sink.js';
import { findUserById } from '../users/users.repository.js';
import * as repo from './yearly-copies.repository.js';
import { CopyStopTokens, stopUrl, yearlyCopyMail } from './yearly-copy-mail.js';

export const YEARLY_COPY_SWEEP_JOB = 'yearly-copy-sweep';
export const YEARLY_COPY_JOB = 'yearly-copy';
/** Days the copy's link works (once): a yearly mail may be read late. */
export const COPY_LINK_DAYS = 14;
/**
 * A copy whose job was queued this long ago and is still unsent (its retries spent while the
 * disk was short, or its job lost) is queued again by the sweep.
 */
const REQUEUE_AFTER_MS = 86_400_000;
/** Unsent copies queued again per sweep. */
const REQUEUE_BATCH = 200;

const DAY_MS = 86_400_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Inserts a copy for each recipient and queues its job, in `tx`; a recipient who already has a
 * copy of this period gets none. Answers how many were queued.
 */
export async function queueCopies(
  ctx: AppContext,
  tx: Db,
  memorialId: string,
  period: string,
  reason: repo.CopyReason,
  recipients: repo.Recipient[],
): Promise<number> {
  let queued = 0;
  for (const recipient of recipients) {
    const row = await repo.insertCopy(tx, {
      memorialId,
      recipient,
      period,
      reason,
      queuedAt: ctx.now(),
    });
    if (!row) continue;
    await ctx.jobs.send(tx, YEARLY_COPY_JOB, { copyId: row.id });
    queued += 1;
  }
  return queued;
}

/** At a change of owner (in its transaction): the new owner and the successor get a copy. */
export async function queueOwnerChangeCopies(
  ctx: AppContext,
  tx: Db,
  memorialId: string,
  newOwnerId: string,
): Promise<void> {
  const recipients = await repo.recipientsOf(tx, memorialId, { owner: true });
  await queueCopies(
    ctx,
    tx,
    memorialId,
    `owner:${newOwnerId}:${ctx.now().toISOString()}`,
    'owner',
    recipients,
  );
}

/**
 * One run: the memorials whose year came round, a batch at a time (other work gets a turn
 * between batches); then the copies still unsent long after their job was queued, queued again.
 */
export async function sweepYearlyCopies(ctx: AppContext): Promise<number> {
  let queued = 0;
  const batch = ctx.config.YEARLY_COPY_BATCH;
  for (;;) {
    const due = await repo.memorialsDue(ctx.db, ctx.now(), batch);
    for (const { memorialId, period } of due) {
      queued += await ctx.db.transaction(async (tx) => {
        if (!(await repo.claimRun(tx, memorialId, period))) return 0;
        const recipients = await repo.recipientsOf(tx, memorialId);
        return queueCopies(ctx, tx, memorialId, period, 'yearly', recipients);
      });
    }
    if (due.length < batch) break;
    await turn();
  }
  const now = ctx.now();
  for (const row of await repo.staleCopies(
    ctx.db,
    new Date(now.getTime() - REQUEUE_AFTER_MS),
    REQUEUE_BATCH,
  )) {
    await ctx.db.transaction(async (tx) => {
      await repo.markQueued(tx, row.id, now);
      await ctx.jobs.send(tx, YEARLY_COPY_JOB, { copyId: row.id });
    });
  }
  return queued;
}

/**
 * The operator's "send a copy of every memorial now" (`npm run send-copies`, for a site that
 * closes): a copy for every recipient of every memorial, period `now:<date>`. It needs no job
 * queue of its own: its rows are stored as queued long ago, so the server's next sweep queues
 * their jobs. Answers how many copies were added.
 */
export async function queueCopiesNow(
  ctx: Pick<AppContext, 'db' | 'now'>,
  batch = 200,
): Promise<number> {
  const period = `now:${ctx.now().toISOString().slice(0, 10)}`;
  let added = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await repo.memorialIdsAfter(ctx.db, after, batch);
    for (const memorialId of ids) {
      added += await ctx.db.transaction(async (tx) => {
        let count = 0;
        for (const recipient of await repo.recipientsOf(tx, memorialId)) {
          const row = await repo.insertCopy(tx, {
            memorialId,
            recipient,
            period,
            reason: 'now',
            queuedAt: new Date(0),
          });
          if (row) count += 1;
        }
        return count;
      });
    }
    if (ids.length < batch) return added;
    after = ids.at(-1)!;
  }
}

/** Whom the copy goes to, checked when it is sent; null when they no longer receive it. */
async function addresseeOf(ctx: AppContext, copy: repo.CopyRow, memorial: repo.MemorialRecord) {
  if (copy.userId) {
    const user = await findUserById(ctx.db, copy.userId);
    if (!user || user.disabledAt || user.deletedAt) return null;
    if (await repo.isOptedOut(ctx.db, memorial.id, user.id)) return null;
    if (!(await repo.receivesByRight(ctx.db, memorial, user.id))) return null;
    return { email: user.email, greeting: `Hello ${user.fullName}`, holder: user.id };
  }
  if (copy.addressId) {
    const address = await repo.liveAddress(ctx.db, copy.addressId);
    if (!address) return null;
    return { email: address.email, greeting: 'Hello', holder: address.addedBy };
  }
  return null;
}

const WHY: Record<repo.CopyReason, string> = {
  yearly:
    'We send it once a year to the owner, the managers and the successor of the memorial, so that the family always holds a copy of its own.',
  owner:
    'We send it because the memorial has a new owner, so that the family always holds a copy of its own.',
  now: 'We send it to every owner, manager and successor of a memorial, so that the family holds a copy of its own.',
};

/**
 * Builds and mails one copy. The recipient is checked again first (opted out, no longer owner,
 * manager or successor, or an address whose adder no longer manages: the copy ends unsent).
 * With the disk short of room the job fails and is retried (1 hour, then doubling, 5 times); if
 * the disk stays short, the sweep queues it again a day later: the copy waits, it is not lost.
 * It never counts against the member's own export budget.
 */
export function defineYearlyCopyJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define(
    YEARLY_COPY_JOB,
    { retryLimit: 5, retryDelaySeconds: 3600, expireInSeconds: 3600 },
    async (data) => {
      const copyId = (data as { copyId?: string }).copyId;
      if (!copyId) return;
      const copy = await repo.findCopy(ctx.db, copyId);
      if (!copy || copy.sentAt || copy.endedAt) return;
      const memorial = await repo.findMemorial(ctx.db, copy.memorialId);
      const to = memorial ? await addresseeOf(ctx, copy, memorial) : null;
      if (!memorial || !to) {
        await repo.markEnded(ctx.db, copy.id, ctx.now());
        return;
      }
      try {
        await ctx.storage.assertRoomFor?.(await memorialBytes(ctx, memorial));
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 507) {
          log.warn('a yearly copy waits: the disk is short of space; it will be retried');
        }
        throw error;
      }
      const key = `${newStorageKey('exports')}/archive.zip`;
      const folder = key.slice(0, key.lastIndexOf('/'));
      const sink = new ZipSink();
      const stored = ctx.storage.put(key, sink.output);
      try {
        await writeMemorialArchive(ctx, sink, memorial);
        sink.end();
        await stored;
      } catch (error) {
        sink.fail(error instanceof Error ? error : new Error('archive failed'));
        await stored.catch(() => undefined);
        await ctx.storage.deletePrefix(folder).catch(() => undefined);
        log.warn('a yearly copy could not be built; it will be retried');
        throw error;
      }
      const object = await ctx.storage.get(key);
      object?.stream.destroy();
      const token = randomBytes(32).toString('base64url');
      const now = ctx.now();
      const sent = await ctx.db.transaction(async (tx) => {
        if (!(await repo.markSent(tx, copy.id, now))) return false;
        await repo.insertCopyDownload(tx, {
          copyId: copy.id,
          userId: to.holder,
          memorialId: memorial.id,
          tokenHash: hashToken(token),
          storageKey: key,
          sizeBytes: object?.size ?? 0,
          fileName: archiveFileName(memorial),
          expiresAt: new Date(now.getTime() + COPY_LINK_DAYS * DAY_MS),
        });
        await ctx.mail.enqueue(
          tx,
          yearlyCopyMail({
            to: to.email,
            greeting: to.greeting,
            title: memorial.title,
            why: WHY[copy.reason],
            link: `${ctx.config.publicUrl}/exports/download#token=${token}`,
            linkDays: COPY_LINK_DAYS,
            stopUrl: stopUrl(
              ctx.config.publicUrl,
              new CopyStopTokens(ctx.config.jwtSecret).issue(copy.id),
            ),
          }),
        );
        return true;
      });
      if (!sent) await ctx.storage.deletePrefix(folder);
    },
  );
  ctx.jobs.every(YEARLY_COPY_SWEEP_JOB, ctx.config.YEARLY_COPY_SWEEP_SECONDS, async () => {
    const queued = await sweepYearlyCopies(ctx);
    if (queued > 0) log.info({ queued }, 'yearly copies queued');
  });
}

/**
 * The one-click stop: the token names a copy sent; its member opts out of this memorial's copy,
 * or its address is withdrawn. True when the link was whole.
 */
export async function stopByLink(ctx: AppContext, token: string): Promise<boolean> {
  const id = new CopyStopTokens(ctx.config.jwtSecret).verify(token);
  if (!id) return false;
  const copy = await repo.findCopy(ctx.db, id);
  if (!copy) return true;
  if (copy.userId) await repo.setOptOut(ctx.db, copy.memorialId, copy.userId, true);
  else if (copy.addressId) await repo.deleteAddressById(ctx.db, copy.addressId);
  return true;
}

export { DAY_MS };
