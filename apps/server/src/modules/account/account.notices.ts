import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../users/users.repository.js';

/**
 * Tells the account its password was changed, whichever way (reset link or change-password), so an
 * owner who did not do it learns at once. Sent after the change is stored; a failed delivery is
 * logged by account id only and does not undo the change.
 */
export function notifyPasswordChanged(
  ctx: AppContext,
  user: UserRow,
  log: FastifyBaseLogger,
): void {
  const message = {
    to: user.email,
    subject: 'Your Rips Memorial password was changed',
    text: [
      `Hello ${user.fullName},`,
      '',
      `The password of your Rips Memorial account (username ${user.userName}) was just changed,`,
      'and every session of the account was signed out.',
      '',
      'If this was you, there is nothing more to do.',
      '',
      'If this was not you, someone else may have your password or access to this mailbox.',
      `Ask for a new password at once at ${ctx.config.publicUrl}/forgot-password and secure this`,
      'mailbox; if you cannot get back in, write to us through the contact page.',
      '',
      'Rips Memorial',
    ].join('\n'),
  };
  void ctx.mailer.send(message).catch((error: unknown) => {
    log.error({ err: error, userId: user.id }, 'password change notice could not be delivered');
  });
}
