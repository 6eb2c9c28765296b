// Mail through the job queue to a real SMTP server on loopback that refuses the first attempts:
// the message arrives exactly once, also when the app restarts between two attempts.
import { mkdtemp, rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPostgresDatabase,
  createTestApp,
  loadTestConfig,
  startAppOnData,
  TEST_ENGINE,
  type TestApp,
} from '../../test/app.js';
import { SMTPServer } from 'smtp-server';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../test/smtp-server.js';
import { MAIL_JOB, MailSeal } from './mail-queue.js';

const RETRY = { MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '5' };
const WAIT = { timeout: 15_000, interval: 50 };

const contact = (t: { app: TestApp['app'] }, message: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    payload: { name: 'June Park', email: 'june@example.com', message },
  });

let smtp: LoopbackSmtp | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

describe(`mail through the job queue to SMTP (${TEST_ENGINE})`, () => {
  let t: TestApp | undefined;
  // Before the relay closes (the outer afterEach): the app keeps its SMTP connections open, and
  // the relay would wait for them.
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('retries a refused message with backoff until accepted, and delivers it once', async () => {
    smtp = await startLoopbackSmtp(2);
    t = await createTestApp({ SMTP_URL: smtp.url, ...RETRY }, { realMailer: true });
    const res = await contact(t, 'First refused twice.');
    // The answer does not wait for SMTP: the message is stored and will be sent.
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp!.received).toHaveLength(1), WAIT);
    await t.mailSettled();
    // A moment more: a duplicate would show up now.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.attempts).toBe(3);
    expect(smtp.received[0]).toContain('Subject: Rips Memorial: message from June Park');
    expect(smtp.received[0]).toContain('First refused twice.');
    console.info(
      `mail retry: ${smtp.attempts} attempts (2 refused with 451), ${smtp.received.length} delivered`,
    );
  });

  it('keeps the message sealed in the job tables: no address, no text, no link', async () => {
    smtp = await startLoopbackSmtp(0);
    const sealed = await createTestApp({ SMTP_URL: smtp.url }, { realMailer: true });
    const link = 'https://rips.example/reset-password/confirm?token=SEALED-TOKEN-123';
    await sealed.app.ctx.mail.enqueue(sealed.app.ctx.db, {
      to: 'sealed.member@example.org',
      subject: 'Set your new Rips Memorial password',
      text: `Open ${link}`,
    });
    const rows = await sealed.app.ctx.db.execute(
      sql`SELECT data::text AS data FROM pgboss.job WHERE name = ${MAIL_JOB}
        UNION ALL SELECT data::text FROM pgboss.archive WHERE name = ${MAIL_JOB}`,
    );
    const stored = (rows as unknown as { rows: { data: string }[] }).rows.map((r) => r.data);
    expect(stored.length).toBeGreaterThan(0);
    for (const data of stored) {
      expect(data).toMatch(/^\{"sealed": ?"[A-Za-z0-9+/=]+"\}$/);
      expect(data).not.toMatch(/SEALED-TOKEN|sealed\.member|June|password/);
    }
    await vi.waitFor(() => expect(smtp!.received).toHaveLength(1), WAIT);
    expect(smtp!.received[0]).toContain('SEALED-TOKEN-123');
    await sealed.close();
  });
});

describe(`mail across a restart (${TEST_ENGINE})`, () => {
  it('keeps a refused message through a restart and delivers it once afterwards', async () => {
    smtp = await startLoopbackSmtp(1);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rips-mail-restart-'));
    const postgres = process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
      : null;
    // The same data dir (embedded database, generated secret) or the same PostgreSQL database,
    // as a restarted server has.
    const start = async () => {
      const config = loadTestConfig(dataDir, {
        SMTP_URL: smtp!.url,
        ...RETRY,
        // Long enough that the first instance is gone before the retry is due.
        MAIL_RETRY_DELAY_SECONDS: '2',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      });
      return startAppOnData(config);
    };
    try {
      const first = await start();
      expect((await contact(first, 'Sent across a restart.')).statusCode).toBe(200);
      await vi.waitFor(() => expect(smtp!.attempts).toBe(1), WAIT);
      expect(await first.app.ctx.jobs.depth(MAIL_JOB)).toBe(1);
      await first.close();
      expect(smtp.received).toHaveLength(0);

      const second = await start();
      try {
        await vi.waitFor(() => expect(smtp!.received).toHaveLength(1), WAIT);
        await new Promise((r) => setTimeout(r, 1500));
        expect(smtp.received).toHaveLength(1);
        expect(smtp.attempts).toBe(2);
        expect(smtp.received[0]).toContain('Sent across a restart.');
        expect(await second.app.ctx.jobs.depth(MAIL_JOB)).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a mail job sealed under another secret', () => {
  it('is not sent, and the log says why without its content', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { LOG_LEVEL: 'warn', MAIL_RETRY_LIMIT: '0' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const foreign = new MailSeal('another-secret-of-another-instance-0123456789');
      await t.app.ctx.jobs.send(
        t.app.ctx.db,
        MAIL_JOB,
        foreign.seal({ to: 'x@example.org', subject: 'Hidden', text: 'Hidden text' }),
      );
      await t.mailSettled();
      expect(t.mail).toEqual([]);
      const line = lines.find((l) => l.includes('a queued mail cannot be opened'));
      expect(line).toBeDefined();
      expect(line).not.toMatch(/x@example\.org|Hidden/);
    } finally {
      await t.close();
    }
  });
});

describe(`mail sent several at once (${TEST_ENGINE})`, () => {
  it('delivers MAIL_CONCURRENCY mails at a time, over connections it keeps and reuses', async () => {
    // A relay that holds every message until three are in its hands at once (or gives up after
    // ten seconds), and counts the connections it was opened.
    let connections = 0;
    let inHand = 0;
    let mostInHand = 0;
    const held: (() => void)[] = [];
    const release = () => held.splice(0).forEach((done) => done());
    const relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      disableReverseLookup: true,
      logger: false,
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          inHand += 1;
          mostInHand = Math.max(mostInHand, inHand);
          held.push(() => {
            inHand -= 1;
            callback();
          });
          if (inHand >= 3) release();
        });
      },
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const giveUp = setInterval(release, 10_000);
    const address = relay.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const t = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_CONCURRENCY: '3' },
      { realMailer: true },
    );
    try {
      const send = async (n: number) => {
        for (let i = 0; i < n; i++)
          await t.app.ctx.mail.enqueue(t.app.ctx.db, {
            to: `reader${i}@example.org`,
            subject: 'Remembered',
            text: 'A word was left.',
          });
        await t.mailSettled();
      };
      await send(3);
      expect(mostInHand).toBe(3);
      await send(6);
      expect(mostInHand).toBe(3);
      // Nine mails, three connections: each was kept and used again.
      expect(connections).toBe(3);
    } finally {
      clearInterval(giveUp);
      await t.close();
      release();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
  }, 60_000);
});
