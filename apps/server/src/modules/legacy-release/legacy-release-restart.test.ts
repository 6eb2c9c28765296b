// The release timer is a job: with the server stopped in the middle of each waiting period (one a
// steward's report started, one the inactivity trigger started) and the clock moved on while it
// was down, the next server's own job sends the mail that came due and releases when the period
// ends; the reader's emailed link, delivered over real SMTP on loopback, opens their part.
import { describe, expect, it, vi } from 'vitest';
import { restartableData, TEST_ENGINE } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { readable, startLoopbackSmtp, type LoopbackSmtp } from '../../../test/smtp-server.js';
import { legacyStewards, users } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';

const DAY = 86_400_000;
const WAIT = { timeout: 20_000, interval: 50 };

describe(`the release timer across restarts (${TEST_ENGINE})`, () => {
  it('sends the halfway mail and releases, each from a server started after the clock moved on', async () => {
    const smtp: LoopbackSmtp = await startLoopbackSmtp(0);
    const data = await restartableData('legacy-restart');
    let now = new Date('2026-05-04T08:00:00Z');
    const start = () =>
      data.start(
        {
          SMTP_URL: smtp.url,
          MAIL_RETRY_DELAY_SECONDS: '1',
          LEGACY_RELEASE_SWEEP_SECONDS: '1',
        },
        { now: () => now },
      );
    const mails = () => smtp.received.map(readable);
    const subjectsTo = (to: string) =>
      mails()
        .filter((m) => m.to === to)
        .map((m) => m.subject);
    try {
      // ---- Server 1: the legacy, its rules, stewards; a report starts a 7-day wait; a member
      // whose inactivity trigger is due in a day.
      const first = await start();
      let member: TestUser;
      let absent: TestUser;
      let steward: TestUser;
      let stewardRowId: string;
      try {
        const { app } = first;
        member = await createUser(app, { fullName: 'Ines Varga' });
        absent = await createUser(app, { fullName: 'Paul Absent' });
        steward = await createUser(app, { fullName: 'Sara Steward' });
        for (const owner of [member, absent]) {
          const saved = await app.inject({
            method: 'POST',
            url: '/api/v1/legacies',
            headers: owner.auth,
            payload: {
              birthPlace: 'Pécs',
              description: 'Her letters',
              aspirations: [
                {
                  name: 'Garden',
                  description: 'Plant the walnut',
                  comment: 'For Tom',
                  release: 'beneficiaries',
                  releaseTo: [`tom.${owner.row.id.slice(0, 6)}@example.org`],
                },
              ],
            },
          });
          expect(saved.statusCode, saved.body).toBe(201);
          const rules = await app.inject({
            method: 'PUT',
            url: '/api/v1/legacy-plan/rules',
            headers: owner.auth,
            payload: {
              reportsNeeded: 1,
              waitingDays: owner === member ? 7 : 2,
              inactivityMonths: owner === absent ? 3 : null,
              sections: {},
            },
          });
          expect(rules.statusCode, rules.body).toBe(200);
        }
        const [row] = await app.ctx.db
          .insert(legacyStewards)
          .values({
            ownerId: member.row.id,
            email: steward.row.email,
            stewardId: steward.row.id,
            tokenHash: `restart-${Date.now()}`,
            expiresAt: new Date(now.getTime() + DAY),
            acceptedAt: now,
          })
          .returning();
        stewardRowId = row!.id;
        // The absent member last signed in three months ago, less two days: due while down.
        const lastSignIn = new Date(now);
        lastSignIn.setUTCMonth(lastSignIn.getUTCMonth() - 3);
        await app.ctx.db
          .update(users)
          .set({ lastSignInAt: new Date(lastSignIn.getTime() + 2 * DAY) })
          .where(eq(users.id, absent.row.id));
        const reported = await app.inject({
          method: 'POST',
          url: `/api/v1/legacy-stewardships/${stewardRowId}/report`,
          headers: steward.auth,
          payload: { dateOfDeath: '2026-05-03' },
        });
        expect(reported.statusCode, reported.body).toBe(200);
        await vi.waitFor(
          () =>
            expect(subjectsTo(member.row.email)).toEqual([
              'Your Life Legacy will be released unless you stop it',
            ]),
          WAIT,
        );
      } finally {
        await first.close();
      }

      // ---- Down for four days: past the halfway point, and past the absent member's deadline.
      now = new Date(now.getTime() + 4 * DAY);
      const second = await start();
      try {
        await vi.waitFor(
          () =>
            expect(subjectsTo(member.row.email).at(-1)).toBe(
              'Reminder: your Life Legacy will be released unless you stop it',
            ),
          WAIT,
        );
        await vi.waitFor(
          () =>
            expect(subjectsTo(absent.row.email)).toContain(
              'Your Life Legacy will be released unless you stop it',
            ),
          WAIT,
        );
        // Several runs more: nothing is sent twice, nothing released early.
        await new Promise((r) => setTimeout(r, 2500));
        expect(subjectsTo(member.row.email)).toHaveLength(2);
        expect(mails().filter((m) => /left part of/.test(m.subject))).toEqual([]);
      } finally {
        await second.close();
      }

      // ---- Down again past both ends: the third server's job releases both.
      now = new Date(now.getTime() + 4 * DAY);
      const third = await start();
      try {
        for (const owner of [member, absent]) {
          const reader = `tom.${owner.row.id.slice(0, 6)}@example.org`;
          const sent = await vi.waitFor(() => {
            const found = mails().find((m) => m.to === reader);
            if (!found) throw new Error(`no mail to ${reader} yet`);
            return found;
          }, WAIT);
          const token = /\/legacy\/released#token=([A-Za-z0-9_-]+)/.exec(sent.text)![1]!;
          const opened = await third.app.inject({
            method: 'POST',
            url: '/api/v1/legacy-access/open',
            payload: { token },
          });
          expect(opened.statusCode, opened.body).toBe(200);
          expect(opened.json().data.aspirations).toEqual([
            { name: 'Garden', description: 'Plant the walnut', comment: 'For Tom' },
          ]);
        }
        expect(
          mails()
            .filter((m) => m.to === steward.row.email)
            .map((m) => m.subject),
        ).toContain('Ines Varga left part of their Life Legacy to you');
        await new Promise((r) => setTimeout(r, 2000));
        const readerMails = mails().filter((m) => /left part of/.test(m.subject));
        expect(readerMails).toHaveLength(3);
      } finally {
        await third.close();
      }
    } finally {
      await smtp.close();
      await data.dispose();
    }
  }, 180_000);
});
