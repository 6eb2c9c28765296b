import type { FastifyBaseLogger } from 'fastify';
import { FOLLOW_FREQUENCIES, type FollowFrequency } from '@rips/shared/follows';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../../mail/mailer.js';
import { SignedIds } from '../../lib/signed-ids.js';
import { escapeHtml } from '../archives/archive-html.js';
import { findVisibleMemorialRow, memorialAccess } from '../memorials/memorials.policy.js';
import { findUserById } from '../users/users.repository.js';
import { DIGEST_SOURCES, type DigestSection, type DigestWindow } from './digest-sources.js';
import * as repo from './follows.repository.js';

/*
 * Digests to followers (decision 0114). A periodic job looks for the period due (the day from
 * FOLLOW_DIGEST_HOUR UTC; the week from Monday at that hour) and mails each follow of that
 * frequency in batches. Each follow is done in one transaction that claims its ledger row
 * (follow, period) and queues the mail: a run that stops and starts again skips what was claimed
 * and mails the rest, so nobody is mailed twice for one period; the mail queue retries delivery.
 */
export const FOLLOW_DIGEST_JOB = 'follow-digests';
const DAY_MS = 86_400_000;
/** Ledger rows are kept this long after their period, then swept. */
const LEDGER_KEEP_MS = 60 * DAY_MS;
const SWEEP_BATCH = 500;

/** The period of `frequency` under way at `now`: its key in the ledger and when it began. */
export function digestPeriod(
  frequency: FollowFrequency,
  now: Date,
  hour: number,
): { key: string; start: Date } {
  let start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour);
  if (start > now.getTime()) start -= DAY_MS;
  if (frequency === 'weekly') start -= ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS;
  const date = new Date(start);
  return { key: `${frequency}:${date.toISOString().slice(0, 10)}`, start: date };
}

const unsubscribeIds = (secret: string) => new SignedIds(secret, 'rips follow unsubscribe v1');

/** The token of a follow's unsubscribe link: its id and a MAC of it under the site's secret. */
export function unsubscribeToken(secret: string, followId: string): string {
  return unsubscribeIds(secret).issue(followId);
}

/** The follow's id a token names, when its MAC is right; null for anything else. */
export function followOfToken(secret: string, token: string): string | null {
  return unsubscribeIds(secret).verify(token);
}

/** The one-click unsubscribe address (RFC 8058): a GET shows a page, a POST stops the digests. */
export function unsubscribeUrl(ctx: AppContext, followId: string): string {
  return `${ctx.config.publicUrl}/follows/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, followId)}`;
}

interface DigestLetter {
  to: string;
  name: string;
  memorialId: string;
  memorialTitle: string;
  frequency: FollowFrequency;
  followId: string;
  sections: DigestSection[];
}

