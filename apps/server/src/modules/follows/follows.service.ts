import { randomBytes } from 'node:crypto';
import { GUEST_LINK_DAYS } from '@rips/shared/guest-tributes';
import type {
  FollowView,
  GuestFollowReceipt,
  Unfollowed,
  FollowFrequency,
} from '@rips/shared/follows';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { refuseRobots, type RobotSigns } from '../../lib/robot-check.js';
import { hashLinkToken } from '../../lib/one-time-links.js';
import { findVisibleMemorial, findVisibleMemorialRow } from '../memorials/memorials.policy.js';
import { guestEmailHash } from '../tributes/guest-tributes.service.js';
import type { UserRow } from '../users/users.repository.js';
import { followOfToken } from './follow-digest.service.js';
import * as repo from './follows.repository.js';

/** A member's list of follows shows this many at most. */
export const MAX_FOLLOWS_LISTED = 500;
export const FOLLOW_LINK_GONE =
  'This link has already been used or has expired. You can ask to follow the memorial again from its page.';
export const UNSUBSCRIBE_GONE =
  'This link no longer works: the emails may already have stopped. If they keep coming, use the link in the newest one.';
const FREQUENCY_WORDS: Record<FollowFrequency, string> = {
  weekly: 'once a week',
  daily: 'once a day',
};

/** A member follows a memorial they may see, or changes how often the digest comes. */
export async function follow(
  ctx: AppContext,
  user: UserRow,
  postId: string,
  frequency: FollowFrequency,
): Promise<FollowView> {
  const memorial = await findVisibleMemorial(ctx.db, postId, user);
  await repo.upsertMemberFollow(ctx.db, memorial.id, user.id, frequency, ctx.now());
  return { postId: memorial.id, memorialTitle: memorial.title, frequency };
}

/** A member stops following; "not found" when the memorial cannot be seen or is not followed. */
export async function unfollow(ctx: AppContext, user: UserRow, postId: string): Promise<void> {
  const memorial = await findVisibleMemorial(ctx.db, postId, user);
  if (!(await repo.deleteMemberFollow(ctx.db, memorial.id, user.id))) {
    throw AppError.notFound('You do not follow this memorial.');
  }
}

/** The memorials a member follows that they may still see, newest first. */
export async function followsOf(ctx: AppContext, user: UserRow): Promise<FollowView[]> {
  const rows = await repo.followsOfMember(ctx.db, user.id, MAX_FOLLOWS_LISTED);
  const seen: FollowView[] = [];
  for (const row of rows) {
    if (await findVisibleMemorialRow(ctx.db, row.postId, user)) seen.push(row);
  }
  return seen;
}

/**
 * A guest asks to follow by email: the bots' traps, the client address's budget, the address's
 * budget, then the memorial (only one anyone may see without an account). A link that confirms
 * it is mailed; an address that already follows gets no mail and the answer is the same, so the
 * answer tells nobody who follows.
 */
