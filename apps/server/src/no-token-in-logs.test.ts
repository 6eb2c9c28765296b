// No token in a log line: an invitation, a password reset, an emailed memorial archive, a digest
// an anniversary reminder, a Life Legacy's release and a yearly copy's address are taken from the first email to the last click, as a browser
// would, against the app's real logger; then every log line is searched for every link and token
// the emails carried.
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgotPasswordRequest } from '../test/accounts.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/app.js';
import { createMemorialRequest, createMemorialRow, createUser } from '../test/factories.js';
import { multipartRequest } from '../test/multipart.js';
import type { MailMessage } from './mail/mailer.js';
import { prayers } from './db/schema/index.js';
import { runFollowDigests } from './modules/follows/follow-digest.service.js';
import { sendDueReminders } from './modules/reminders/reminders.service.js';
import { runTimer } from './modules/legacy-release/legacy-release.service.js';

const PUBLIC_URL = 'https://rips.example.org';
const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'debug', PUBLIC_URL, EXPORT_INLINE_MAX_BYTES: '0' },
    { logStream },
  );
});
afterAll(async () => t?.close());

const send = (request: InjectOptions) => t.app.inject(request);

/** The newest mail to `to` whose text holds `marker`, once the queue has delivered it. */
async function mailTo(to: string, marker: string): Promise<MailMessage> {
  return vi.waitFor(
    () => {
      const found = [...t.mail].reverse().find((m) => m.to === to && m.text.includes(marker));
      if (!found) throw new Error(`no mail to ${to} with ${marker} yet`);
      return found;
    },
    { timeout: 30_000, interval: 50 },
  );
}

