import { tributesAwaitingApproval } from '@rips/shared/kinds';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { MemorialRow } from '../memorials/memorials.policy.js';
import { managersToTell } from '../stewardship/stewardship.repository.js';
import * as repo from './pending-tributes.repository.js';

/**
 * Managers hear of tributes awaiting their approval in digests, at most one an hour for a
 * memorial (decision 0106): the first tribute to wait schedules one at once, and those left
 * within the hour after a digest went out wait for the next, due an hour after it. The digest
 * counts what still waits when it runs, so tributes approved meanwhile are not announced.
 */
export const TRIBUTE_DIGEST_JOB = 'tribute-digest';
export const DIGEST_INTERVAL_MS = 3_600_000;
/** The digest names who left the oldest of the waiting tributes, this many at most. */
const NAMES_SHOWN = 10;

/**
 * Called in the transaction that stores a tribute waiting for approval: schedules the memorial's
 * next digest unless one is already due (it will count this tribute too). The memorial's digest
 * row is locked meanwhile, so two tributes at once schedule one digest.
 */
export async function notifyAwaitingApproval(
  ctx: AppContext,
  tx: Db,
  memorial: Pick<MemorialRow, 'id'>,
): Promise<void> {
  const digest = await repo.lockDigest(tx, memorial.id);
  if (digest.dueAt) return;
  const now = ctx.now().getTime();
  const due = Math.max(now, (digest.lastSentAt?.getTime() ?? 0) + DIGEST_INTERVAL_MS);
  await repo.setDigest(tx, memorial.id, { dueAt: new Date(due) });
  await ctx.jobs.send(
    tx,
    TRIBUTE_DIGEST_JOB,
    { memorialId: memorial.id },
    { startAfterSeconds: (due - now) / 1000 },
  );
}

/** "Ann Lee", "Ann Lee and Bo Kim", "Ann Lee, Bo Kim and others". */
function namesInASentence(names: string[], more: boolean): string {
  const list = [...new Set(names)];
  if (more) return `${list.join(', ')} and others`;
  if (list.length === 1) return list[0]!;
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/**
 * The digest job: once its time has come (by the site's clock; a job taken early is put back),
 * it counts what waits and mails each manager once, or nobody when nothing waits any more. The
 * row's due time is cleared in the same transaction as the mails are queued, so a job that is
 * retried after it committed sends nothing twice.
 */
export async function sendTributeDigest(ctx: AppContext, memorialId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const title = await repo.memorialTitle(tx, memorialId);
    if (title === undefined) return;
    const digest = await repo.lockDigest(tx, memorialId);
    if (!digest.dueAt) return;
    const now = ctx.now();
    const early = digest.dueAt.getTime() - now.getTime();
    if (early > 0) {
      await ctx.jobs.send(
        tx,
        TRIBUTE_DIGEST_JOB,
        { memorialId },
        { startAfterSeconds: early / 1000 },
      );
      return;
    }
    const count = await repo.pendingCount(tx, memorialId);
    await repo.setDigest(tx, memorialId, {
      dueAt: null,
      lastSentAt: count > 0 ? now : digest.lastSentAt,
    });
    if (count === 0) return;
    const names = await repo.pendingAuthors(tx, memorialId, NAMES_SHOWN);
    const what = `${tributesAwaitingApproval(count)} on the memorial of ${title}`;
    const link = `${ctx.config.publicUrl}/post/${memorialId}/manage/moderation`;
    for (const person of await managersToTell(tx, memorialId)) {
      await ctx.mail.enqueue(tx, {
        to: person.email,
        subject: what,
        text: [
          `Hello ${person.fullName},`,
          '',
          `${what}, left by ${namesInASentence(names, count > names.length)}.`,
          `${count === 1 ? 'It shows' : 'They show'} to others once you or another manager approves ${count === 1 ? 'it' : 'them'}:`,
          link,
          '',
          'You get at most one of these emails an hour for this memorial.',
          '',
          `Why you got this: you look after this memorial as its ${person.role}, and it asks for`,
          'approval of flowers and prayers before they appear.',
          '',
          'Rips Memorial',
        ].join('\n'),
      });
    }
  });
}

/** Registers the digest job; before the queue starts. */
export function defineTributeDigestJob(ctx: AppContext): void {
  ctx.jobs.define(
    TRIBUTE_DIGEST_JOB,
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 300 },
    async (data) => {
      const { memorialId } = data as { memorialId: string };
      await sendTributeDigest(ctx, memorialId);
    },
  );
}
