import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@rips/shared/api';
import {
  EMAIL_CHANGE_LINK_TTL_MINUTES,
  EMAIL_CONFIRM_WRONG_PASSWORDS_PER_LINK,
  type CancelEmailChange,
  type ConfirmEmailChange,
} from '@rips/shared/account';
import type { AppContext } from '../../context.js';
import type { MailMessage } from '../../mail/mailer.js';
import { AppError } from '../../errors.js';
import { hashLinkToken, newOneTimeLink } from '../../lib/one-time-links.js';
import { letter } from '../../mail/letter.js';
import { asTakenError } from '../auth/auth.service.js';
import { verifyPassword } from '../auth/passwords.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { CURRENT_PASSWORD_ATTEMPTS, currentPasswordKey } from './current-password.js';
import {
  applyEmailChange,
  cancelEmailChangeAndSignOut,
  closeEmailChangeLink,
  findPendingEmail,
  findUsableEmailChange,
  insertEmailChange,
} from './email-change.repository.js';
import { claimGuestTributes } from '../tributes/guest-tributes.service.js';

/** The new address the member asked for, while its confirmation link still waits; else null. */
export async function pendingEmailOf(ctx: AppContext, user: UserRow): Promise<string | null> {
  return findPendingEmail(ctx.db, user.id, new Date());
}

const CONFIRMS_PER_IP = 30;
export const INVALID_EMAIL_LINK_MESSAGE =
  'This link is invalid or has expired. Please change your email again from your account details.';
export const TOO_MANY_WRONG_PASSWORDS_MESSAGE =
  'Too many wrong passwords on this link: it no longer works. Please change your email again from your account details.';
export const NOT_PENDING_MESSAGE =
  'This email change is no longer waiting: it was confirmed, cancelled or has expired. If your email was changed without you, ask for a new password from the login page or write to us through the contact page.';
const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct.';

