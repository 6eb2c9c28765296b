// The yearly copy (decision 0126) with a stepped clock and real SMTP on loopback: a year passes
// and every recipient gets exactly one mail (opted-out ones none, a confirmed address one, an
// unconfirmed none), across a server stopped in the middle of the run; the stop link works
// without signing in and changes nothing on GET; a change of owner sends the new owner a copy;
// `npm run send-copies` on the stopped server's data queues one copy more for every recipient.
import { describe, expect, it, vi } from 'vitest';
import { restartableData, TEST_ENGINE } from '../../../test/app.js';
import { createMemorialRow, createUser, type TestUser } from '../../../test/factories.js';
import { readable, startLoopbackSmtp, type LoopbackSmtp } from '../../../test/smtp-server.js';
import { sendCopies } from '../../cli/send-copies-command.js';
import { memorialPeople, yearlyCopies } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';

const WAIT = { timeout: 30_000, interval: 50 };

describe(`the yearly copy across restarts (${TEST_ENGINE})`, () => {
  it('sends each recipient one copy a year, resumes after a stop, honours opt-outs and a new owner', async () => {
    const smtp: LoopbackSmtp = await startLoopbackSmtp(0);
    const data = await restartableData('yearly-copy');
    let now = new Date('2026-05-04T08:00:00Z');
    const start = () =>
      data.start(
        {
          SMTP_URL: smtp.url,
          MAIL_RETRY_DELAY_SECONDS: '1',
          YEARLY_COPY_SWEEP_SECONDS: '1',
          YEARLY_COPY_BATCH: '1',
        },
        { now: () => now },
      );
    const mails = () => smtp.received.map(readable);
    const copiesTo = (to: string) =>
      mails().filter((m) => m.to === to && m.subject.startsWith('A copy of the memorial'));
    const copyMails = () => mails().filter((m) => m.subject.startsWith('A copy of the memorial'));
    try {
      const first = await start();
      let owner: TestUser, manager: TestUser, quiet: TestUser, successor: TestUser;
      let contributor: TestUser;
      let memorialId = '';
      let other = '';
      try {
        const { app } = first;
        owner = await createUser(app, { fullName: 'Olga Owner' });
        manager = await createUser(app, { fullName: 'Mara Manager' });
        quiet = await createUser(app, { fullName: 'Quinn Quiet' });
        successor = await createUser(app, { fullName: 'Sami Successor' });
        contributor = await createUser(app, { fullName: 'Cora Contributor' });
        // Made on June 1st last year: its year comes round on June 1st, four weeks from now.
        const memorial = await createMemorialRow(app, owner, {
          title: 'Rosa Delgado',
          createdAt: new Date('2025-06-01T10:00:00Z'),
          successorId: successor.row.id,
        });
        memorialId = memorial.id;
        // A second memorial due on June 2nd, so the run has several batches.
        other = (
          await createMemorialRow(app, manager, {
            title: 'Tomas Berg',
            createdAt: new Date('2025-06-02T10:00:00Z'),
          })
        ).id;
        await app.ctx.db.insert(memorialPeople).values([
          { memorialId, userId: owner.row.id, role: 'owner' },
          { memorialId, userId: manager.row.id, role: 'manager' },
          { memorialId, userId: quiet.row.id, role: 'manager' },
          { memorialId, userId: successor.row.id, role: 'viewer' },
          { memorialId, userId: contributor.row.id, role: 'contributor' },
          { memorialId: other, userId: manager.row.id, role: 'owner' },
        ]);
        // Quinn opts out on the Manage page; the switch reads back.
        const off = await app.inject({
          method: 'PUT',
          url: `/api/v1/posts/${memorialId}/yearly-copy`,
          headers: quiet.auth,
          payload: { sendToMe: false },
        });
        expect(off.statusCode, off.body).toBe(200);
        expect(off.json().data).toMatchObject({ receives: true, sendToMe: false });
        // The owner adds two addresses; one confirms by its link, one never does.
        for (const email of ['family.box@example.org', 'never.confirmed@example.org']) {
          const added = await app.inject({
            method: 'POST',
            url: `/api/v1/posts/${memorialId}/yearly-copy/addresses`,
            headers: owner.auth,
            payload: { email },
          });
          expect(added.statusCode, added.body).toBe(200);
        }
        // A contributor may not add one.
        const refused = await app.inject({
          method: 'POST',
          url: `/api/v1/posts/${memorialId}/yearly-copy/addresses`,
          headers: contributor.auth,
          payload: { email: 'x@example.org' },
        });
        expect(refused.statusCode).toBe(403);
        const invite = await vi.waitFor(() => {
          const found = mails().find((m) => m.to === 'family.box@example.org');
          if (!found) throw new Error('no confirmation mail yet');
          return found;
        }, WAIT);
        const token = /\/copies\/confirm#token=([A-Za-z0-9_-]+)/.exec(invite.text)![1]!;
        const confirmed = await app.inject({
          method: 'POST',
          url: '/api/v1/yearly-copy/confirm',
          payload: { token },
        });
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        expect(confirmed.json().data).toEqual({ title: 'Rosa Delgado' });
        // Not yet a year: a few runs send nothing.
        await new Promise((r) => setTimeout(r, 2000));
        expect(copyMails()).toEqual([]);
      } finally {
        await first.close();
      }

      // ---- The year comes round: a server runs until the first copy goes out, then stops.
      now = new Date('2026-06-03T09:00:00Z');
      const second = await start();
      try {
        await vi.waitFor(() => expect(copyMails().length).toBeGreaterThan(0), WAIT);
      } finally {
        await second.close();
      }
      const third = await start();
      try {
        const expected = [
          owner!.row.email,
          manager!.row.email,
          successor!.row.email,
          'family.box@example.org',
        ];
        await vi.waitFor(() => {
          for (const to of expected) expect(copiesTo(to).length).toBeGreaterThan(0);
          // The second memorial's owner.
          expect(copiesTo(manager!.row.email)).toHaveLength(2);
        }, WAIT);
        // Several runs more: nothing twice; opted out, unconfirmed, contributor: nothing.
        await new Promise((r) => setTimeout(r, 2500));
        for (const to of [owner!.row.email, successor!.row.email, 'family.box@example.org']) {
          expect(copiesTo(to)).toHaveLength(1);
        }
        expect(copiesTo(manager!.row.email)).toHaveLength(2);
        for (const to of [
          quiet!.row.email,
          contributor!.row.email,
          'never.confirmed@example.org',
        ]) {
          expect(copiesTo(to)).toEqual([]);
        }
        const rows = await third.app.ctx.db
          .select()
          .from(yearlyCopies)
          .where(eq(yearlyCopies.memorialId, memorialId));
        expect(rows.filter((r) => r.sentAt)).toHaveLength(4);

        // The copy's link downloads the archive once.
        const sent = copiesTo(owner!.row.email)[0]!;
        const download = /\/exports\/download#token=([A-Za-z0-9_-]+)/.exec(sent.text)![1]!;
        const zip = await third.app.inject({
          method: 'POST',
          url: '/api/v1/exports/download',
          payload: { token: download },
        });
        expect(zip.statusCode).toBe(200);
        expect(zip.headers['content-type']).toBe('application/zip');
        const again = await third.app.inject({
          method: 'POST',
          url: '/api/v1/exports/download',
          payload: { token: download },
        });
        expect(again.statusCode).toBe(404);

        // The successor's stop link: GET changes nothing, POST stops it, with no sign-in.
        const stop = /(\/copies\/stop\?token=[^\s"<>]+)/.exec(
          copiesTo(successor!.row.email)[0]!.text,
        )![1]!;
        const page = await third.app.inject({ method: 'GET', url: stop });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<form method="post"');
        const settings = () =>
          third.app.inject({
            method: 'GET',
            url: `/api/v1/posts/${memorialId}/yearly-copy`,
            headers: successor!.auth,
          });
        expect((await settings()).json().data.sendToMe).toBe(true);
        const stopped = await third.app.inject({
          method: 'POST',
          url: stop,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(stopped.statusCode).toBe(200);
        expect((await settings()).json().data.sendToMe).toBe(false);
        // Quinn opts back in.
        const on = await third.app.inject({
          method: 'PUT',
          url: `/api/v1/posts/${memorialId}/yearly-copy`,
          headers: quiet!.auth,
          payload: { sendToMe: true },
        });
        expect(on.json().data.sendToMe).toBe(true);

        // A change of owner: the manager accepts ownership and receives a copy at once.
        const offered = await third.app.inject({
          method: 'POST',
          url: `/api/v1/posts/${memorialId}/transfer`,
          headers: owner!.auth,
          payload: { userId: manager!.row.id },
        });
        expect(offered.statusCode, offered.body).toBe(200);
        const accepted = await third.app.inject({
          method: 'POST',
          url: `/api/v1/posts/${memorialId}/transfer/accept`,
          headers: manager!.auth,
        });
        expect(accepted.statusCode, accepted.body).toBe(200);
        await vi.waitFor(() => expect(copiesTo(manager!.row.email)).toHaveLength(3), WAIT);
        expect(copiesTo(manager!.row.email)[2]!.text).toContain('has a new owner');
      } finally {
        await third.close();
      }

      // ---- Another year: Quinn (back in) receives; the successor (stopped) does not.
      now = new Date('2027-06-05T09:00:00Z');
      const fourth = await start();
      try {
        await vi.waitFor(() => expect(copiesTo(quiet!.row.email)).toHaveLength(1), WAIT);
        await vi.waitFor(() => expect(copiesTo(owner!.row.email)).toHaveLength(2), WAIT);
        await new Promise((r) => setTimeout(r, 2000));
        expect(copiesTo(successor!.row.email)).toHaveLength(1);
        expect(copiesTo('family.box@example.org')).toHaveLength(2);
      } finally {
        await fourth.close();
      }

      // ---- The site closes: `npm run send-copies` on the stopped server's data, twice the same
      // day; the next server sends every recipient of every memorial one copy more.
      now = new Date('2027-09-10T09:00:00Z');
      // One copy more for Olga, Quinn and the family's address (Rosa's), two for Mara (both
      // memorials); none for the stopped successor, the contributor or the unconfirmed address.
      const more = new Map<string, number>([
        [owner!.row.email, 1],
        [manager!.row.email, 2],
        [quiet!.row.email, 1],
        [successor!.row.email, 0],
        [contributor!.row.email, 0],
        ['family.box@example.org', 1],
        ['never.confirmed@example.org', 0],
      ]);
      const before = new Map([...more.keys()].map((to) => [to, copiesTo(to).length]));
      const oneRunMore = () => {
        for (const [to, count] of more)
          expect(copiesTo(to), to).toHaveLength(before.get(to)! + count);
      };
      const env = data.cliEnv();
      const said: string[] = [];
      const out = {
        log: (line: string) => said.push(line),
        error: (line: string) => said.push(line),
      };
      expect(await sendCopies(out, env, () => now)).toBe(0);
      expect(said.at(-1)).toMatch(/^5 copies queued\./);
      expect(await sendCopies(out, env, () => now)).toBe(0);
      expect(said.at(-1)).toMatch(/^0 copies queued\./);
      const fifth = await start();
      try {
        await vi.waitFor(oneRunMore, WAIT);
        await new Promise((r) => setTimeout(r, 2000));
        oneRunMore();
      } finally {
        await fifth.close();
      }
    } finally {
      await smtp.close();
      await data.dispose();
    }
  }, 150_000);
});
