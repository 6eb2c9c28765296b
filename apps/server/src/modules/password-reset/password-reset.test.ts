import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_ENGINE, useTestApp, type TestApp } from '../../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import {
  linkRowsOf,
  linkToken as tokenIn,
  loginRequest,
  mailTo as mailIn,
  meRequest,
} from '../../../test/accounts.js';
import { passwordResets, users } from '../../db/schema/index.js';
import { hashLinkToken } from '../../lib/one-time-links.js';
import { findUserById } from '../users/users.repository.js';

const t = useTestApp({ PUBLIC_URL: 'https://rips.example' });

const NEW_PASSWORD = 'Morning-light-88';
const ANSWER =
  'If an account matches, we have emailed it a link. Open the link and type your new password there to set it; until then your current password keeps working. The link expires in 30 minutes.';
let ip = 0;

/** The forgot-password form, sent from `remoteAddress`. */
const forgot = (on: TestApp, payload: Record<string, string>, remoteAddress: string) =>
  on.app.inject({
    method: 'POST',
    url: '/api/v1/users/forgot-password',
    payload: { newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD, ...payload },
    remoteAddress,
  });
/** The submit of the form the emailed link opens: the link holder types the password twice. */
const submitForm = (on: TestApp, token: string, typed?: string, remoteAddress?: string) =>
  on.app.inject({
    method: 'POST',
    url: '/api/v1/users/reset-password/confirm',
    // Without `typed`, the token alone: what the old page did on load.
    payload:
      typed === undefined ? { token } : { token, newPassword: typed, confirmNewPassword: typed },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const requestReset = (payload: Record<string, string>) =>
  forgot(t, payload, `10.20.0.${(ip += 1)}`);
const confirm = (token: string, typed = NEW_PASSWORD) => submitForm(t, token, typed);
const confirmTokenOnly = (token: string) => submitForm(t, token);
const login = (userName: string, password: string) =>
  loginRequest(t.app, userName, password, '10.21.0.1');
const me = (auth: { authorization: string }) => meRequest(t.app, auth.authorization);
const mailTo = (to: string, since: number) => mailIn(t, to, since);
const linkToken = (text: string) => tokenIn(text, 'reset-password/confirm');
/** Gives any background delivery time to happen, so "no mail" is a real observation. */
const settle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.mailSettled();
};

describe(`password reset (${TEST_ENGINE})`, () => {
  it('changes nothing until the link holder submits the requested password, then applies it exactly once', async () => {
    const member = await createUser(t.app);
    const since = (await t.mailSettled()).length;
    const res = await requestReset({ userName: member.row.userName, email: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: ANSWER });

    const mail = await mailTo(member.row.email, since);
    expect(mail.subject).toMatch(/Set your new Rips Memorial password/);
    const token = linkToken(mail.text);
    const [row] = await linkRowsOf(t, passwordResets, member.row.id);
    expect(row!.tokenHash).toBe(hashLinkToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.newPasswordHash).toMatch(/^\$argon2id\$/);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    // The old password keeps working, and the old session too, until the form is submitted.
    expect((await login(member.row.userName, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await me(member.auth)).statusCode).toBe(200);

    const sinceSubmit = (await t.mailSettled()).length;
    const opened = await confirm(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toEqual({ userId: member.row.id });
    expect(opened.json().message).toMatch(/Every session of this account has been signed out/);
    expect((await login(member.row.userName, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(member.row.userName, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await me(member.auth)).statusCode).toBe(401);

    const notice = await mailTo(member.row.email, sinceSubmit);
    expect(notice.subject).toBe('Your Rips Memorial password was changed');
    expect(notice.text).toMatch(/If this was not you/);
    expect(notice.text).not.toMatch(/token=/);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('an attacker’s request for the victim, then the victim opening the link, leaves the old password working', async () => {
    const victim = await createUser(t.app);
    const ATTACKER_PASSWORD = 'Attacker-chose-99';
    const since = (await t.mailSettled()).length;
    // The attacker knows only the username, and picks the password.
    await requestReset({
      userName: victim.row.userName,
      newPassword: ATTACKER_PASSWORD,
      confirmNewPassword: ATTACKER_PASSWORD,
    });
    const token = linkToken((await mailTo(victim.row.email, since)).text);

    // The victim opens the link: what a page load could send is the token alone. Refused.
    const loaded = await confirmTokenOnly(token);
    expect(loaded.statusCode).toBe(400);
    expect((await login(victim.row.userName, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(victim.row.userName, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await me(victim.auth)).statusCode).toBe(200);

    // The victim, not knowing the attacker's password, types one of their own: refused too, and
    // the link stays closed to the attacker, who never sees it.
    const own = await confirm(token, 'Victims-own-pick-3');
    expect(own.statusCode).toBe(400);
    expect(own.json().errors[0].path).toBe('newPassword');
    expect((await login(victim.row.userName, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(victim.row.userName, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await login(victim.row.userName, 'Victims-own-pick-3')).statusCode).toBe(401);
    await settle();
    expect(t.mail.slice(since).map((m) => m.subject)).toEqual([
      'Set your new Rips Memorial password',
    ]);
  });

  it('stops accepting wrong passwords on one link after five, even the right one', async () => {
    const member = await createUser(t.app);
    const since = (await t.mailSettled()).length;
    await requestReset({ userName: member.row.userName });
    const token = linkToken((await mailTo(member.row.email, since)).text);
    for (let i = 0; i < 5; i++)
      expect((await confirm(token, `Guess-number-${i}`)).statusCode).toBe(400);
    expect((await confirm(token)).statusCode).toBe(429);
    expect((await login(member.row.userName, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link and leaves the password alone', async () => {
    const member = await createUser(t.app);
    const since = (await t.mailSettled()).length;
    await requestReset({ userName: member.row.userName });
    const token = linkToken((await mailTo(member.row.email, since)).text);
    await t.app.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashLinkToken(token)));
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect((await login(member.row.userName, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('gives unknown accounts and mismatched emails the same answer and sends no mail', async () => {
    const member = await createUser(t.app);
    const since = (await t.mailSettled()).length;
    const known = await requestReset({ userName: member.row.userName });
    const unknown = await requestReset({ userName: 'no_such_member' });
    const wrongEmail = await requestReset({
      userName: member.row.userName,
      email: 'someone-else@example.com',
    });
    for (const res of [unknown, wrongEmail]) {
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.json()).toEqual(known.json());
    }
    await mailTo(member.row.email, since);
    await settle();
    expect(t.mail.slice(since)).toHaveLength(1);
    const rows = await linkRowsOf(t, passwordResets, member.row.id);
    expect(rows).toHaveLength(1);
  });

  it('sends the link when the optional email matches the account, in any letter case', async () => {
    const member = await createUser(t.app);
    const since = (await t.mailSettled()).length;
    await requestReset({
      userName: member.row.userName.toUpperCase(),
      email: member.row.email.toUpperCase(),
    });
    const token = linkToken((await mailTo(member.row.email, since)).text);
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await login(member.row.userName, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('sends nothing for a disabled account', async () => {
    const member = await createUser(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, member.row.id));
    const since = (await t.mailSettled()).length;
    expect((await requestReset({ userName: member.row.userName })).json().message).toBe(ANSWER);
    await settle();
    expect(t.mail.slice(since)).toHaveLength(0);
  });

  it('validates the new password and its confirmation before anything else', async () => {
    const member = await createUser(t.app);
    const weak = await requestReset({
      userName: member.row.userName,
      newPassword: 'short',
      confirmNewPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/at least 8 characters/);
    const mismatch = await requestReset({
      userName: member.row.userName,
      confirmNewPassword: 'Other-password-1',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('The passwords do not match.');
    const noName = await requestReset({ userName: '' });
    expect(noName.statusCode).toBe(400);
    const badEmail = await requestReset({ userName: member.row.userName, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors[0].path).toBe('email');
    expect((await confirm('not-a-token')).statusCode).toBe(400);
    expect((await confirm('A'.repeat(43))).statusCode).toBe(400);
    const unconfirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password/confirm',
      payload: { token: 'A'.repeat(43), newPassword: NEW_PASSWORD, confirmNewPassword: 'Other-1x' },
    });
    expect(unconfirmed.json().message).toBe('The passwords do not match.');
  });

  it('opening a second link after the first one was used does nothing: older links close', async () => {
    const member = await createUser(t.app);
    let since = (await t.mailSettled()).length;
    await requestReset({ userName: member.row.userName });
    const first = linkToken((await mailTo(member.row.email, since)).text);
    since = (await t.mailSettled()).length;
    await requestReset({
      userName: member.row.userName,
      newPassword: 'Second-choice-55',
      confirmNewPassword: 'Second-choice-55',
    });
    const second = linkToken((await mailTo(member.row.email, since)).text);
    expect((await confirm(second, 'Second-choice-55')).statusCode).toBe(200);
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await login(member.row.userName, 'Second-choice-55')).statusCode).toBe(200);
    const row = await findUserById(t.app.ctx.db, member.row.id);
    expect(row!.tokenVersion).toBe(member.row.tokenVersion + 1);
  });

  it('limits requests per username, whoever asks', async () => {
    const name = 'someone_limited';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestReset({ userName: name })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe(`password reset limits from the configuration (${TEST_ENGINE})`, () => {
  const limited = useTestApp({
    PUBLIC_URL: 'https://rips.example',
    RESET_LIMIT_PER_IP: '3',
    RESET_LIMIT_PER_ACCOUNT: '1',
    RESET_CONFIRM_LIMIT_PER_IP: '2',
    RESET_WRONG_PASSWORDS_PER_LINK: '1',
  });

  const ask = (userName: string, remoteAddress: string) =>
    forgot(limited, { userName }, remoteAddress);
  const submit = (token: string, typed: string, remoteAddress: string) =>
    submitForm(limited, token, typed, remoteAddress);

  it('counts requests per account and per address against RESET_LIMIT_PER_*', async () => {
    expect((await ask('configured_one', '10.30.0.1')).statusCode).toBe(200);
    expect((await ask('configured_one', '10.30.0.2')).statusCode).toBe(429);
    const fromOneAddress: number[] = [];
    for (const name of ['configured_a', 'configured_b', 'configured_c', 'configured_d'])
      fromOneAddress.push((await ask(name, '10.30.0.3')).statusCode);
    expect(fromOneAddress).toEqual([200, 200, 200, 429]);
  });

  it('counts reset-form submits per address and wrong passwords per link against their variables', async () => {
    const member = await createUser(limited.app);
    const since = limited.mail.length;
    expect((await ask(member.row.userName, '10.30.1.1')).statusCode).toBe(200);
    const token = linkToken((await mailIn(limited, member.row.email, since)).text);
    expect((await submit(token, 'Wrong-guess-11', '10.30.1.2')).statusCode).toBe(400);
    // One wrong password closes the link, even to the right one, from another address.
    expect((await submit(token, NEW_PASSWORD, '10.30.1.3')).statusCode).toBe(429);
    expect((await submit('x'.repeat(43), NEW_PASSWORD, '10.30.1.4')).statusCode).toBe(400);
    expect((await submit('x'.repeat(43), NEW_PASSWORD, '10.30.1.4')).statusCode).toBe(400);
    expect((await submit('x'.repeat(43), NEW_PASSWORD, '10.30.1.4')).statusCode).toBe(429);
  });
});
