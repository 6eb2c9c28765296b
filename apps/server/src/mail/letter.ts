import type { MailMessage } from './mailer.js';

/** A mail to a member: the greeting, the given lines, the signature. */
export function letter(
  to: string,
  subject: string,
  fullName: string,
  lines: readonly string[],
): MailMessage {
  return {
    to,
    subject,
    text: [`Hello ${fullName},`, '', ...lines, '', 'Rips Memorial'].join('\n'),
  };
}
