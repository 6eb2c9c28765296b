import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { MailMessage, Mailer } from './mailer.js';

export const MAIL_JOB = 'mail';

/**
 * A mail job's row holds the message sealed (AES-256-GCM under a key derived from JWT_SECRET):
 * reset and email-change links stay unreadable in the job tables, their archive and any dump of
 * them, while every instance sharing the secret can send it.
 */
export class MailSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'rips mail jobs v1', 32));
  }

  seal(message: MailMessage): { sealed: string } {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
    return { sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
  }

  open(data: unknown): MailMessage {
    const sealed = (data as { sealed?: unknown } | null)?.sealed;
    if (typeof sealed !== 'string') throw new Error('A mail job without a sealed message.');
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    return JSON.parse(text.toString('utf8')) as MailMessage;
  }
}

/** What a failed attempt may log: the transport's codes, never its text (it can name the recipient). */
function failureCodes(error: unknown): Record<string, unknown> {
  const { code, responseCode, command } = (error ?? {}) as Record<string, unknown>;
  return { code, responseCode, command };
}

/**
 * Mail goes out through the job queue: `enqueue` stores the message with the change that caused
 * it, and a worker hands it to the transport (SMTP, or the outbox folder), retrying with backoff
 * until it is accepted. A restart between attempts loses nothing.
 */
export class MailQueue {
  constructor(
    private readonly jobs: JobQueue,
    private readonly seal: MailSeal,
  ) {}

  /** Registers the delivery workers (`delivery.workers` at once); the queue starts them. */
  static define(
    jobs: JobQueue,
    seal: MailSeal,
    transport: Mailer,
    delivery: { retryLimit: number; retryDelaySeconds: number; workers: number },
    log: FastifyBaseLogger,
  ): MailQueue {
    jobs.define(MAIL_JOB, { ...delivery, expireInSeconds: 120 }, async (data, job) => {
      let message: MailMessage;
      try {
        message = seal.open(data);
      } catch (error) {
        log.error(
          { jobId: job.id },
          'a queued mail cannot be opened: was JWT_SECRET changed, or do instances use different ones?',
        );
        throw error;
      }
      try {
        await transport.send(message);
      } catch (error) {
        log.warn(
          { jobId: job.id, ...failureCodes(error) },
          'mail delivery attempt failed; it will be retried until its retries run out',
        );
        throw error;
      }
    });
    return new MailQueue(jobs, seal);
  }

  /**
   * Queues `message` through `db`: pass the transaction that stores what the message tells of,
   * so the mail goes out if and only if that change is kept.
   */
  async enqueue(db: Db, message: MailMessage): Promise<void> {
    await this.jobs.send(db, MAIL_JOB, this.seal.seal(message));
  }
}
