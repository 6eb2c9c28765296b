import type { AppContext } from '../../context.js';
import { letter } from '../../mail/letter.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { UserRow } from '../users/users.repository.js';

/**
 * The notice that the account's password was changed, whichever way (reset link or
 * change-password), so an owner who did not do it learns at once. Callers queue it in the
 * transaction that changes the password: the notice goes out exactly when the change is kept.
 */
export function passwordChangedNotice(ctx: AppContext, user: UserRow): MailMessage {
  return letter(user.email, 'Your Rips Memorial password was changed', user.fullName, [
    `The password of your Rips Memorial account (username ${user.userName}) was just changed,`,
    'and every session of the account was signed out.',
    '',
    'If this was you, there is nothing more to do.',
    '',
    'If this was not you, someone else may have your password or access to this mailbox.',
    `Ask for a new password at once at ${ctx.config.publicUrl}/forgot-password and secure this`,
    'mailbox; if you cannot get back in, write to us through the contact page.',
  ]);
}
