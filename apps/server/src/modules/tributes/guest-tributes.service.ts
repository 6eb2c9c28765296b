import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  GUEST_LINK_DAYS,
  GuestAuthorSchema,
  tributeCount,
  type GuestClaimed,
  type GuestFields,
  type GuestTributeConfirmed,
  type GuestTributePreview,
  type GuestTributeReceipt,
} from '@rips/shared/guest-tributes';
import { KINDS, type KindPath } from '@rips/shared/kinds';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { hashLinkToken } from '../../lib/one-time-links.js';
import { refuseRobots } from '../../lib/robot-check.js';
import type { UploadForm } from '../../lib/multipart.js';
import { letter } from '../../mail/letter.js';
import { findVisibleMemorialRow, type MemorialRow } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import * as guests from './guest-tributes.repository.js';
import type { TributeKind } from './tribute-kind.js';
import { TRIBUTE_KIND_BY_PATH } from './tribute-kinds.js';
import * as repo from './tributes.repository.js';
import { notifyAwaitingApproval } from './tribute-digest.service.js';

export const GUESTS_TURNED_OFF =
  'The family has chosen not to take tributes from guests on this memorial. Please log in or sign up to leave one.';
export const GUEST_LINK_GONE =
  'This link has already been used or has expired. If your tribute is not on the memorial yet, please leave it again.';
export const GUEST_CLAIM_GONE =
  'This link does not work for this account: it may have been used already, have expired, or have been sent to another account. Log in with the account it was sent to.';
const GUEST_FILE_REFUSED =
  'Guests may choose one of the bouquets; please log in or sign up to upload a picture.';
const SWEEP_BATCH = 500;
export const GUEST_SWEEP_JOB = 'guest-tributes-sweep';

/** The SHA-256 of an address as typed, lower-cased: what a guest tribute keeps of it. */
export function guestEmailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** A call without a token is a guest's when it carries a guest's name or address. */
export function isGuestCall(fields: GuestFields): boolean {
  return fields.guestName !== undefined || fields.guestEmail !== undefined;
}

/**
 * A memorial a guest may leave a tribute on: visible to someone without an account (public, or
 * unlisted by its link), with the family's switch on. Anything else is "not found" or refused.
 */
async function guestMemorial(ctx: AppContext, memorialId: string): Promise<MemorialRow> {
  const memorial = await findVisibleMemorialRow(ctx.db, memorialId, null);
  if (!memorial) throw AppError.notFound('This memorial does not exist or has been removed.');
  if (!memorial.allowGuestTributes) throw AppError.forbidden(GUESTS_TURNED_OFF);
  return memorial;
}

/**
 * Takes a guest's tribute: the bots' traps first (the honeypot, a form sent too soon after it
 * opened), then the client address's budget, the name and address, the address's budget and the
 * memorial. The tribute is kept apart, in no list, and a link to publish it is emailed; the
 * address itself is kept only as a hash.
 */
export async function createGuestItem(
  ctx: AppContext,
  kind: TributeKind,
  form: UploadForm<{ postId: string } & GuestFields, string>,
  ip: string,
): Promise<GuestTributeReceipt> {
  const { fields } = form;
  const now = ctx.now();
  refuseRobots(fields, now);
  await ctx.limiter.consume(
    `guest-tribute:ip:${ip}`,
    ctx.config.GUEST_TRIBUTE_LIMIT_PER_IP,
    'Too many tributes from this address. Please try again later.',
  );
  const parsed = GuestAuthorSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw AppError.validation(errors[0]!.message, errors);
  }
  const { guestName, guestEmail } = parsed.data;
  if (kind.file && Object.values(form.files).some((file) => file && file.size > 0)) {
    throw AppError.validation(GUEST_FILE_REFUSED, [
      { path: kind.file.field, message: GUEST_FILE_REFUSED },
    ]);
  }
  kind.check?.(form.fields, undefined);
  const emailHash = guestEmailHash(guestEmail);
  await ctx.limiter.consume(
    `guest-tribute:email:${emailHash}`,
    ctx.config.GUEST_TRIBUTE_LIMIT_PER_EMAIL,
    'Too many tributes for this email address. Please try again later.',
  );
  const memorial = await guestMemorial(ctx, form.fields.postId);
  // A lit kind (candles): told now, before any mail, when this address lit one here today.
  await kind.lit?.admit(ctx.db, memorial, { emailHash }, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + GUEST_LINK_DAYS * 24 * 3600_000);
  const { noun } = KINDS[kind.path];
  // The token rides in the fragment, which browsers never send: no server or proxy logs it.
  const link = `${ctx.config.publicUrl}/guest-tributes/confirm#token=${token}`;
  await ctx.db.transaction(async (tx) => {
    await assertDailyCap(ctx, tx, emailHash, now);
    await guests.insertGuestTribute(tx, {
      memorialId: memorial.id,
      kind: kind.path,
      guestName,
      emailHash,
      fields: kind.values(form.fields, { fullName: guestName } as UserRow),
      tokenHash: hashLinkToken(token),
      expiresAt,
    });
    await ctx.mail.enqueue(tx, {
      to: guestEmail,
      subject: `Confirm your ${noun} on the memorial of ${memorial.title}`,
      text: [
        `Hello ${guestName},`,
        '',
        `Thank you for your ${noun} on the memorial of ${memorial.title}.`,
        `To put it on the memorial, open this link and press the button (it works once, for ${GUEST_LINK_DAYS} days):`,
        link,
        '',
        `If you did not leave a ${noun}, ignore this email: nothing will be shown.`,
        '',
        'Rips Memorial',
      ].join('\n'),
    });
  });
  return {
    status: 'awaiting_email',
    kind: kind.path,
    postId: memorial.id,
    guestName,
    expiresAt: expiresAt.toISOString(),
  };
}

