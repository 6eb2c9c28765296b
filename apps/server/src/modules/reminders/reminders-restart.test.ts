// The sending run stopped half-way (an error after its first batch, then the server closed) and
// a new server built on the same database: every reminder reaches a real SMTP server on loopback
// exactly once, the rest sent by the job queue's own run, at the injected clock's day.
import { describe, expect, it, vi } from 'vitest';
import { restartableData, TEST_ENGINE } from '../../../test/app.js';
import { createMemorialRow, createUser } from '../../../test/factories.js';
import { startLoopbackSmtp } from '../../../test/smtp-server.js';
import { anniversaryReminders } from '../../db/schema/index.js';
import { sendDueReminders } from './reminders.service.js';

const WAIT = { timeout: 20_000, interval: 50 };
const MEMBERS = 7;
const NOW = new Date('2026-11-27T10:00:00Z');

describe(`reminders across a restart (${TEST_ENGINE})`, () => {
  it('sends each due reminder once when a run dies half-way and the server restarts', async () => {
    const smtp = await startLoopbackSmtp(0);
    const data = await restartableData('reminders-restart');
    const start = (env: Record<string, string>) =>
      data.start(
        {
          SMTP_URL: smtp.url,
          MAIL_RETRY_DELAY_SECONDS: '1',
          ...env,
        },
        { now: () => NOW },
      );
    try {
      // The first server's own runs (every second) wait for an hour that does not come today.
      const first = await start({ REMINDER_SEND_HOUR: '23', REMINDER_SWEEP_SECONDS: '1' });
      const owner = await createUser(first.app, { role: 'sponsor' });
      const memorial = await createMemorialRow(first.app, owner, {
        title: 'Rosa María Delgado',
        dateOfBirth: '1941-12-03',
      });
      const emails: string[] = [];
      for (let i = 0; i < MEMBERS; i++) {
        const member = await createUser(first.app, { email: `reader${i}@example.org` });
        emails.push(member.row.email);
        await first.app.ctx.db.insert(anniversaryReminders).values({
          userId: member.row.id,
          memorialId: memorial.id,
          birthday: true,
          daysBefore: 6,
          nextDue: '2026-11-27',
        });
      }
      // A run that dies after its first batch of 3.
      await expect(
        sendDueReminders(first.app.ctx, {
          batchSize: 3,
          afterBatch: () => {
            throw new Error('killed');
          },
        }),
      ).rejects.toThrow('killed');
      await first.close();
      console.info(`after the first server: ${smtp.received.length} delivered`);
      expect(smtp.received.length).toBeLessThanOrEqual(3);

      // The new server's job runs within a second and sends the rest.
      const second = await start({ REMINDER_SEND_HOUR: '8', REMINDER_SWEEP_SECONDS: '1' });
      try {
        await vi.waitFor(() => expect(smtp.received).toHaveLength(MEMBERS), WAIT);
        // Another run by hand, and a few of the job's own: nothing more.
        expect((await sendDueReminders(second.app.ctx)).sent).toBe(0);
        await new Promise((r) => setTimeout(r, 2500));
        expect(smtp.received).toHaveLength(MEMBERS);
        const recipients = smtp.received.map((raw) => /^To: (.+)$/m.exec(raw)![1]!.trim());
        expect(new Set(recipients)).toEqual(new Set(emails));
        // Headers as one line each (a long one is folded onto the next).
        const raw = smtp.received[0]!.replace(/\r?\n[ \t]+/g, ' ');
        expect(raw).toMatch(
          /^List-Unsubscribe: <https?:\/\/[^>]+\/reminders\/unsubscribe\?token=/m,
        );
        expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
        expect(raw).toMatch(/Content-Type: multipart\/alternative/);
        expect(raw).toMatch(/Content-Type: text\/html/);
        console.info(
          `reminders restart: ${smtp.received.length} delivered for ${MEMBERS} reminders, ${smtp.attempts} attempts`,
        );
      } finally {
        await second.close();
      }
    } finally {
      await smtp.close();
      await data.dispose();
    }
  }, 180_000);
});