/** The digest: a plain-text part and an HTML part, with the one-click unsubscribe headers. */
export function digestMail(ctx: AppContext, letter: DigestLetter): MailMessage {
  const link = `${ctx.config.publicUrl}/post/${letter.memorialId}`;
  const stop = unsubscribeUrl(ctx, letter.followId);
  const span = letter.frequency === 'daily' ? 'since yesterday' : 'this past week';
  const greeting = letter.name ? `Hello ${letter.name},` : 'Hello,';
  const intro = `Here is what was shared ${span} in memory of ${letter.memorialTitle}.`;
  const why = `You get this ${letter.frequency} email because you follow the memorial of ${letter.memorialTitle}.`;
  const more = (s: DigestSection) => s.count - s.lines.length;
  const text = [
    greeting,
    '',
    intro,
    '',
    ...letter.sections.flatMap((s) => [
      `${s.heading} (${s.count})`,
      ...s.lines.map((line) => `- ${line}`),
      ...(more(s) > 0 ? [`- and ${more(s)} more`] : []),
      '',
    ]),
    'Visit the memorial:',
    link,
    '',
    why,
    'To stop these emails, open this link and press the button:',
    stop,
    '',
    'Rips Memorial',
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html><html><body style="font-family:Georgia,serif;color:#2b2b2b;max-width:560px">',
    `<p>${e(greeting)}</p>`,
    `<p>${e(intro)}</p>`,
    ...letter.sections.map(
      (s) =>
        `<h2 style="font-size:18px">${e(s.heading)} (${s.count})</h2><ul>${s.lines
          .map((line) => `<li>${e(line)}</li>`)
          .join('')}${more(s) > 0 ? `<li>and ${more(s)} more</li>` : ''}</ul>`,
    ),
    `<p><a href="${e(link)}">Visit the memorial of ${e(letter.memorialTitle)}</a></p>`,
    `<p style="font-size:13px;color:#666">${e(why)} <a href="${e(stop)}">Stop these emails</a>.</p>`,
    '<p>Rips Memorial</p></body></html>',
  ].join('\n');
  return {
    to: letter.to,
    subject: `New in memory of ${letter.memorialTitle}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${stop}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** What one run reads once per memorial and window, whoever follows it. */
type Memo = Map<string, Promise<DigestSection[]>>;

async function sectionsFor(db: Db, window: DigestWindow, memo: Memo): Promise<DigestSection[]> {
  const key = `${window.memorialId}|${window.since.getTime()}|${window.until.getTime()}|${window.canSeeGalleries}`;
  let found = memo.get(key);
  if (!found) {
    found = (async () => {
      const parts = [];
      for (const source of DIGEST_SOURCES) parts.push(await source(db, window));
      return parts.filter((p): p is DigestSection => p !== null);
    })();
    memo.set(key, found);
  }
  return found;
}

/**
 * One follow's digest for `period`, in one transaction: the follower's right to see the memorial
 * is checked now (a follow that lost it is removed, and nothing is sent); what is new since the
 * last digest is read; the ledger row is claimed, and the mail queued with it. Answers whether a
 * mail was queued.
 */
async function sendOne(
  ctx: AppContext,
  follow: repo.FollowRow,
  period: { key: string; start: Date },
  memo: Memo,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const viewer = follow.userId ? ((await findUserById(tx, follow.userId)) ?? null) : null;
    if (follow.userId && (!viewer || viewer.deletedAt || viewer.disabledAt)) {
      await repo.deleteFollow(tx, follow.id);
      return false;
    }
    const memorial = await findVisibleMemorialRow(tx, follow.memorialId, viewer);
    if (!memorial) {
      await repo.deleteFollow(tx, follow.id);
      return false;
    }
    const access = await memorialAccess(tx, memorial, viewer);
    const since = follow.coveredUntil ?? follow.confirmedAt ?? period.start;
    const sections =
      since < period.start
        ? await sectionsFor(
            tx,
            {
              memorialId: memorial.id,
              canSeeGalleries: access.canSeeGalleries,
              since,
              until: period.start,
            },
            memo,
          )
        : [];
    const mailed = sections.length > 0;
    if (!(await repo.claimDigest(tx, follow.id, period.key, mailed))) return false;
    await repo.setCoveredUntil(tx, follow.id, period.start);
    if (!mailed) return false;
    await ctx.mail.enqueue(
      tx,
      digestMail(ctx, {
        to: viewer ? viewer.email : follow.email!,
        name: viewer ? viewer.fullName : follow.guestName,
        memorialId: memorial.id,
        memorialTitle: memorial.title,
        frequency: follow.frequency,
        followId: follow.id,
        sections,
      }),
    );
    return true;
  });
}

export interface DigestRun {
  /** Follows looked at, and digests queued (the rest had nothing new, or lost the memorial). */
  checked: number;
  mailed: number;
  /** Whether every follow due was done (false when `maxBatches` stopped the run). */
  complete: boolean;
}

/**
 * Mails every follow whose digest is due now, FOLLOW_DIGEST_BATCH follows at a time; stops after
 * `maxBatches` batches when given (a test stops a run half way). Safe to run again at any time.
 */
export async function runFollowDigests(
  ctx: AppContext,
  options: { maxBatches?: number; log?: FastifyBaseLogger } = {},
): Promise<DigestRun> {
  const now = ctx.now();
  const run: DigestRun = { checked: 0, mailed: 0, complete: true };
  let batches = 0;
  for (const frequency of FOLLOW_FREQUENCIES) {
    const period = digestPeriod(frequency, now, ctx.config.FOLLOW_DIGEST_HOUR);
    const memo: Memo = new Map();
    let after: string | null = null;
    for (;;) {
      if (options.maxBatches !== undefined && batches >= options.maxBatches) {
        run.complete = false;
        return run;
      }
      const batch = await repo.followsDue(
        ctx.db,
        frequency,
        period.key,
        period.start,
        after,
        ctx.config.FOLLOW_DIGEST_BATCH,
      );
      if (batch.length === 0) break;
      batches += 1;
      for (const follow of batch) {
        run.checked += 1;
        if (await sendOne(ctx, follow, period, memo)) run.mailed += 1;
        // A turn for requests and logs between follows: the embedded database answers in the
        // same thread, and a run of thousands would otherwise hold it from start to end.
        await new Promise((resolve) => setImmediate(resolve));
      }
      after = batch.at(-1)!.id;
      options.log?.debug({ checked: run.checked, mailed: run.mailed }, 'digest batch done');
    }
  }
  return run;
}

/** Removes guest follows whose link expired unconfirmed, and ledger rows long past. */
export async function sweepFollows(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let removed = 0;
  for (;;) {
    const count = await repo.deleteExpiredGuestFollows(ctx.db, now, SWEEP_BATCH);
    removed += count;
    if (count < SWEEP_BATCH) break;
  }
  await repo.deleteOldLedgerRows(ctx.db, new Date(now.getTime() - LEDGER_KEEP_MS));
  return removed;
}

/** The periodic job: the sweep, then the digests due. */
export function defineFollowDigestJob(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.every(FOLLOW_DIGEST_JOB, ctx.config.FOLLOW_DIGEST_CHECK_SECONDS, async () => {
    const removed = await sweepFollows(ctx);
    if (removed > 0) log.info({ removed }, 'unconfirmed guest follows removed');
    const run = await runFollowDigests(ctx, { log });
    if (run.mailed > 0) log.info({ checked: run.checked, mailed: run.mailed }, 'digests queued');
  });
}
