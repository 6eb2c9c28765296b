import { EMAIL_CHANGE_LINK_TTL_MINUTES, type ConfirmEmailChange } from '@rips/shared/account';
import type { AppContext } from '../../context.js';
import type { MailMessage } from '../../mail/mailer.js';
import { AppError } from '../../errors.js';
import { hashLinkToken, newOneTimeLink } from '../../lib/one-time-links.js';
import { letter } from '../../mail/letter.js';
import { asTakenError } from '../auth/auth.service.js';
import type { UserRow } from '../users/users.repository.js';
import { applyEmailChange, insertEmailChange } from './email-change.repository.js';

const CONFIRMS_PER_IP = 30;
export const INVALID_EMAIL_LINK_MESSAGE =
  'This link is invalid or has expired. Please change your email again from your account details.';

/**
 * Stores the new email as pending and mails a confirmation link to it, and a notice to the current
 * address. The account's email does not change here (docs/decisions/0015-email-change-needs-proof.md).
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
  // Both are queued with the pending change, before the answer: it tells the member a link was
  // sent, and once the change is stored the mail goes out, across restarts and SMTP failures.
  await ctx.db.transaction(async (tx) => {
    await insertEmailChange(tx, { userId: user.id, newEmail, tokenHash, expiresAt });
    await ctx.mail.enqueue(
      tx,
      letter(newEmail, 'Confirm your new Rips Memorial email', user.fullName, [
        `The Rips Memorial account ${user.userName} asked to use this address as its email.`,
        'To confirm it, open this link and press the confirm button:',
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
          'stays this one unless that link is confirmed.',
          '',
          'If this was you, there is nothing more to do here.',
          '',
          'If this was not you, someone knows your password: change it at once from your profile,',
          `or ask for a new one at ${ctx.config.publicUrl}/forgot-password. A password change`,
          'cancels the pending email change.',
        ],
      ),
    );
  });
}

/**
 * The confirm button of the page the link opens was pressed: the new email takes effect, every
 * session of the account is revoked, pending password resets are cancelled, and the previous
 * address is told.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  ip: string,
  { token }: ConfirmEmailChange,
): Promise<UserRow> {
  await ctx.limiter.consume(`email-confirm:ip:${ip}`, CONFIRMS_PER_IP, 'Too many attempts.');
  let applied: Awaited<ReturnType<typeof applyEmailChange>>;
  try {
    applied = await ctx.db.transaction(async (tx) => {
      const change = await applyEmailChange(tx, hashLinkToken(token), new Date());
      if (change) await ctx.mail.enqueue(tx, emailChangedNotice(change));
      return change;
    });
  } catch (error) {
    throw asTakenError(error);
  }
  if (!applied) throw AppError.badRequest(INVALID_EMAIL_LINK_MESSAGE);
  return applied.user;
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