/**
 * Stores the new email as pending and mails a confirmation link to it, and to the current address
 * a notice with a "this was not me" link. The account's email does not change here
 * (docs/decisions/0088-email-change-confirmed-with-password.md).
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: UserRow,
  newEmail: string,
): Promise<void> {
  const { link, tokenHash, expiresAt } = newOneTimeLink(
    `${ctx.config.publicUrl}/account/confirm-email`,
    EMAIL_CHANGE_LINK_TTL_MINUTES,
  );
  // The "not me" token travels in the fragment: browsers never send it, so no log holds it.
  const cancelToken = randomBytes(32).toString('base64url');
  const cancelLink = `${ctx.config.publicUrl}/account/cancel-email-change#token=${cancelToken}`;
  // Both are queued with the pending change, before the answer: it tells the member a link was
  // sent, and once the change is stored the mail goes out, across restarts and SMTP failures.
  await ctx.db.transaction(async (tx) => {
    await insertEmailChange(tx, {
      userId: user.id,
      newEmail,
      tokenHash,
      cancelTokenHash: hashLinkToken(cancelToken),
      expiresAt,
    });
    await ctx.mail.enqueue(
      tx,
      letter(newEmail, 'Confirm your new Rips Memorial email', user.fullName, [
        `The Rips Memorial account ${user.userName} asked to use this address as its email.`,
        'To confirm it, open this link, type the account’s current password and press the',
        'confirm button:',
        '',
        link,
        '',
        `The link works once and expires in ${EMAIL_CHANGE_LINK_TTL_MINUTES} minutes. Opening it changes`,
        'nothing; the email changes only when you confirm, and then every other session of the',
        'account is signed out.',
        '',
        'If you did not ask for this, ignore this email: nothing will change.',
      ]),
    );
    await ctx.mail.enqueue(
      tx,
      letter(
        user.email,
        'A new email was requested for your Rips Memorial account',
        user.fullName,
        [
          `Someone signed in to your Rips Memorial account (username ${user.userName}) asked to`,
          `change its email to ${newEmail}. We have sent a confirmation link there; your email`,
          'stays this one unless that link is opened and the account’s password typed there.',
          '',
          'If this was you, there is nothing more to do here.',
          '',
          'If this was not you, open this link and press the button: it cancels the change and',
          'signs out every session of the account:',
          '',
          cancelLink,
          '',
          'Then change your password: someone may know it.',
        ],
      ),
    );
  });
}

/**
 * The confirm button of the page the link opens was pressed with the account's current password:
 * the new email takes effect, every session of the account is revoked, pending password resets
 * are cancelled, and the previous address is told. Wrong passwords count against the link (it
 * closes after EMAIL_CONFIRM_WRONG_PASSWORDS_PER_LINK) and against the account's budget.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  ip: string,
  { token, currentPassword }: ConfirmEmailChange,
): Promise<UserRow> {
  await ctx.limiter.consume(`email-confirm:ip:${ip}`, CONFIRMS_PER_IP, 'Too many attempts.');
  const tokenHash = hashLinkToken(token);
  const now = new Date();
  const change = await findUsableEmailChange(ctx.db, tokenHash, now);
  const user = change ? await findUserById(ctx.db, change.userId) : undefined;
  if (!change || !user || user.disabledAt) throw AppError.badRequest(INVALID_EMAIL_LINK_MESSAGE);

  const accountKey = currentPasswordKey(user.id);
  await ctx.limiter.assertUnder(accountKey, CURRENT_PASSWORD_ATTEMPTS, 'Too many wrong passwords.');
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    const linkKey = `email-confirm:link:${tokenHash}`;
    await ctx.limiter.hit(accountKey);
    await ctx.limiter.hit(linkKey);
    if ((await ctx.limiter.count(linkKey)) >= EMAIL_CONFIRM_WRONG_PASSWORDS_PER_LINK) {
      await closeEmailChangeLink(ctx.db, tokenHash, now);
      await ctx.limiter.reset(linkKey);
      throw AppError.badRequest(TOO_MANY_WRONG_PASSWORDS_MESSAGE);
    }
    throw new AppError(400, ErrorCode.InvalidCredentials, WRONG_PASSWORD_MESSAGE, [
      { path: 'currentPassword', message: WRONG_PASSWORD_MESSAGE },
    ]);
  }

  let applied: Awaited<ReturnType<typeof applyEmailChange>>;
  try {
    applied = await ctx.db.transaction(async (tx) => {
      const done = await applyEmailChange(tx, tokenHash, now);
      if (done) await ctx.mail.enqueue(tx, emailChangedNotice(done));
      return done;
    });
  } catch (error) {
    throw asTakenError(error);
  }
  if (!applied) throw AppError.badRequest(INVALID_EMAIL_LINK_MESSAGE);
  await ctx.limiter.reset(accountKey);
  // The confirmed address may be one the member left tributes under as a guest.
  await claimGuestTributes(ctx, applied.user);
  return applied.user;
}

/**
 * "This was not me", pressed on the page the current address's notice opens: the pending change
 * is cancelled and every session of the account signed out. Answers the account's id.
 */
export async function cancelEmailChange(
  ctx: AppContext,
  ip: string,
  { token }: CancelEmailChange,
): Promise<string> {
  await ctx.limiter.consume(`email-confirm:ip:${ip}`, CONFIRMS_PER_IP, 'Too many attempts.');
  const userId = await cancelEmailChangeAndSignOut(ctx.db, hashLinkToken(token), new Date());
  if (!userId) throw AppError.badRequest(NOT_PENDING_MESSAGE);
  return userId;
}

/** Tells the address an account had that the account moved to another one. */
function emailChangedNotice({
  user,
  previousEmail,
}: {
  user: UserRow;
  previousEmail: string;
}): MailMessage {
  return letter(previousEmail, 'Your Rips Memorial email was changed', user.fullName, [
    `The email of your Rips Memorial account (username ${user.userName}) is now ${user.email},`,
    'and every session of the account was signed out. This address will no longer receive',
    'its mail.',
    '',
    'If this was not you, write to us at once through the contact page.',
  ]);
}
