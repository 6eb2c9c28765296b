import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the plain text (a digest, a reminder); the text part is always there. */
  html?: string;
  /**
   * Extra header lines, handed to nodemailer as they are (`List-Unsubscribe`,
   * `List-Unsubscribe-Post` on a digest or a reminder, RFC 8058).
   */
  headers?: Record<string, string>;
  replyTo?: string;
}

/** Hands one message to its channel at once; the app reaches it only through the mail queue. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when a URL is configured; otherwise each message is written to the outbox folder as an
 * .eml file (owner-only), where a local user opens the links it carries. The log says only that a
 * message was written and its file name: never the recipient, a link or a token.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    // An attempt must end well within the mail job's expiry (120 s), or the queue would start a
    // second one beside it.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info({ file: path.basename(file) }, 'mail written to the outbox');
    },
  };
}