export async function requestGuestFollow(
  ctx: AppContext,
  input: {
    postId: string;
    frequency: FollowFrequency;
    guestName?: string | undefined;
    guestEmail: string;
  } & RobotSigns,
  ip: string,
): Promise<GuestFollowReceipt> {
  const now = ctx.now();
  refuseRobots(input, now);
  await ctx.limiter.consume(
    `follow:ip:${ip}`,
    ctx.config.FOLLOW_LIMIT_PER_IP,
    'Too many requests to follow from this address. Please try again later.',
  );
  const email = input.guestEmail.trim().toLowerCase();
  await ctx.limiter.consume(
    `follow:email:${guestEmailHash(email)}`,
    ctx.config.FOLLOW_LIMIT_PER_EMAIL,
    'Too many requests to follow for this email address. Please try again later.',
  );
  const memorial = await findVisibleMemorialRow(ctx.db, input.postId, null);
  if (!memorial) throw AppError.notFound('This memorial does not exist or has been removed.');
  const expiresAt = new Date(now.getTime() + GUEST_LINK_DAYS * 24 * 3600_000);
  const receipt: GuestFollowReceipt = {
    status: 'awaiting_email',
    postId: memorial.id,
    expiresAt: expiresAt.toISOString(),
  };
  const guestName = input.guestName?.trim() ?? '';
  const token = randomBytes(32).toString('base64url');
  const link = {
    confirmTokenHash: hashLinkToken(token),
    confirmExpiresAt: expiresAt,
    frequency: input.frequency,
    guestName,
  };
  await ctx.db.transaction(async (tx) => {
    const existing = await repo.findGuestFollow(tx, memorial.id, email);
    if (existing?.confirmedAt) return;
    if (existing) await repo.renewGuestLink(tx, existing.id, link);
    else await repo.insertGuestFollow(tx, { memorialId: memorial.id, email, ...link });
    // The token rides in the fragment, which browsers never send: no server or proxy logs it.
    const url = `${ctx.config.publicUrl}/follows/confirm#token=${token}`;
    await ctx.mail.enqueue(tx, {
      to: email,
      subject: `Confirm that you follow the memorial of ${memorial.title}`,
      text: [
        guestName ? `Hello ${guestName},` : 'Hello,',
        '',
        `You asked to hear ${FREQUENCY_WORDS[input.frequency]} what is shared in memory of ${memorial.title}.`,
        `To confirm, open this link and press the button (it works once, for ${GUEST_LINK_DAYS} days):`,
        url,
        '',
        'If you did not ask for this, ignore this email: you will get nothing more from us.',
        '',
        'Rips Memorial',
      ].join('\n'),
    });
  });
  return receipt;
}

async function limitLinkTries(ctx: AppContext, ip: string): Promise<void> {
  await ctx.limiter.consume(
    `follow-link:ip:${ip}`,
    ctx.config.RESET_CONFIRM_LIMIT_PER_IP,
    'Too many attempts. Please try again later.',
  );
}

/** The guest's link, read before its button is pressed (nothing changes); also the confirm. */
async function pendingFollow(ctx: AppContext, token: string, ip: string) {
  await limitLinkTries(ctx, ip);
  const tokenHash = hashLinkToken(token);
  const row = await repo.findPendingGuestFollow(ctx.db, tokenHash, ctx.now());
  if (!row) throw AppError.notFound(FOLLOW_LINK_GONE);
  const memorial = await findVisibleMemorialRow(ctx.db, row.memorialId, null);
  if (!memorial) throw AppError.notFound(FOLLOW_LINK_GONE);
  return { row, memorial, tokenHash };
}

export async function previewGuestFollow(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<FollowView> {
  const { row, memorial } = await pendingFollow(ctx, token, ip);
  return { postId: memorial.id, memorialTitle: memorial.title, frequency: row.frequency };
}

/** The link's button: confirms the follow once, while the memorial is still open to guests. */
export async function confirmGuestFollow(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<FollowView> {
  const { row, memorial, tokenHash } = await pendingFollow(ctx, token, ip);
  if (!(await repo.confirmGuestFollow(ctx.db, row.id, tokenHash, ctx.now()))) {
    throw AppError.notFound(FOLLOW_LINK_GONE);
  }
  return { postId: memorial.id, memorialTitle: memorial.title, frequency: row.frequency };
}

/**
 * The digest's unsubscribe link (one click from the mail's header, or the page's button): the
 * follow is removed, with no sign-in; the token is the right. Whatever the memorial's visibility:
 * stopping mail is always allowed.
 */
export async function unsubscribe(ctx: AppContext, token: string, ip: string): Promise<Unfollowed> {
  await limitLinkTries(ctx, ip);
  const id = followOfToken(ctx.config.jwtSecret, token);
  const row = id ? await repo.findFollow(ctx.db, id) : undefined;
  if (!row) throw AppError.notFound(UNSUBSCRIBE_GONE);
  const memorialTitle = await repo.memorialTitleOf(ctx.db, row.memorialId);
  await repo.deleteFollow(ctx.db, row.id);
  return { memorialTitle };
}
