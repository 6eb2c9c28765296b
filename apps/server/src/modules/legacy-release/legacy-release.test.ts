// A Life Legacy's release, driven through its whole state machine with a stepped clock
// (docs/decisions/0122-legacy-release.md): reports by one or two stewards, the member stopping it
// (signed in and by the emailed link), the waiting period's mails and end, exactly what each reader
// can read (checked by reading), access expiry, revocation, a steward who leaves, the member
// changing the rules midway, and the inactivity trigger. The timer's work is called as its job
// calls it; legacy-release-restart.test.ts runs the job itself across restarts.
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';
import type { MailMessage } from '../../mail/mailer.js';
import { runTimer } from './legacy-release.service.js';

const DAY = 86_400_000;
let now = new Date('2026-03-02T09:00:00Z');
const step = (days: number) => (now = new Date(now.getTime() + days * DAY));

const t = useTestApp(
  { LEGACY_RELEASE_SWEEP_SECONDS: '86400', RESET_CONFIRM_LIMIT_PER_IP: '100000' },
  { now: () => now },
);

async function call(request: InjectOptions) {
  const res = await t.app.inject(request);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
  return { status: res.statusCode, body: res.json() as { data: any; message: string } };
}
async function ok(request: InjectOptions) {
  const res = await call(request);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data;
}
const as = (user: TestUser) => user.auth;

/** Mails delivered since the mark, to `to`. */
async function mailTo(to: string, since: number): Promise<MailMessage[]> {
  const all = await t.mailSettled();
  return all.slice(since).filter((m) => m.to === to);
}
const linkIn = (mail: MailMessage, page: string) =>
  new RegExp(`${page}#token=([A-Za-z0-9._-]+)`).exec(mail.text)![1]!;
const mark = async () => (await t.mailSettled()).length;

/** The legacy every test starts from: each section's entries marked a different way. */
const LEGACY = {
  birthPlace: 'Cork',
  description: 'A life by the sea.',
  accomplishments: [
    { description: 'Built the harbour school', from: 1980, to: 1990, beneficiaries: 'Town' },
    {
      description: 'Private diary years',
      from: 1991,
      to: 1995,
      beneficiaries: 'Nobody',
      release: 'private',
    },
  ],
  assets: [
    {
      item: 'Boat',
      description: 'The blue one',
      value: '9000',
      beneficiaries: 'Niamh',
      release: 'beneficiaries',
      releaseTo: ['niamh@example.org'],
    },
  ],
  relationships: [
    {
      name: 'Niamh',
      lastName: 'Byrne',
      relationship: 'Niece',
      release: 'beneficiaries',
      releaseTo: ['NIAMH@example.org', 'sean@example.org'],
    },
  ],
  bucketlists: [{ type: 'Travel', description: 'Aran Islands', status: 'Done' }],
  aspirations: [{ name: 'Calm', description: 'Sail once more', comment: 'Soon' }],
};

interface World {
  member: TestUser;
  stewards: [TestUser, TestUser];
  stewardIds: [string, string];
  stranger: TestUser;
}

async function setRules(member: TestUser, rules: Record<string, unknown>) {
  return ok({
    method: 'PUT',
    url: '/api/v1/legacy-plan/rules',
    headers: as(member),
    payload: {
      reportsNeeded: 1,
      waitingDays: 7,
      inactivityMonths: null,
      sections: { about: 'stewards', accomplishments: 'stewards' },
      ...rules,
    },
  });
}

/** A member with the legacy above, two stewards who accepted by their emailed links. */
async function world(
  rules: Record<string, unknown> = {},
  legacy: object = { ...LEGACY, assets: [] },
): Promise<World> {
  const member = await createUser(t.app, { fullName: 'Máire Byrne' });
  const stewards = [
    await createUser(t.app, { fullName: 'Steward One' }),
    await createUser(t.app, { fullName: 'Steward Two' }),
  ] as [TestUser, TestUser];
  const stranger = await createUser(t.app);
  await ok({ method: 'POST', url: '/api/v1/legacies', headers: as(member), payload: legacy });
  await setRules(member, rules);
  const stewardIds: string[] = [];
  for (const [i, steward] of stewards.entries()) {
    const since = await mark();
    const address = `invited${i}.${member.row.id.slice(0, 8)}@example.org`;
    await ok({
      method: 'POST',
      url: '/api/v1/legacy-plan/stewards',
      headers: as(member),
      payload: { email: address },
    });
    const [invitation] = await mailTo(address, since);
    const token = linkIn(invitation!, '/legacy/steward');
    const accepted = await ok({
      method: 'POST',
      url: '/api/v1/legacy-stewardships/accept',
      headers: as(steward),
      payload: { token },
    });
    expect(accepted.memberName).toBe('Máire Byrne');
    stewardIds.push(accepted._id);
    // The link works once.
    const again = await call({
      method: 'POST',
      url: '/api/v1/legacy-stewardships/accept',
      headers: as(stranger),
      payload: { token },
    });
    expect(again.status).toBe(404);
  }
  return { member, stewards, stewardIds: stewardIds as [string, string], stranger };
}

