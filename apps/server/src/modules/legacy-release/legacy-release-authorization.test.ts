// Who may do what to a Life Legacy's release, in every state of it (decision 0122): the member,
// the steward who reported, the other steward, a beneficiary with an account, a stranger, an
// administrator and a caller not signed in, against every route, in the states none, reported,
// waiting, stopped, released, revoked and expired. Each table row is written out: who succeeds,
// and what everyone else is told. A call that succeeds changes the world, so it is made last.
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { legacyStewards } from '../../db/schema/index.js';
import type { MailMessage } from '../../mail/mailer.js';
import { hashLinkToken } from '../../lib/one-time-links.js';
import { stopLinks } from './legacy-release.machine.js';
import { runTimer } from './legacy-release.service.js';

const DAY = 86_400_000;
let now = new Date('2026-01-05T10:00:00Z');
const t = useTestApp(
  { LEGACY_RELEASE_SWEEP_SECONDS: '86400', RESET_CONFIRM_LIMIT_PER_IP: '100000' },
  { now: () => now },
);

const ACTORS = [
  'anonymous',
  'member',
  'reporter',
  'steward',
  'beneficiary',
  'stranger',
  'admin',
] as const;
type Actor = (typeof ACTORS)[number];
const STATES = [
  'none',
  'reported',
  'waiting',
  'stopped',
  'released',
  'revoked',
  'expired',
] as const;
type State = (typeof STATES)[number];
type Outcome = 'ok' | 'unauth' | 'hidden' | 'invalid' | 'conflict';

interface World {
  users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
  stewardRow: Record<'reporter' | 'steward', string>;
  releaseId: string | null;
  /** The beneficiary's emailed access token, once released. */
  readerToken: string | null;
}

const outcomeOf = (status: number): string =>
  ({ 401: 'unauth', 404: 'hidden', 400: 'invalid', 409: 'conflict' })[status] ??
  (status < 300 ? 'ok' : `status ${status}`);

async function inject(request: InjectOptions) {
  return t.app.inject(request);
}
const headersOf = (w: World, actor: Actor) => (actor === 'anonymous' ? {} : w.users[actor].auth);

async function stewardRow(ownerId: string, steward: TestUser): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(legacyStewards)
    .values({
      ownerId,
      email: steward.row.email,
      stewardId: steward.row.id,
      tokenHash: hashLinkToken(`authz-${steward.row.id}`),
      expiresAt: new Date(now.getTime() + 30 * DAY),
      acceptedAt: now,
    })
    .returning();
  return row!.id;
}

/** Every mail as it is queued (delivery is tested elsewhere; here only the links matter). */
const enqueued: MailMessage[] = [];
beforeAll(() => {
  const queue = t.app.ctx.mail;
  const enqueue = queue.enqueue.bind(queue);
  queue.enqueue = async (db, message) => {
    enqueued.push(message);
    return enqueue(db, message);
  };
});

