// Mail through the job queue to a real SMTP server on loopback that refuses the first attempts:
// the message arrives exactly once, also when the app restarts between two attempts.
import { mkdtemp, rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPostgresDatabase,
  createTestApp,
  loadTestConfig,
  startAppOnData,
  TEST_ENGINE,
  type TestApp,
} from '../../test/app.js';
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
  afterAll(async () => t?.close());

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
