/*
 * The yearly copy's mail (decision 0126): the memorial's archive, a single-use link, and the
 * one-click way to stop receiving it (RFC 8058), as the reminder mail does.
 */
import { SignedIds } from '../../lib/signed-ids.js';
import type { MailMessage } from '../../mail/mailer.js';

/** The tokens of the yearly copy's stop links: they name the copy sent (see SignedIds). */
export class CopyStopTokens extends SignedIds {
  constructor(secret: string) {
    super(secret, 'rips yearly copy stop v1');
  }
}

/** Where the copy's one-click stop lives (the token in the query, as RFC 8058 needs). */
export const stopUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/copies/stop?token=${encodeURIComponent(token)}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function yearlyCopyMail(input: {
  to: string;
  greeting: string;
  title: string;
  why: string;
  link: string;
  linkDays: number;
  stopUrl: string;
}): MailMessage {
  const paragraphs = [
    `Here is a fresh copy of the memorial of ${input.title}: every field, tribute, photo and document, in one ZIP file that opens in any web browser without our site. Keep it somewhere safe.`,
    input.why,
  ];
  const text = [
    `${input.greeting},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `Download it here (the link works once, for ${input.linkDays} days):`,
    input.link,
    '',
    `To stop receiving this copy: ${input.stopUrl}`,
    '',
    'Rips Memorial',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="en"><body>',
    `<p>${escapeHtml(input.greeting)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(input.link)}">Download the copy</a> (the link works once, for ${input.linkDays} days)</p>`,
    `<p><a href="${escapeHtml(input.stopUrl)}">Stop receiving this copy</a></p>`,
    '<p>Rips Memorial</p>',
    '</body></html>',
  ].join('\n');
  return {
    to: input.to,
    subject: `A copy of the memorial of ${input.title}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.stopUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
