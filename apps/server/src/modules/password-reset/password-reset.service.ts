import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  RESET_LINK_TTL_MINUTES,
  type ForgotPasswordSchema,
  type ResetPasswordConfirm,
} from '@rips/shared/account';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { hashPassword } from '../auth/passwords.js';
import { findUserByLogin, type UserRow } from '../users/users.repository.js';
import { applyPasswordReset, insertPasswordReset } from './password-reset.repository.js';

const REQUESTS_PER_IP = 20;
const REQUESTS_PER_ACCOUNT = 5;
const CONFIRMS_PER_IP = 30;
export const INVALID_LINK_MESSAGE =
  'This link is invalid or has expired. Please ask for a new password reset.';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Records a requested password and emails a link that confirms it. The password never changes
 * here. Whether or not an account matches, the caller does the same work (an account lookup and
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
  ctx.limiter.consume(`reset:ip:${ip}`, REQUESTS_PER_IP, limited);
  ctx.limiter.consume(`reset:account:${identifier}`, REQUESTS_PER_ACCOUNT, limited);

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
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(ctx.db, {
    userId: user.id,
    tokenHash: hashResetToken(token),
    newPasswordHash,
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MINUTES * 60_000),
  });
  const link = `${ctx.config.publicUrl}/reset-password/confirm?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Confirm your new Rips Memorial password',
    text: [
      `Hello ${user.fullName},`,
      '',
      'Someone, hopefully you, asked to change the password of your Rips Memorial account',
      `(username ${user.userName}). To confirm the new password, open this link:`,
      '',
      link,
      '',
      `The link works once and expires in ${RESET_LINK_TTL_MINUTES} minutes. Until you open it, your`,
      'current password keeps working.',
      '',
      'If you did not ask for this, you can ignore this email: nothing will change.',
      '',
      'Rips Memorial',
    ].join('\n'),
  });
}

/** Opens an emailed link: the requested password takes effect and every existing session ends. */
export async function confirmPasswordReset(
  ctx: AppContext,
  ip: string,
  { token }: ResetPasswordConfirm,
): Promise<UserRow> {
  ctx.limiter.consume(`reset-confirm:ip:${ip}`, CONFIRMS_PER_IP, 'Too many attempts.');
  const user = await applyPasswordReset(ctx.db, hashResetToken(token), new Date());
  if (!user) throw AppError.badRequest(INVALID_LINK_MESSAGE);
  return user;
}
