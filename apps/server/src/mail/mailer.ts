import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
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
  /** Closes the transport's open connections (the app's shutdown). */
  close?(): void;
}

/**
 * SMTP when a URL is configured; otherwise each message is written to the outbox folder as an
 * .eml file (owner-only), where a local user opens the links it carries. The log says only that a
 * message was written and its file name: never the recipient, a link or a token.
 */
export function createMailer(options: {
  smtpUrl?: string;
  /**
   * SMTP connections kept open and reused (MAIL_CONCURRENCY): a delivery waits on the network
   * almost all its time (to a relay on loopback, about 145 ms a mail over a new connection, 50 ms
   * over a kept one, and 14 ms a mail for forty sent over four).
   */
  connections?: number;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    // An attempt must end well within the mail job's expiry (120 s), or the queue would start a
    // second one beside it. The pool is made here rather than by createTransport, which given a
    // `url` reads that alone and drops every other option; here what SMTP_URL's query sets wins.
    const transport = nodemailer.createTransport(
      new SMTPPool({
        pool: true,
        url: options.smtpUrl,
        maxConnections: options.connections ?? 1,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      }),
    );
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close() {
        transport.close();
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