/** Every link of this site in a mail. */
const linksIn = (message: MailMessage) =>
  [...message.text.matchAll(/https?:\/\/[^\s<>"]+/g)]
    .map((m) => m[0])
    .filter((link) => link.startsWith(PUBLIC_URL));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The secrets a link carries, wherever it carries them: query and fragment values, and path
 * segments that are neither words nor ids (a memorial's id in `/post/{id}` names, it grants nothing).
 */
function secretsIn(link: string): string[] {
  const url = new URL(link);
  const values = [
    ...url.searchParams.values(),
    ...new URLSearchParams(url.hash.slice(1)).values(),
    ...url.pathname.split('/').filter((segment) => segment.length >= 20 && !UUID.test(segment)),
  ];
  return values.filter((v) => v.length >= 20);
}

/** What a browser sends for a link: its path and query, never its fragment. */
const requestedBy = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Every link and secret the mails of the flows carried, for the final search of the log. */
const issued: { link: string; secrets: string[] }[] = [];
function remember(message: MailMessage): { link: string; secret: string }[] {
  return linksIn(message).flatMap((link) => {
    const secrets = secretsIn(link);
    if (secrets.length > 0) issued.push({ link, secrets });
    return secrets.map((secret) => ({ link, secret }));
  });
}

describe(`no token in a log line (${TEST_ENGINE})`, () => {
  it('an invitation, from the email to its acceptance, and an old link still accepted', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const invitee = await createUser(t.app);
    const memorial = await send(
      multipartRequest('POST', '/api/v1/posts', owner.auth, {
        title: 'Ada Lovelace',
        visibility: 'private',
      }),
    );
    expect(memorial.statusCode, memorial.body).toBe(201);
    const memorialId = memorial.json().data._id as string;
    const invite = (role: string) =>
      send({
        method: 'POST',
        url: `/api/v1/posts/${memorialId}/invitations`,
        headers: owner.auth,
        payload: { email: invitee.row.email, role },
      });
    expect((await invite('viewer')).statusCode).toBe(201);
    const [{ link, secret: token } = { link: '', secret: '' }] = remember(
      await mailTo(invitee.row.email, 'invites you'),
    );
    expect(token, 'the invitation mail carries a token').toHaveLength(43);

    // The invitee opens the link (the page), then presses its button.
    await send({ method: 'GET', url: requestedBy(link) });
    const accepted = await send({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      headers: invitee.auth,
      payload: { token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ postId: memorialId, role: 'viewer' });

    // A link emailed before tokens left paths still opens its page and is accepted.
    expect((await invite('contributor')).statusCode).toBe(201);
    const [{ secret: old } = { secret: '' }] = remember(
      await mailTo(invitee.row.email, 'as a contributor'),
    );
    expect(old).toHaveLength(43);
    await send({ method: 'GET', url: `/invitations/${old}` });
    const oldAccept = await send({
      method: 'POST',
      url: `/api/v1/invitations/${old}/accept`,
      headers: invitee.auth,
    });
    expect(oldAccept.statusCode, oldAccept.body).toBe(200);
    expect(oldAccept.json().data.role).toBe('contributor');
    issued.push({ link: `${PUBLIC_URL}/invitations/${old}`, secrets: [old] });
  });

  it('a password reset, from the email to the form’s submit', async () => {
    const member = await createUser(t.app);
    const requested = await send(forgotPasswordRequest(member.row, 'A-new-passphrase-42'));
    expect(requested.statusCode).toBe(200);
    const [{ link, secret: token } = { link: '', secret: '' }] = remember(
      await mailTo(member.row.email, 'reset-password'),
    );
    expect(token).toHaveLength(43);
    await send({ method: 'GET', url: requestedBy(link) });
    const confirmed = await send({
      method: 'POST',
      url: '/api/v1/users/reset-password/confirm',
      payload: {
        token,
        newPassword: 'A-new-passphrase-42',
        confirmNewPassword: 'A-new-passphrase-42',
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('an emailed memorial archive, from the request to the download', async () => {
    const sponsor = await createUser(t.app, { role: 'sponsor' });
    const created = await send(
      await createMemorialRequest(sponsor.auth, { title: 'Mary Seacole' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const queued = await send({
      method: 'POST',
      url: `/api/v1/posts/${created.json().data._id}/export`,
      headers: sponsor.auth,
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const [{ link, secret: token } = { link: '', secret: '' }] = remember(
      await mailTo(sponsor.row.email, 'exports/download'),
    );
    expect(token.length).toBeGreaterThanOrEqual(20);
    await send({ method: 'GET', url: requestedBy(link) });
    const download = await send({
      method: 'POST',
      url: '/api/v1/exports/download',
      payload: { token },
    });
    expect(download.statusCode, download.body.slice(0, 200)).toBe(200);
  });

  it('a digest to a follower, from the mail to its one-click unsubscribe', async () => {
    const sponsor = await createUser(t.app, { role: 'sponsor' });
    const follower = await createUser(t.app);
    const created = await send(await createMemorialRequest(sponsor.auth, { title: 'Alan Turing' }));
    expect(created.statusCode, created.body).toBe(201);
    const postId = created.json().data._id as string;
    const followed = await send({
      method: 'POST',
      url: '/api/v1/follows',
      headers: follower.auth,
      payload: { postId },
    });
    expect(followed.statusCode, followed.body).toBe(200);
    await t.app.ctx.db.insert(prayers).values({
      memorialId: postId,
      ownerId: sponsor.row.id,
      text: 'Remembered.',
      createdAt: new Date(Date.now() + 60_000),
    });
    const later = new Date(Date.now() + 8 * 86_400_000);
    await runFollowDigests({ ...t.app.ctx, now: () => later });
    const digest = await mailTo(follower.row.email, 'follows/unsubscribe');
    const [{ link, secret: token } = { link: '', secret: '' }] = remember(digest);
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect(digest.headers?.['List-Unsubscribe']).toBe(`<${link}>`);
    await send({ method: 'GET', url: requestedBy(link) });
    const stopped = await send({
      method: 'POST',
      url: requestedBy(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
  });

  it('an anniversary reminder, from the mail to its unsubscribe page and button', async () => {
    const sponsor = await createUser(t.app, { role: 'sponsor' });
    const member = await createUser(t.app);
    // A birthday ten days from today, and a reminder ten days before it: due today.
    const birthday = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(5, 10);
    const memorial = await createMemorialRow(t.app, sponsor, {
      title: 'Grace Hopper',
      dateOfBirth: `1950-${birthday === '02-29' ? '02-28' : birthday}`,
    });
    const saved = await send({
      method: 'PUT',
      url: `/api/v1/reminders/post/${memorial.id}`,
      headers: member.auth,
      payload: { birthday: true, death: false, daysBefore: birthday === '02-29' ? 9 : 10 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await sendDueReminders(t.app.ctx)).sent).toBe(1);
    const reminderMail = await mailTo(member.row.email, 'reminders/unsubscribe');
    const [{ link, secret: token } = { link: '', secret: '' }] = remember(reminderMail);
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect((await send({ method: 'GET', url: requestedBy(link) })).statusCode).toBe(200);
    const stopped = await send({ method: 'POST', url: requestedBy(link) });
    expect(stopped.statusCode, stopped.body).toBe(200);
  });

  it('a Life Legacy: the steward’s invitation, the member’s stop link, and a reader’s access', async () => {
    const member = await createUser(t.app, { fullName: 'Ada Byrne' });
    const steward = await createUser(t.app);
    const secretText = 'The combination is 4471 under the blue stone';
    const legacy = await send({
      method: 'POST',
      url: '/api/v1/legacies',
      headers: member.auth,
      payload: {
        birthPlace: 'Cork',
        description: secretText,
        aspirations: [
          {
            name: 'Words',
            description: secretText,
            comment: 'Left to one',
            release: 'beneficiaries',
            releaseTo: ['reader@example.org'],
          },
        ],
      },
    });
    expect(legacy.statusCode, legacy.body).toBe(201);
    const rules = await send({
      method: 'PUT',
      url: '/api/v1/legacy-plan/rules',
      headers: member.auth,
      payload: {
        reportsNeeded: 1,
        waitingDays: 1,
        inactivityMonths: null,
        sections: { about: 'stewards' },
      },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    await send({
      method: 'POST',
      url: '/api/v1/legacy-plan/stewards',
      headers: member.auth,
      payload: { email: 'legacy-steward@example.org' },
    });
    const invitation = await mailTo('legacy-steward@example.org', '/legacy/steward');
    const [{ secret: inviteToken } = { secret: '' }] = remember(invitation);
    const accepted = await send({
      method: 'POST',
      url: '/api/v1/legacy-stewardships/accept',
      headers: steward.auth,
      payload: { token: inviteToken },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const reported = await send({
      method: 'POST',
      url: `/api/v1/legacy-stewardships/${accepted.json().data._id}/report`,
      headers: steward.auth,
      payload: { dateOfDeath: new Date().toISOString().slice(0, 10) },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const stopMail = await mailTo(member.row.email, '/legacy/stop');
    const [{ secret: stopToken } = { secret: '' }] = remember(stopMail);
    const stopped = await send({
      method: 'POST',
      url: '/api/v1/legacy-release/stop',
      payload: { token: stopToken },
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    // Reported again and the period passed: the reader's link opens their part.
    await send({
      method: 'POST',
      url: `/api/v1/legacy-stewardships/${accepted.json().data._id}/report`,
      headers: steward.auth,
      payload: { dateOfDeath: new Date().toISOString().slice(0, 10) },
    });
    await t.app.ctx.db.execute(
      sql`update legacy_releases set waiting_from = now() - interval '2 days' where owner_id = ${member.row.id} and state = 'waiting'`,
    );
    await runTimer(t.app.ctx);
    const access = await mailTo('reader@example.org', '/legacy/released');
    const [{ secret: readToken } = { secret: '' }] = remember(access);
    const opened = await send({
      method: 'POST',
      url: '/api/v1/legacy-access/open',
      payload: { token: readToken },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.body).toContain(secretText);
    const download = await send({
      method: 'POST',
      url: '/api/v1/legacy-access/download',
      payload: { token: readToken },
    });
    expect(download.statusCode).toBe(200);
    // What the legacy holds is never in a log line, whatever the level.
    expect(lines.join('')).not.toContain(secretText);
  });

  it('a yearly copy: the family address’s confirmation, from the mail to its button', async () => {
    const sponsor = await createUser(t.app, { role: 'sponsor' });
    const memorial = await createMemorialRow(t.app, sponsor, { title: 'Ada Lovelace' });
    const address = 'family.copy@example.org';
    const added = await send({
      method: 'POST',
      url: `/api/v1/posts/${memorial.id}/yearly-copy/addresses`,
      headers: sponsor.auth,
      payload: { email: address },
    });
    expect(added.statusCode, added.body).toBe(200);
    const confirmMail = await mailTo(address, 'copies/confirm');
    const [{ link, secret: token } = { link: '', secret: '' }] = remember(confirmMail);
    expect(token.length).toBeGreaterThanOrEqual(20);
    // The link opens the web's page (its token in the fragment, which no request carries); its
    // button posts the token.
    expect(requestedBy(link)).toBe('/copies/confirm');
    const confirmed = await send({
      method: 'POST',
      url: '/api/v1/yearly-copy/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('no log line holds any link or token those emails carried', async () => {
    await t.mailSettled();
    const log = lines.join('');
    expect(issued.length).toBeGreaterThanOrEqual(10);
    for (const { link, secrets } of issued) {
      for (const secret of secrets) {
        expect(log.includes(secret), `a token of ${new URL(link).pathname} was logged`).toBe(false);
      }
      expect(log.includes(link), 'a link was logged').toBe(false);
    }
    // The flows were logged: their requests are there, tokens redacted where a path held one.
    expect(log).toContain('"url":"/api/v1/invitations/accept"');
    expect(log).toContain('"url":"/api/v1/invitations/[redacted]/accept"');
    expect(log).toContain('"url":"/invitations/[redacted]"');
    expect(log).toContain('/reset-password/confirm?token=[redacted]');
    expect(log).toContain('"url":"/follows/unsubscribe?token=[redacted]"');
    expect(log).toContain('"url":"/reminders/unsubscribe?token=[redacted]"');
    expect(log).toContain('"url":"/api/v1/legacy-access/open"');
    expect(log).toContain('"url":"/api/v1/yearly-copy/confirm"');
  });
});