const DAY_MS = 86_400_000;

/**
 * The guest address's daily cap (GUEST_TRIBUTE_DAILY_LIMIT_PER_EMAIL), beside the short window's
 * budget: a stranger's address receives at most that many confirmation emails in 24 hours, from
 * every memorial together. Nothing is stored or sent past it.
 */
async function assertDailyCap(ctx: AppContext, tx: Db, emailHash: string, now: Date) {
  await guests.lockGuestAddress(tx, emailHash);
  const since = new Date(now.getTime() - DAY_MS);
  const { sent, first } = await guests.guestTributesSentTo(tx, emailHash, since);
  const cap = ctx.config.GUEST_TRIBUTE_DAILY_LIMIT_PER_EMAIL;
  if (sent < cap) return;
  const wait = Math.max(1, Math.ceil(((first ?? now).getTime() + DAY_MS - now.getTime()) / 1000));
  const hours = Math.ceil(wait / 3600);
  throw AppError.rateLimited(
    `This email address has been sent ${sent} tribute${sent === 1 ? '' : 's'} to confirm today, the most it may receive in a day. Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
    wait,
  );
}

function kindOf(row: guests.GuestTributeRow): TributeKind {
  const kind = TRIBUTE_KIND_BY_PATH[row.kind as KindPath];
  if (!kind || !KINDS[kind.path].guests) throw AppError.notFound(GUEST_LINK_GONE);
  return kind;
}

/** What the confirm page shows before its button is pressed; reading changes nothing. */
export async function previewGuestTribute(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<GuestTributePreview> {
  await limitLinkTries(ctx, ip);
  const row = await guests.findUsableGuestTribute(ctx.db, hashLinkToken(token), ctx.now());
  if (!row) throw AppError.notFound(GUEST_LINK_GONE);
  const memorial = await guestMemorial(ctx, row.memorialId);
  return describe(row, kindOf(row), memorial);
}

function describe(
  row: guests.GuestTributeRow,
  kind: TributeKind,
  memorial: MemorialRow,
): GuestTributePreview {
  return {
    kind: kind.path,
    noun: KINDS[kind.path].noun,
    postId: memorial.id,
    memorialTitle: memorial.title,
    guestName: row.guestName,
  };
}

/** Guessing links is bounded like every other emailed link. */
async function limitLinkTries(ctx: AppContext, ip: string): Promise<void> {
  await ctx.limiter.consume(
    `guest-tribute-link:ip:${ip}`,
    ctx.config.RESET_CONFIRM_LIMIT_PER_IP,
    'Too many attempts. Please try again later.',
  );
}

/**
 * The emailed link's button: spends the link once and writes the tribute into its kind's list,
 * live at once, or waiting for the family when the memorial asks for approval (its managers are
 * told as for a member's tribute). The memorial must still take guest tributes.
 */
export async function confirmGuestTribute(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<GuestTributeConfirmed> {
  await limitLinkTries(ctx, ip);
  const tokenHash = hashLinkToken(token);
  const now = ctx.now();
  const found = await guests.findUsableGuestTribute(ctx.db, tokenHash, now);
  if (!found) throw AppError.notFound(GUEST_LINK_GONE);
  const kind = kindOf(found);
  const memorial = await guestMemorial(ctx, found.memorialId);
  const waits = kind.moderation !== null && memorial.tributeModeration === 'approve';
  const status = waits ? 'pending' : 'published';
  await ctx.db.transaction(async (tx) => {
    // Checked again at the link's use, which is when a guest's candle is lit.
    await kind.lit?.admit(tx, memorial, { emailHash: found.emailHash }, now);
    const row = await guests.spendGuestLink(tx, found.id, tokenHash, now);
    if (!row) throw AppError.notFound(GUEST_LINK_GONE);
    const item = await repo.insertItem(tx, kind, {
      ...row.fields,
      memorialId: memorial.id,
      ownerId: null,
      authorName: row.guestName,
      status,
      ...(kind.lit && { createdAt: now }),
    });
    await guests.setGuestItem(tx, row.id, item.id);
    if (waits) {
      await notifyAwaitingApproval(ctx, tx, memorial);
    }
  });
  return { ...describe(found, kind, memorial), status };
}

/**
 * A member whose address is now proven (a confirmed address change, a used password reset link,
 * or the claim link mailed to it) takes over the tributes they left as a guest under it: only
 * those whose link was used, so an address that never confirmed a tribute claims nothing. Runs in
 * the caller's transaction when given one. Answers how many became the member's.
 */
export async function claimGuestTributes(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email'>,
  tx?: Db,
): Promise<number> {
  const claim = async (db: Db): Promise<number> => {
    const rows = await guests.confirmedGuestTributesOf(db, guestEmailHash(user.email));
    for (const row of rows) {
      const kind = TRIBUTE_KIND_BY_PATH[row.kind as KindPath];
      if (kind && row.itemId) await guests.claimItem(db, kind, row.itemId, user.id);
      await guests.deleteGuestTribute(db, row.id);
    }
    return rows.length;
  };
  return tx ? claim(tx) : ctx.db.transaction(claim);
}

/**
 * A new account whose address confirmed tributes as a guest is mailed a link to claim them
 * (decision 0110): signing up does not prove the address, so nothing is claimed until the link,
 * mailed to that address, is used by this account while signed in. No mail when there is nothing
 * to claim. Answers whether a link was sent.
 */
export async function offerGuestClaim(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email' | 'fullName' | 'userName'>,
): Promise<boolean> {
  const emailHash = guestEmailHash(user.email);
  const count = await guests.countConfirmedGuestTributesOf(ctx.db, emailHash);
  if (count === 0) return false;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + GUEST_LINK_DAYS * 24 * 3600_000);
  // The token rides in the fragment, which browsers never send: no server or proxy logs it.
  const link = `${ctx.config.publicUrl}/guest-tributes/claim#token=${token}`;
  await ctx.db.transaction(async (tx) => {
    await guests.insertGuestClaim(tx, {
      userId: user.id,
      emailHash,
      tokenHash: hashLinkToken(token),
      expiresAt,
    });
    await ctx.mail.enqueue(
      tx,
      letter(user.email, 'Add your tributes to your Rips Memorial account', user.fullName, [
        `You left ${tributeCount(count)} as a guest on Rips Memorial. To add them to your account`,
        `${user.userName}, open this link while signed in:`,
        '',
        link,
        '',
        `The link works once, for ${GUEST_LINK_DAYS} days, and only for that account.`,
        'If you did not sign up on Rips Memorial, ignore this email: nothing will change.',
      ]),
    );
  });
  return true;
}

/**
 * The claim link's button, pressed signed in: spends the link once, only for the account it was
 * made for and while the account's address is still the one it was mailed to, claims the
 * confirmed guest tributes of that address and marks the address proven. Anything else is one
 * calm "not found", and leaves the link as it was.
 */
export async function claimGuestTributesByLink(
  ctx: AppContext,
  user: UserRow,
  token: string,
  ip: string,
): Promise<GuestClaimed> {
  await limitLinkTries(ctx, ip);
  const now = ctx.now();
  const claimed = await ctx.db.transaction(async (tx) => {
    const spent = await guests.spendGuestClaim(
      tx,
      hashLinkToken(token),
      user.id,
      guestEmailHash(user.email),
      now,
    );
    if (!spent) return null;
    const count = await claimGuestTributes(ctx, user, tx);
    await guests.markEmailVerified(tx, user.id, now);
    return count;
  });
  if (claimed === null) throw AppError.notFound(GUEST_CLAIM_GONE);
  return { claimed };
}

/** Removes the guest tributes whose link expired unused (they never had a file). */
export async function sweepGuestTributes(ctx: AppContext): Promise<number> {
  let removed = 0;
  for (;;) {
    const count = await guests.deleteExpiredGuestTributes(ctx.db, ctx.now(), SWEEP_BATCH);
    removed += count;
    if (count < SWEEP_BATCH) return removed;
  }
}

/** The periodic sweep of unconfirmed guest tributes, on the job queue. */
export function defineGuestTributeSweep(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.every(GUEST_SWEEP_JOB, ctx.config.GUEST_TRIBUTE_SWEEP_SECONDS, async () => {
    const removed = await sweepGuestTributes(ctx);
    if (removed > 0) log.info({ removed }, 'unconfirmed guest tributes removed');
  });
}
