/**
 * A member's own yearly copy of a memorial (the Manage page's switch) and the addresses of the
 * family's choosing (decision 0126).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import {
  findVisibleMemorial,
  findExportableMemorial,
  memorialAccess,
} from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';
import * as repo from './yearly-copies.repository.js';
import { DAY_MS } from './yearly-copies.service.js';

/** Days an address's confirmation link works. */
const CONFIRM_DAYS = 7;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface CopySettings {
  /** The caller receives a copy by right (owner, manager, successor). */
  receives: boolean;
  sendToMe: boolean;
  /** The addresses of the family's choosing; only for the owner and managers. */
  addresses: { _id: string; email: string; confirmed: boolean }[] | null;
}

export async function copySettings(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
): Promise<CopySettings> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  const receives = await repo.receivesByRight(ctx.db, memorial, user.id);
  const { canExport: manages } = await memorialAccess(ctx.db, memorial, user);
  return {
    receives,
    sendToMe: !(await repo.isOptedOut(ctx.db, memorial.id, user.id)),
    addresses: manages
      ? (await repo.addressesOf(ctx.db, memorial.id)).map((a) => ({
          _id: a.id,
          email: a.email,
          confirmed: !!a.confirmedAt,
        }))
      : null,
  };
}

/**
 * The memorial, when `user` is its owner or a manager (the family: administrators see it but do
 * not choose where its copies go); the archive's own rule (`findExportableMemorial`).
 */
async function familyMemorial(ctx: AppContext, user: UserRow, memorialId: string) {
  return findExportableMemorial(ctx.db, memorialId, user);
}

/** Turns the caller's own yearly copy on or off (any member who may see the memorial). */
export async function setSendToMe(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
  sendToMe: boolean,
): Promise<CopySettings> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  await repo.setOptOut(ctx.db, memorial.id, user.id, !sendToMe);
  return copySettings(ctx, user, memorial.id);
}

/**
 * Adds an address (owner and managers): a confirmation link is mailed to it, at most
 * COPY_ADDRESS_MAILS_PER_DAY a day to one address, and counted in the member's invitation budget.
 */
export async function addAddress(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
  rawEmail: string,
): Promise<CopySettings> {
  const memorial = await familyMemorial(ctx, user, memorialId);
  const email = rawEmail.trim().toLowerCase();
  const since = new Date(ctx.now().getTime() - DAY_MS);
  if (
    (await repo.confirmationsSentTo(ctx.db, email, since)) >= ctx.config.COPY_ADDRESS_MAILS_PER_DAY
  ) {
    throw AppError.rateLimited(
      'This address has received the most confirmation emails it may receive in a day. Please try again tomorrow.',
      86_400,
    );
  }
  await ctx.limiter.consume(
    `invitations:user:${user.id}`,
    ctx.config.INVITATION_LIMIT_PER_USER,
    'You have sent many emails in a short time.',
  );
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    const row = await repo.upsertAddress(tx, {
      memorialId: memorial.id,
      email,
      addedBy: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(ctx.now().getTime() + CONFIRM_DAYS * DAY_MS),
    });
    if (!row) return; // already confirmed: nothing to send
    await ctx.mail.enqueue(tx, {
      to: email,
      subject: `A yearly copy of the memorial of ${memorial.title}`,
      text: [
        'Hello,',
        '',
        `${user.fullName} asked for a copy of the memorial of ${memorial.title} to be sent to this address once a year: an archive of the memorial that opens in any web browser.`,
        '',
        `To agree, open this link and press the button (it works for ${CONFIRM_DAYS} days):`,
        `${ctx.config.publicUrl}/copies/confirm#token=${token}`,
        '',
        'If you do not want it, ignore this message: nothing will be sent.',
        '',
        'Rips Memorial',
      ].join('\n'),
    });
  });
  return copySettings(ctx, user, memorial.id);
}

/** Withdraws an address (owner and managers). */
export async function removeAddress(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
  addressId: string,
): Promise<CopySettings> {
  const memorial = await familyMemorial(ctx, user, memorialId);
  if (!(await repo.deleteAddress(ctx.db, memorial.id, addressId))) {
    throw AppError.notFound('This address does not receive copies of this memorial.');
  }
  return copySettings(ctx, user, memorial.id);
}

/** Confirms an address by its emailed link (no sign-in); 404 when the link is spent or expired. */
export async function confirmAddress(ctx: AppContext, token: string): Promise<{ title: string }> {
  const row = await repo.confirmAddress(ctx.db, hashToken(token), ctx.now());
  if (!row) {
    throw AppError.notFound(
      'This link has expired or was already used. Ask the family to add this address again.',
    );
  }
  const memorial = await repo.findMemorial(ctx.db, row.memorialId);
  return { title: memorial?.title ?? '' };
}