const report = (w: World, i: 0 | 1, dateOfDeath = '2026-03-01') =>
  call({
    method: 'POST',
    url: `/api/v1/legacy-stewardships/${w.stewardIds[i]}/report`,
    headers: as(w.stewards[i]),
    payload: { dateOfDeath },
  });
const plan = (w: World) => ok({ method: 'GET', url: '/api/v1/legacy-plan', headers: as(w.member) });
const stateOf = async (w: World) => (await plan(w)).release?.state ?? 'none';
const open = (token: string) =>
  call({ method: 'POST', url: '/api/v1/legacy-access/open', payload: { token } });

/** Passes `days` a day at a time, the timer running after each, as its job would. */
async function pass(days: number) {
  for (let d = 0; d < days; d++) {
    step(1);
    await runTimer(t.app.ctx);
  }
}

describe(`a Life Legacy's release (${TEST_ENGINE})`, () => {
  beforeEach(() => {
    now = new Date(now.getTime() + 400 * DAY);
  });

  it('one report starts the waiting period; the member stops it from the email; the stewards are told', async () => {
    const w = await world();
    expect(await stateOf(w)).toBe('none');
    const since = await mark();
    expect((await report(w, 0)).status).toBe(200);
    expect(await stateOf(w)).toBe('waiting');
    const [start] = await mailTo(w.member.row.email, since);
    expect(start!.subject).toBe('Your Life Legacy will be released unless you stop it');
    const stopToken = linkIn(start!, '/legacy/stop');

    // Half the period, then the stop from the email.
    await pass(4);
    const stop = await call({
      method: 'POST',
      url: '/api/v1/legacy-release/stop',
      payload: { token: stopToken },
    });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(await stateOf(w)).toBe('stopped');
    for (const steward of w.stewards) {
      const told = await mailTo(steward.row.email, since);
      expect(told.map((m) => m.subject)).toContain('The release of a Life Legacy was stopped');
    }
    // The link is spent with its release; the period passing releases nothing.
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/v1/legacy-release/stop',
          payload: { token: stopToken },
        })
      ).status,
    ).toBe(409);
    await pass(10);
    expect(await stateOf(w)).toBe('stopped');
    const readers = (await t.mailSettled())
      .slice(since)
      .filter((m) => /left part of/.test(m.subject));
    expect(readers).toEqual([]);
  });

  it('two reports needed: one waits, the second starts the period; mails at the start, halfway and the day before; release is readable, exactly', async () => {
    const w = await world({ reportsNeeded: 2, waitingDays: 14 }, LEGACY);
    const since = await mark();
    await report(w, 0);
    expect(await stateOf(w)).toBe('reported');
    // The same steward reporting twice is still one report.
    await report(w, 0);
    await pass(30);
    expect(await stateOf(w)).toBe('reported');
    expect((await plan(w)).release.reports).toHaveLength(1);

    await report(w, 1);
    expect(await stateOf(w)).toBe('waiting');
    const memberMail = async () => (await mailTo(w.member.row.email, since)).map((m) => m.subject);
    expect(await memberMail()).toEqual(['Your Life Legacy will be released unless you stop it']);
    await pass(7);
    expect((await memberMail()).at(-1)).toBe(
      'Reminder: your Life Legacy will be released unless you stop it',
    );
    await pass(6);
    expect((await memberMail()).at(-1)).toBe(
      'Tomorrow your Life Legacy will be released unless you stop it',
    );
    expect(await stateOf(w)).toBe('waiting');
    await pass(1);
    expect(await stateOf(w)).toBe('released');
    expect((await memberMail()).at(-1)).toBe('Your Life Legacy was released');

    // Every reader's link opens exactly their part.
    const links = new Map<string, string>();
    for (const m of (await t.mailSettled()).slice(since)) {
      if (/left part of their Life Legacy/.test(m.subject))
        links.set(m.to, linkIn(m, '/legacy/released'));
    }
    expect([...links.keys()].sort()).toEqual(
      [
        w.stewards[0].row.email,
        w.stewards[1].row.email,
        'niamh@example.org',
        'sean@example.org',
      ].sort(),
    );
    const steward = (await open(links.get(w.stewards[0].row.email)!)).body.data;
    expect(steward.about).toEqual({ birthPlace: 'Cork', description: 'A life by the sea.' });
    expect(steward.accomplishments).toEqual([
      { description: 'Built the harbour school', from: '1980', to: '1990', beneficiaries: 'Town' },
    ]);
    expect([
      steward.assets,
      steward.relationships,
      steward.bucketlists,
      steward.aspirations,
    ]).toEqual([[], [], [], []]);
    const niamh = (await open(links.get('niamh@example.org')!)).body.data;
    expect(niamh.about).toBeNull();
    expect(niamh.accomplishments).toEqual([]);
    // Two stewards reported: the asset left to her opens.
    expect(niamh.assets).toEqual([
      { item: 'Boat', description: 'The blue one', value: '9000', beneficiaries: 'Niamh' },
    ]);
    expect(niamh.relationships).toEqual([
      { name: 'Niamh', lastName: 'Byrne', relationship: 'Niece' },
    ]);
    const sean = (await open(links.get('sean@example.org')!)).body.data;
    expect(sean.assets).toEqual([]);
    expect(sean.relationships).toHaveLength(1);
    // Other beneficiaries' addresses never reach a reader.
    expect(JSON.stringify(sean)).not.toContain('niamh@example.org');

    // The download is the same part; every reading is logged for the member.
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/v1/legacy-access/download',
      payload: { token: links.get('sean@example.org')! },
    });
    expect(download.headers['content-disposition']).toMatch(/attachment/);
    expect(JSON.parse(download.body).relationships).toEqual(sean.relationships);
    const views = (await plan(w)).views as { email: string; kind: string }[];
    expect(views.filter((v) => v.kind === 'view')).toHaveLength(3);
    expect(views.filter((v) => v.kind === 'download')).toEqual([
      expect.objectContaining({ email: 'sean@example.org' }),
    ]);

    // A steward starts the memorial: name, dates, birth place, and the released accomplishments
    // as moments.
    const started = await ok({
      method: 'POST',
      url: `/api/v1/legacy-stewardships/${w.stewardIds[1]}/memorial`,
      headers: as(w.stewards[1]),
      payload: { title: 'Máire Byrne', dateOfBirth: '1950-05-04', deathDate: '2026-03-01' },
    });
    const memorial = await ok({
      method: 'GET',
      url: `/api/v1/posts/post/${started.memorialId}`,
      headers: as(w.stewards[1]),
    });
    expect(memorial.title).toBe('Máire Byrne');
    expect(memorial.birthPlace).toBe('Cork');
    const moments = await ok({
      method: 'GET',
      url: `/api/v1/timeline/post/${started.memorialId}`,
      headers: as(w.stewards[1]),
    });
    expect(JSON.stringify(moments)).toContain('Built the harbour school');
    expect(JSON.stringify(moments)).not.toContain('Private diary years');
    const twice = await call({
      method: 'POST',
      url: `/api/v1/legacy-stewardships/${w.stewardIds[0]}/memorial`,
      headers: as(w.stewards[0]),
      payload: { title: 'Máire Byrne', dateOfBirth: null, deathDate: '2026-03-01' },
    });
    expect(twice.status).toBe(409);

    // Twelve months on, the access ends: nothing opens.
    await pass(364);
    expect((await open(links.get('sean@example.org')!)).status).toBe(200);
    step(2);
    await runTimer(t.app.ctx);
    expect(await stateOf(w)).toBe('expired');
    for (const token of links.values()) expect((await open(token)).status).toBe(404);
  });

  it('an asset marked for release needs two reports; one alone never opens it', async () => {
    const w = await world({ reportsNeeded: 1 }, LEGACY);
    expect((await plan(w)).effectiveReportsNeeded).toBe(2);
    await report(w, 0);
    expect(await stateOf(w)).toBe('reported');
  });

  it('the member revokes a released legacy: every link stops opening at once', async () => {
    const w = await world({ waitingDays: 1 });
    const since = await mark();
    await report(w, 0);
    await pass(1);
    expect(await stateOf(w)).toBe('released');
    const mails = (await t.mailSettled())
      .slice(since)
      .filter((m) => /left part of/.test(m.subject));
    const tokens = mails.map((m) => linkIn(m, '/legacy/released'));
    for (const token of tokens) expect((await open(token)).status).toBe(200);
    await ok({ method: 'POST', url: '/api/v1/legacy-plan/revoke', headers: as(w.member) });
    expect(await stateOf(w)).toBe('revoked');
    for (const token of tokens) expect((await open(token)).status).toBe(404);
  });

  it('a steward who leaves takes their report along; the member removing the last reporter withdraws it', async () => {
    const w = await world({ reportsNeeded: 2 });
    await report(w, 0);
    await report(w, 1);
    expect(await stateOf(w)).toBe('waiting');
    await ok({
      method: 'DELETE',
      url: `/api/v1/legacy-stewardships/${w.stewardIds[1]}`,
      headers: as(w.stewards[1]),
    });
    expect(await stateOf(w)).toBe('reported');
    await pass(30);
    expect(await stateOf(w)).toBe('reported');
    // The one who left can no longer report, nor act on the stewardship.
    expect((await report(w, 1)).status).toBe(404);
    const since = await mark();
    await ok({
      method: 'DELETE',
      url: `/api/v1/legacy-plan/stewards/${w.stewardIds[0]}`,
      headers: as(w.member),
    });
    expect(await stateOf(w)).toBe('withdrawn');
    expect((await mailTo(w.member.row.email, since)).map((m) => m.subject)).toContain(
      'The report of your death was withdrawn',
    );
  });

  it('the member changes the rules midway: the period follows, and a second report becomes needed', async () => {
    const w = await world({ waitingDays: 7 });
    await report(w, 0);
    await pass(3);
    // Longer: day 8 passes without a release.
    await setRules(w.member, { waitingDays: 30 });
    await pass(5);
    expect(await stateOf(w)).toBe('waiting');
    // Two reports now: back to waiting for the second.
    await setRules(w.member, { waitingDays: 30, reportsNeeded: 2 });
    expect(await stateOf(w)).toBe('reported');
    await pass(40);
    expect(await stateOf(w)).toBe('reported');
    await report(w, 1);
    expect(await stateOf(w)).toBe('waiting');
    // The member, signed in, stops it.
    await ok({ method: 'POST', url: '/api/v1/legacy-plan/stop', headers: as(w.member) });
    expect(await stateOf(w)).toBe('stopped');
    // A later report opens a new release.
    expect((await report(w, 0)).status).toBe(200);
    expect(await stateOf(w)).toBe('reported');
  });

  it('no sign-in for the chosen months: warnings a month and a week before, then the waiting period; signing in resets them', async () => {
    const w = await world({ inactivityMonths: 3, waitingDays: 2 });
    const login = () =>
      ok({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { userName: w.member.row.userName, password: TEST_PASSWORD },
      });
    await login();
    const since = await mark();
    const subjects = async () => (await mailTo(w.member.row.email, since)).map((m) => m.subject);
    await pass(58);
    expect(await subjects()).toEqual([]);
    await pass(10);
    expect(await subjects()).toEqual(['Sign in within a month to keep your Life Legacy private']);
    // Signing in puts the deadline three months off again.
    await login();
    await pass(60);
    expect(await subjects()).toHaveLength(1);
    await pass(25);
    expect((await subjects()).at(-1)).toBe(
      'Sign in within a week to keep your Life Legacy private',
    );
    expect(await stateOf(w)).toBe('none');
    await pass(7);
    expect(await stateOf(w)).toBe('waiting');
    expect((await plan(w)).release.trigger).toBe('inactivity');
    await pass(2);
    expect(await stateOf(w)).toBe('released');
    const sent = (await t.mailSettled()).slice(since).filter((m) => /left part of/.test(m.subject));
    const part = (
      await open(
        linkIn(
          sent.find((m) => m.to === w.stewards[0].row.email)!,
          '/legacy/released',
        ),
      )
    ).body.data;
    expect(part.accomplishments).toHaveLength(1);
  });

  it('refuses what cannot be: one’s own steward, a report from the future, a stop with nothing under way', async () => {
    const w = await world();
    const self = await call({
      method: 'POST',
      url: '/api/v1/legacy-plan/stewards',
      headers: as(w.member),
      payload: { email: w.member.row.email.toUpperCase() },
    });
    expect(self.status).toBe(400);
    expect((await report(w, 0, '2999-01-01')).status).toBe(400);
    expect(
      (await call({ method: 'POST', url: '/api/v1/legacy-plan/stop', headers: as(w.member) }))
        .status,
    ).toBe(409);
    const bad = await call({
      method: 'PUT',
      url: '/api/v1/legacy-plan/rules',
      headers: as(w.member),
      payload: { reportsNeeded: 3, waitingDays: 5, inactivityMonths: 4, sections: {} },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/steward|waiting|months/i);
    // A beneficiary release must name someone.
    const unnamed = await call({
      method: 'POST',
      url: '/api/v1/legacies',
      headers: as(w.member),
      payload: {
        ...LEGACY,
        aspirations: [{ name: 'A', description: 'B', comment: 'C', release: 'beneficiaries' }],
      },
    });
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(unnamed.body)).toMatch(/Name at least one beneficiary/);
  });
});