/** A member whose release is in `state`: two reports needed, a one-day wait. */
async function world(state: State): Promise<World> {
  now = new Date(now.getTime() + 500 * DAY);
  // Earlier rows' worlds are done with: their releases leave the timer's work, so each run of it
  // here looks at this world alone.
  await t.app.ctx.db.execute(
    sql`update legacy_releases set state = 'withdrawn' where state in ('reported', 'waiting', 'released')`,
  );
  const users = {
    member: await createUser(t.app, { fullName: 'Member Of Record' }),
    reporter: await createUser(t.app),
    steward: await createUser(t.app),
    beneficiary: await createUser(t.app),
    stranger: await createUser(t.app),
    admin: await createUser(t.app, { role: 'admin' }),
  };
  const as = users.member.auth;
  const saved = await inject({
    method: 'POST',
    url: '/api/v1/legacies',
    headers: as,
    payload: {
      birthPlace: 'Lyon',
      description: 'Kept for the stewards',
      aspirations: [
        {
          name: 'Letter',
          description: 'For the beneficiary',
          comment: '',
          release: 'beneficiaries',
          releaseTo: [users.beneficiary.row.email],
        },
      ].map((a) => ({ ...a, comment: 'c' })),
    },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  await inject({
    method: 'PUT',
    url: '/api/v1/legacy-plan/rules',
    headers: as,
    payload: {
      reportsNeeded: 2,
      waitingDays: 1,
      inactivityMonths: null,
      sections: { about: 'stewards' },
    },
  });
  const w: World = {
    users,
    stewardRow: {
      reporter: await stewardRow(users.member.row.id, users.reporter),
      steward: await stewardRow(users.member.row.id, users.steward),
    },
    releaseId: null,
    readerToken: null,
  };
  const report = async (who: 'reporter' | 'steward') => {
    const res = await inject({
      method: 'POST',
      url: `/api/v1/legacy-stewardships/${w.stewardRow[who]}/report`,
      headers: users[who].auth,
      payload: { dateOfDeath: now.toISOString().slice(0, 10) },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  if (state === 'none') return w;
  const mailsBefore = enqueued.length;
  await report('reporter');
  if (state !== 'reported') await report('steward');
  if (state === 'stopped') {
    await inject({ method: 'POST', url: '/api/v1/legacy-plan/stop', headers: as });
  }
  if (['released', 'revoked', 'expired'].includes(state)) {
    now = new Date(now.getTime() + 2 * DAY);
    await runTimer(t.app.ctx);
    const mail = enqueued.slice(mailsBefore).find((m) => m.to === users.beneficiary.row.email);
    w.readerToken = /\/legacy\/released#token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  }
  if (state === 'revoked') {
    await inject({ method: 'POST', url: '/api/v1/legacy-plan/revoke', headers: as });
  }
  if (state === 'expired') {
    now = new Date(now.getTime() + 400 * DAY);
    await runTimer(t.app.ctx);
  }
  const plan = await inject({ method: 'GET', url: '/api/v1/legacy-plan', headers: as });
  expect(plan.json().data.release?.state ?? 'none').toBe(state);
  w.releaseId = plan.json().data.release?._id ?? null;
  return w;
}

type Expect = Partial<Record<Actor, Outcome>> & { rest: Outcome };
interface Row {
  route: string;
  /** A success here changes the member's release or stewards: the row gets a world of its own. */
  changes?: true;
  /** Who is told what, in `state`: the named actors, and `rest` for everyone else. */
  expect(state: State): Expect;
  request(w: World, actor: Actor): Promise<InjectOptions> | InjectOptions;
}

const OPEN = (s: State) => s === 'reported' || s === 'waiting';
const SIGNED_IN: Expect = { anonymous: 'unauth', rest: 'ok' };

const rows: Row[] = [
  {
    route: 'GET /api/v1/legacy-plan',
    expect: () => SIGNED_IN,
    request: (w, a) => ({ method: 'GET', url: '/api/v1/legacy-plan', headers: headersOf(w, a) }),
  },
  {
    route: 'PUT /api/v1/legacy-plan/rules',
    expect: () => SIGNED_IN,
    request: (w, a) => ({
      method: 'PUT',
      url: '/api/v1/legacy-plan/rules',
      headers: headersOf(w, a),
      // The member's own rules as they are: the state stays what the row is about.
      payload: {
        reportsNeeded: 2,
        waitingDays: 1,
        inactivityMonths: null,
        sections: { about: 'stewards' },
      },
    }),
  },
  {
    route: 'POST /api/v1/legacy-plan/stewards',
    expect: () => SIGNED_IN,
    request: (w, a) => ({
      method: 'POST',
      url: '/api/v1/legacy-plan/stewards',
      headers: headersOf(w, a),
      payload: { email: `someone.${a}@example.org` },
    }),
  },
  {
    route: 'DELETE /api/v1/legacy-plan/stewards/:id',
    changes: true,
    // Removing a steward after release revokes their access; before, takes their report along.
    expect: () => ({ anonymous: 'unauth', member: 'ok', rest: 'hidden' }),
    request: (w, a) => ({
      method: 'DELETE',
      url: `/api/v1/legacy-plan/stewards/${w.stewardRow.steward}`,
      headers: headersOf(w, a),
    }),
  },
  {
    route: 'POST /api/v1/legacy-plan/stop',
    changes: true,
    expect: (s) => ({ anonymous: 'unauth', member: OPEN(s) ? 'ok' : 'conflict', rest: 'conflict' }),
    request: (w, a) => ({
      method: 'POST',
      url: '/api/v1/legacy-plan/stop',
      headers: headersOf(w, a),
    }),
  },
  {
    route: 'POST /api/v1/legacy-plan/revoke',
    changes: true,
    expect: (s) => ({
      anonymous: 'unauth',
      member: s === 'released' ? 'ok' : 'conflict',
      rest: 'conflict',
    }),
    request: (w, a) => ({
      method: 'POST',
      url: '/api/v1/legacy-plan/revoke',
      headers: headersOf(w, a),
    }),
  },
  {
    route: 'POST /api/v1/legacy-release/stop',
    changes: true,
    // The emailed link is the right, whoever holds it (here: someone not signed in); a link to a
    // release that does not exist, as signed as a real one, names nothing, whoever sends it.
    expect: (s) => ({
      anonymous: s === 'none' ? 'hidden' : OPEN(s) ? 'ok' : 'conflict',
      rest: 'hidden',
    }),
    request: (w, a) => ({
      method: 'POST',
      url: '/api/v1/legacy-release/stop',
      headers: headersOf(w, a),
      payload: {
        token: stopLinks(t.app.ctx.config.jwtSecret).issue(
          (a === 'anonymous' && w.releaseId) || '00000000-0000-4000-8000-000000000000',
        ),
      },
    }),
  },
  {
    route: 'POST /api/v1/legacy-stewardships/accept',
    changes: true,
    // A fresh invitation of the member's for each caller: whoever holds it may accept it, except
    // the member themself and those who already are stewards.
    expect: () => ({
      anonymous: 'unauth',
      member: 'invalid',
      reporter: 'conflict',
      steward: 'conflict',
      rest: 'ok',
    }),
    request: async (w, a) => {
      const token = `invitation-${a}-${now.getTime()}-${Math.random()}`;
      await t.app.ctx.db.insert(legacyStewards).values({
        ownerId: w.users.member.row.id,
        email: `invited.${a}.${Math.random()}@example.org`,
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(now.getTime() + DAY),
      });
      return {
        method: 'POST',
        url: '/api/v1/legacy-stewardships/accept',
        headers: headersOf(w, a),
        payload: { token },
      };
    },
  },
  {
    route: 'GET /api/v1/legacy-stewardships',
    expect: () => SIGNED_IN,
    request: (w, a) => ({
      method: 'GET',
      url: '/api/v1/legacy-stewardships',
      headers: headersOf(w, a),
    }),
  },
  {
    route: 'DELETE /api/v1/legacy-stewardships/:id',
    changes: true,
    expect: () => ({ anonymous: 'unauth', reporter: 'ok', rest: 'hidden' }),
    request: (w, a) => ({
      method: 'DELETE',
      url: `/api/v1/legacy-stewardships/${w.stewardRow.reporter}`,
      headers: headersOf(w, a),
    }),
  },
  {
    route: 'POST /api/v1/legacy-stewardships/:id/report',
    changes: true,
    // Once released, there is nothing to report; stopped, revoked or expired, a report starts anew.
    expect: (s) => ({
      anonymous: 'unauth',
      steward: s === 'released' ? 'conflict' : 'ok',
      rest: 'hidden',
    }),
    request: (w, a) => ({
      method: 'POST',
      url: `/api/v1/legacy-stewardships/${w.stewardRow.steward}/report`,
      headers: headersOf(w, a),
      payload: { dateOfDeath: now.toISOString().slice(0, 10) },
    }),
  },
  {
    route: 'POST /api/v1/legacy-stewardships/:id/memorial',
    changes: true,
    expect: (s) => ({
      anonymous: 'unauth',
      steward: s === 'released' ? 'ok' : 'conflict',
      rest: 'hidden',
    }),
    request: (w, a) => ({
      method: 'POST',
      url: `/api/v1/legacy-stewardships/${w.stewardRow.steward}/memorial`,
      headers: headersOf(w, a),
      payload: { title: 'Member Of Record', dateOfBirth: null, deathDate: '2025-12-01' },
    }),
  },
  ...(['open', 'download'] as const).map((kind): Row => ({
    route: `POST /api/v1/legacy-access/${kind}`,
    // The beneficiary's emailed link opens their part while it is released, for whoever holds
    // it (a link forwarded is the reader's choice); before and after, it opens nothing. No
    // account, an administrator's included, reads released content without such a link.
    expect: (s) => ({ rest: s === 'released' ? 'ok' : 'hidden' }),
    request: (w, a) => ({
      method: 'POST',
      url: `/api/v1/legacy-access/${kind}`,
      headers: headersOf(w, a),
      payload: { token: w.readerToken ?? 'never-sent-never-sent-never-sent' },
    }),
  })),
];

describe(`a Life Legacy's release: who may do what, in every state (${TEST_ENGINE})`, () => {
  it('has a row for every route of the release', () => {
    const registered = t.app.registeredRoutes
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => /legacy-(plan|release|stewardships|access)/.test(r));
    expect(rows.map((r) => r.route).sort()).toEqual(registered.sort());
  });

  for (const state of STATES) {
    it(`in state ${state}`, async () => {
      const seen: string[] = [];
      const wrong: string[] = [];
      // Rows that change nothing of the member's release share one world, before any other is
      // made (making one closes the releases of those before it).
      const ordered = [...rows].sort(
        (a, b) => Number(a.changes ?? false) - Number(b.changes ?? false),
      );
      let shared: World | null = null;
      for (const r of ordered) {
        const w = r.changes ? await world(state) : (shared ??= await world(state));
        const expected = r.expect(state);
        const outcome = (a: Actor) => expected[a] ?? expected.rest;
        // Refusals first: they change nothing; then the callers who succeed.
        const order = [...ACTORS].sort(
          (a, b) => Number(outcome(a) === 'ok') - Number(outcome(b) === 'ok'),
        );
        for (const actor of order) {
          const res = await inject(await r.request(w, actor));
          const got = outcomeOf(res.statusCode);
          seen.push(`${r.route} ${actor}: ${got}`);
          if (got !== outcome(actor)) {
            wrong.push(
              `${r.route} as ${actor}: ${got}, expected ${outcome(actor)} (${res.body.slice(0, 100)})`,
            );
          }
          // Nobody's answer carries the member's released text but the readers' own.
          if (
            !r.route.includes('legacy-access') &&
            !(r.route === 'GET /api/v1/legacy-plan' && actor === 'member')
          ) {
            expect(res.body).not.toContain('For the beneficiary');
          }
          // A stranger's or an administrator's own pages name none of the member's stewards.
          if (['stranger', 'admin', 'beneficiary'].includes(actor) && r.route.startsWith('GET')) {
            expect(res.body).not.toContain(w.users.reporter.row.email);
            expect(res.body).not.toContain('Member Of Record');
          }
        }
        // Only one caller at a time may succeed where success changes the state.
        if (
          r.route.includes('stop') ||
          r.route.includes('revoke') ||
          r.route.includes('memorial')
        ) {
          const winners = ACTORS.filter((a) => outcome(a) === 'ok');
          expect(winners.length, r.route).toBeLessThanOrEqual(1);
        }
      }
      expect(wrong, seen.join('\n')).toEqual([]);
    }, 240_000);
  }
});
