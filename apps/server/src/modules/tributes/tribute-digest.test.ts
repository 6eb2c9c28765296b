// What waits for a family's approval: the counts managers see, and the hourly digest they get
// instead of one email per tribute (decision 0106).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { restartableData, TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createMemorialVia, createUser, type TestUser } from '../../../test/factories.js';
import { memorialPeople, tributeDigests } from '../../db/schema/index.js';
import type { MailMessage } from '../../mail/mailer.js';
import { TRIBUTE_DIGEST_JOB } from './tribute-digest.service.js';

const WAIT = { timeout: 8000, interval: 50 };

const pray = (app: FastifyInstance, user: TestUser, postId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/prayers',
    headers: user.auth,
    payload: { postId, prayerText: 'Rest well.' },
  });

const flower = (app: FastifyInstance, user: TestUser, postId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/flowers',
    headers: user.auth,
    payload: { postId, bouquet: 'lavender' },
  });

const read = async (app: FastifyInstance, url: string, user: TestUser) => {
  const res = await app.inject({ method: 'GET', url, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function approvalMemorial(app: FastifyInstance, owner: TestUser, title: string) {
  return createMemorialVia(app, owner.auth, {
    title,
    traits: 'kind',
    tributeModeration: 'approve',
  });
}

describe(`tributes awaiting approval are counted for managers alone (${TEST_ENGINE})`, () => {
  const t = useTestApp();

  it('the memorial read and the member’s count say how many wait; others get no count', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const manager = await createUser(t.app);
    const contributor = await createUser(t.app);
    const visitor = await createUser(t.app);
    const memorial = await approvalMemorial(t.app, owner, 'Ada Lovelace');
    await t.app.ctx.db.insert(memorialPeople).values([
      { memorialId: memorial._id, userId: manager.row.id, role: 'manager' },
      { memorialId: memorial._id, userId: contributor.row.id, role: 'contributor' },
    ]);
    const page = `/api/v1/posts/post/${memorial._id}`;
    expect((await read(t.app, page, owner)).pendingTributes).toBe(0);

    expect((await pray(t.app, visitor, memorial._id)).statusCode).toBe(201);
    expect((await flower(t.app, contributor, memorial._id)).statusCode).toBe(201);
    // A manager's own tribute needs no approval, and is not counted.
    expect((await flower(t.app, manager, memorial._id)).statusCode).toBe(201);

    expect((await read(t.app, page, owner)).pendingTributes).toBe(2);
    expect((await read(t.app, page, manager)).pendingTributes).toBe(2);
    expect((await read(t.app, page, contributor)).pendingTributes).toBeNull();
    expect((await read(t.app, page, visitor)).pendingTributes).toBeNull();
    const anonymous = await t.app.inject({ method: 'GET', url: page });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data.pendingTributes).toBeNull();

    const mine = '/api/v1/users/me/pending-tributes';
    const expected = {
      total: 2,
      memorials: [{ postId: memorial._id, title: 'Ada Lovelace', pending: 2 }],
    };
    expect(await read(t.app, mine, owner)).toEqual(expected);
    expect(await read(t.app, mine, manager)).toEqual(expected);
    expect(await read(t.app, mine, contributor)).toEqual({ total: 0, memorials: [] });
    expect(await read(t.app, mine, visitor)).toEqual({ total: 0, memorials: [] });

    // Approving one leaves one.
    const queue = await read(t.app, `/api/v1/posts/${memorial._id}/moderation`, owner);
    const first = queue.pending[0] as { kind: string; itemId: string };
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${memorial._id}/moderation`,
      headers: manager.auth,
      payload: { kind: first.kind, itemId: first.itemId, action: 'approve' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await read(t.app, page, owner)).pendingTributes).toBe(1);
    expect((await read(t.app, mine, owner)).total).toBe(1);
  });
});

describe(`managers get one digest an hour at most, across a restart (${TEST_ENGINE})`, () => {
  it('schedules, sends once, holds the next for the hour, and sends nothing when nothing waits', async () => {
    const data = await restartableData('digest');
    let clock = Date.now();
    const start = async () => {
      const mail: MailMessage[] = [];
      const started = await data.start(
        {},
        {
          mailer: { send: async (message) => void mail.push(message) },
          now: () => new Date(clock),
        },
      );
      return { ...started, mail };
    };
    /** The hour has passed for the job queue too: the waiting digest job is due now. */
    const digestDue = (app: FastifyInstance) =>
      app.ctx.db.execute(
        sql`update pgboss.job set start_after = now() where name = ${TRIBUTE_DIGEST_JOB} and state = 'created'`,
      );
    const digests = (mail: MailMessage[], to: string) =>
      mail.filter((m) => m.to === to && /await/.test(m.subject));
    try {
      const first = await start();
      const owner = await createUser(first.app, { role: 'sponsor', fullName: 'Grace Hopper' });
      const ann = await createUser(first.app, { fullName: 'Ann Lee' });
      const bo = await createUser(first.app, { fullName: 'Bo Kim' });
      const cy = await createUser(first.app, { fullName: 'Cy Diaz' });
      const memorial = await approvalMemorial(first.app, owner, 'Rosa Delgado');

      // The first tribute to wait is told at once.
      expect((await pray(first.app, ann, memorial._id)).statusCode).toBe(201);
      await vi.waitFor(() => expect(digests(first.mail, owner.row.email)).toHaveLength(1), WAIT);
      const [once] = digests(first.mail, owner.row.email);
      expect(once!.subject).toBe('1 tribute awaits your approval on the memorial of Rosa Delgado');
      expect(once!.text).toContain('left by Ann Lee.');
      expect(once!.text).toContain(`/post/${memorial._id}/manage/moderation`);

      // Two more within the hour wait for the next digest, an hour after the first.
      clock += 10 * 60_000;
      const boPrays = await pray(first.app, bo, memorial._id);
      expect(boPrays.statusCode, boPrays.body).toBe(201);
      expect((await flower(first.app, cy, memorial._id)).statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(digests(first.mail, owner.row.email)).toHaveLength(1);
      const [row] = await first.app.ctx.db.select().from(tributeDigests);
      expect(row!.dueAt!.getTime() - row!.lastSentAt!.getTime()).toBe(3_600_000);
      await first.close();

      // An hour later, a restarted site sends the one digest that was scheduled.
      clock += 55 * 60_000;
      const second = await start();
      try {
        await digestDue(second.app);
        await vi.waitFor(() => expect(digests(second.mail, owner.row.email)).toHaveLength(1), WAIT);
        const [digest] = digests(second.mail, owner.row.email);
        expect(digest!.subject).toBe(
          '3 tributes await your approval on the memorial of Rosa Delgado',
        );
        expect(digest!.text).toContain('left by Ann Lee, Bo Kim and Cy Diaz.');
        expect(digest!.text).toContain('at most one of these emails an hour');

        // Another tribute now waits for the hour after that digest; meanwhile the family
        // approves everything, and the digest, when it runs, sends nothing.
        clock += 5 * 60_000;
        expect((await pray(second.app, ann, memorial._id)).statusCode).toBe(201);
        const queue = await read(second.app, `/api/v1/posts/${memorial._id}/moderation`, owner);
        expect(queue.pending).toHaveLength(4);
        for (const item of queue.pending as { kind: string; itemId: string }[]) {
          const res = await second.app.inject({
            method: 'POST',
            url: `/api/v1/posts/${memorial._id}/moderation`,
            headers: owner.auth,
            payload: { kind: item.kind, itemId: item.itemId, action: 'approve' },
          });
          expect(res.statusCode, res.body).toBe(200);
        }
        // A job taken before its time by the site's clock goes back to wait.
        await digestDue(second.app);
        await vi.waitFor(async () => {
          const [early] = await second.app.ctx.db.select().from(tributeDigests);
          expect(early!.dueAt).not.toBeNull();
          expect(await second.app.ctx.jobs.depth(TRIBUTE_DIGEST_JOB)).toBe(1);
        }, WAIT);
        clock += 60 * 60_000;
        await digestDue(second.app);
        await vi.waitFor(async () => {
          const [done] = await second.app.ctx.db.select().from(tributeDigests);
          expect(done!.dueAt).toBeNull();
        }, WAIT);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(digests(second.mail, owner.row.email)).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      await data.dispose();
    }
  });
});
