import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@rips/shared/api';
import type { z } from 'zod';
import {
  RESET_LINK_TTL_MINUTES,
  type ForgotPasswordSchema,
  type ResetPasswordConfirm,
} from '@rips/shared/account';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { hashLinkToken, newOneTimeLink } from '../../lib/one-time-links.js';
import { letter } from '../../mail/letter.js';
import { passwordChangedNotice } from '../account/account.notices.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { findUserByLogin, type UserRow } from '../users/users.repository.js';
import {
  applyPasswordReset,
  findUsablePasswordReset,
  insertPasswordReset,
} from './password-reset.repository.js';
import { claimGuestTributes } from '../tributes/guest-tributes.service.js';

export const INVALID_LINK_MESSAGE =
  'This link is invalid or has expired. Please ask for a new password reset.';
export const NOT_THE_REQUESTED_PASSWORD =
  'This is not the new password chosen on the reset form. Type that same password, or ask for a new link.';

/**
 * Records a requested password and emails a link to the page where it can be set. The password
 * never changes here, nor when the link is opened: only when the link holder types it again. Whether or not an account matches, the caller does the same work (an account lookup and
 * one argon2 hash) and gets the same answer; the row and the mail are written after the answer.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  ip: string,
  request: z.output<typeof ForgotPasswordSchema>,
  log: FastifyBaseLogger,
): Promise<void> {
  const identifier = request.userName.toLowerCase();
  const limited = 'Too many password reset requests.';
  await ctx.limiter.consume(`reset:ip:${ip}`, ctx.config.RESET_LIMIT_PER_IP, limited);
  await ctx.limiter.consume(
    `reset:account:${identifier}`,
    ctx.config.RESET_LIMIT_PER_ACCOUNT,
    limited,
  );

  const [user, newPasswordHash] = await Promise.all([
    findUserByLogin(ctx.db, identifier),
    hashPassword(request.newPassword),
  ]);
  const matches = user && !user.disabledAt && (!request.email || request.email === user.email);
  if (!matches) return;
  void deliverResetLink(ctx, user, newPasswordHash).catch((error: unknown) => {
    log.error({ err: error, userId: user.id }, 'password reset link could not be delivered');
  });
}

async function deliverResetLink(
  ctx: AppContext,
  user: UserRow,
  newPasswordHash: string,
): Promise<void> {
  const { link, tokenHash, expiresAt } = newOneTimeLink(
    `${ctx.config.publicUrl}/reset-password/confirm`,
    RESET_LINK_TTL_MINUTES,
  );
  // The link row and its mail in one transaction: a link nobody was sent never exists.
  await ctx.db.transaction(async (tx) => {
    await insertPasswordReset(tx, { userId: user.id, tokenHash, newPasswordHash, expiresAt });
    await ctx.mail.enqueue(tx, resetLinkMessage(user, link));
  });
}

function resetLinkMessage(user: UserRow, link: string) {
  return letter(user.email, 'Set your new Rips Memorial password', user.fullName, [
    'Someone, hopefully you, asked to change the password of your Rips Memorial account',
    `(username ${user.userName}). To set the new password, open this link and type the new`,
    'password you chose on the reset form, twice:',
    '',
    link,
    '',
    `The link works once and expires in ${RESET_LINK_TTL_MINUTES} minutes. Opening it changes`,
    'nothing; your current password keeps working until you submit the form.',
    '',
    'If you did not ask for this, ignore this email and do not type any password someone',
    'else gives you on that page: nothing will change.',
  ]);
}

/**
 * The form the emailed link opens was submitted: the typed password must be the one requested
 * (docs/decisions/0014-reset-link-opens-a-form.md). It takes effect, every session ends, pending
 * reset links and email changes are cancelled, and the account is told by email.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  ip: string,
  body: ResetPasswordConfirm,
): Promise<UserRow> {
  const { RESET_CONFIRM_LIMIT_PER_IP, RESET_WRONG_PASSWORDS_PER_LINK } = ctx.config;
  await ctx.limiter.consume(
    `reset-confirm:ip:${ip}`,
    RESET_CONFIRM_LIMIT_PER_IP,
    'Too many attempts.',
  );
  const { token, newPassword } = body;
  const tokenHash = hashLinkToken(token);
  const now = new Date();
  const reset = await findUsablePasswordReset(ctx.db, tokenHash, now);
  if (!reset) throw AppError.badRequest(INVALID_LINK_MESSAGE);
  const attempts = `reset-confirm:link:${tokenHash}`;
  await ctx.limiter.assertUnder(
    attempts,
    RESET_WRONG_PASSWORDS_PER_LINK,
    'Too many wrong passwords.',
  );
  if (!(await verifyPassword(reset.newPasswordHash, newPassword))) {
    await ctx.limiter.hit(attempts);
    throw new AppError(400, ErrorCode.Validation, NOT_THE_REQUESTED_PASSWORD, [
      { path: 'newPassword', message: NOT_THE_REQUESTED_PASSWORD },
    ]);
  }
  const user = await ctx.db.transaction(async (tx) => {
    const changed = await applyPasswordReset(tx, tokenHash, now);
    if (changed) await ctx.mail.enqueue(tx, passwordChangedNotice(ctx, changed));
    return changed;
  });
  if (!user) throw AppError.badRequest(INVALID_LINK_MESSAGE);
  await ctx.limiter.reset(attempts);
  // The link was mailed to the account's address, so using it proves the address: tributes
  // confirmed from it as a guest are the member's now (decision 0110).
  await claimGuestTributes(ctx, user);
  return user;
}
