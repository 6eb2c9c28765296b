import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';
import { pngFile, pngWithGps, textAsPng } from '../../../test/fixtures.js';
import {
  linkToken,
  loginRequest,
  mailTo as mailIn,
  meRequest,
  linkRowsOf,
} from '../../../test/accounts.js';
import { multipartRequest, type FilePart } from '../../../test/multipart.js';
import { EMAIL_CONFIRM_WRONG_PASSWORDS_PER_LINK } from '@rips/shared/account';
import { emailChanges, passwordResets } from '../../db/schema/index.js';
import { hashLinkToken } from '../../lib/one-time-links.js';
import { findUserById } from '../users/users.repository.js';

const t = useTestApp({ PUBLIC_URL: 'https://rips.example' });

function updateProfile(
  auth: { authorization: string } | undefined,
  fields: Record<string, string>,
  avatar?: FilePart,
) {
  return t.app.inject(
    multipartRequest(
      'POST',
      '/api/v1/users/update-profile',
      auth ?? {},
      fields,
      avatar ? { avatar } : {},
    ),
  );
}

async function storedKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.ctx.storage.list(prefix)) keys.push(key);
  return keys;
}

const me = (authorization: string) => meRequest(t.app, authorization);

describe(`profile (${TEST_ENGINE})`, () => {
  it('updates name, username and avatar, and deletes the old avatar files after the update', async () => {
    const member = await createUser(t.app);
    const first = await updateProfile(
      member.auth,
      { fullName: 'Rose Tyler', userName: `rose_${member.row.id.slice(0, 6)}` },
      await pngWithGps(),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'Profile updated successfully!' });
    const firstUser = first.json().data.user;
    expect(firstUser).toMatchObject({
      fullName: 'Rose Tyler',
      email: member.row.email,
      roles: 'visitor',
    });
    const firstKey = (await findUserById(t.app.ctx.db, member.row.id))!.avatarKey!;
    expect(await storedKeys(firstKey)).toHaveLength(2);

    const second = await updateProfile(
      member.auth,
      { fullName: 'Rose Noble', userName: firstUser.userName },
      await pngFile(300, 300),
    );
    expect(second.statusCode).toBe(200);
    const secondKey = (await findUserById(t.app.ctx.db, member.row.id))!.avatarKey!;
    expect(secondKey).not.toBe(firstKey);
    expect(await storedKeys(firstKey)).toEqual([]);
    expect(await storedKeys(secondKey)).toHaveLength(2);
    const served = await t.app.inject({ method: 'GET', url: second.json().data.user.avatar });
    expect(served.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: firstUser.avatar })).statusCode).toBe(404);
  });

  it('keeps the current avatar when none is sent, but requires one for an account without any', async () => {
    const member = await createUser(t.app);
    const missing = await updateProfile(member.auth, {
      fullName: 'No Picture',
      userName: member.row.userName,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Please select an avatar image.',
      errors: [{ path: 'avatar' }],
    });

    expect(
      (
        await updateProfile(
          member.auth,
          { fullName: 'Has Picture', userName: member.row.userName },
          await pngFile(),
        )
      ).statusCode,
    ).toBe(200);
    const key = (await findUserById(t.app.ctx.db, member.row.id))!.avatarKey;
    const kept = await updateProfile(member.auth, {
      fullName: 'Renamed',
      userName: member.row.userName,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.user.fullName).toBe('Renamed');
    expect((await findUserById(t.app.ctx.db, member.row.id))!.avatarKey).toBe(key);
  });

  it('answers 409 USERNAME_TAKEN for another member’s username, in any letter case, and stores nothing', async () => {
    const holder = await createUser(t.app);
    const member = await createUser(t.app);
    const before = await storedKeys('avatars');
    const res = await updateProfile(
      member.auth,
      { fullName: 'X', userName: holder.row.userName.toUpperCase() },
      await pngFile(),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USERNAME_TAKEN', success: false });
    expect(await storedKeys('avatars')).toEqual(before);
  });

  it('rejects a fake image and missing fields', async () => {
    const member = await createUser(t.app);
    const fake = await updateProfile(
      member.auth,
      { fullName: 'A', userName: member.row.userName },
      textAsPng(),
    );
    expect(fake.statusCode).toBe(422);
    const blank = await updateProfile(
      member.auth,
      { fullName: '  ', userName: member.row.userName },
      await pngFile(),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].path).toBe('fullName');
  });
});

const updateAccount = (auth: { authorization: string }, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/users/update-account', headers: auth, payload });
const confirmEmail = (
  token: string,
  auth: { authorization: string } | object = {},
  currentPassword = TEST_PASSWORD,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/confirm-email',
    payload: { token, currentPassword },
    headers: { ...auth },
  });
const cancelEmailChange = (token: string, auth: { authorization: string } | object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/cancel-email-change',
    payload: { token },
    headers: { ...auth },
  });
const loginAs = (userName: string, password: string) =>
  loginRequest(t.app, userName, password, '10.9.1.1');
const mailTo = (to: string, since: number) => mailIn(t, to, since);
const emailLinkToken = (text: string) => linkToken(text, 'account/confirm-email');
/** The token of the "this was not me" link, which travels in the fragment. */
function notMeToken(text: string): string {
  const match =
    /https:\/\/rips\.example\/account\/cancel-email-change#token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error('no "not me" link in the mail');
  return match[1]!;
}
/**
 * Asks to move the member's account to `email` with the spec's body (no password), and answers
 * the tokens of the link mailed there and of the "not me" link mailed to the current address.
 */
async function emailChangeLinks(
  member: TestUser,
  email: string,
): Promise<{ confirm: string; notMe: string }> {
  const since = (await t.mailSettled()).length;
  const res = await updateAccount(member.auth, { fullName: member.row.fullName, email });
  expect(res.statusCode, res.body).toBe(200);
  return {
    confirm: emailLinkToken((await mailTo(email, since)).text),
    notMe: notMeToken((await mailTo(member.row.email, since)).text),
  };
}
const emailChangeLink = async (member: TestUser, email: string) =>
  (await emailChangeLinks(member, email)).confirm;

/** The change-password form: the current password, the new one, and the new one again. */
const change = (
  auth: { authorization: string },
  currentPassword: string,
  newPassword: string,
  confirmNewPassword = newPassword,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/change-password',
    headers: auth,
    payload: { currentPassword, newPassword, confirmNewPassword },
  });

describe(`account details (${TEST_ENGINE})`, () => {
  it('changes the full name at once from the spec’s whole user object, ignoring other fields', async () => {
    const member = await createUser(t.app);
    const since = (await t.mailSettled()).length;
    const res = await updateAccount(member.auth, {
      _id: member.row.id,
      fullName: 'Martha Jones',
      email: member.row.email.toUpperCase(),
      userName: 'ignored_name',
      roles: 'admin',
      avatar: 'http://elsewhere/x.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Account details updated.',
      data: { pendingEmail: null },
    });
    const row = (await findUserById(t.app.ctx.db, member.row.id))!;
    expect(row).toMatchObject({ fullName: 'Martha Jones', email: member.row.email });
    expect(row.userName).toBe(member.row.userName);
    expect(row.role).toBe('visitor');
    expect(row.tokenVersion).toBe(member.row.tokenVersion);
    expect(res.json().data.user.fullName).toBe('Martha Jones');
    expect((await t.mailSettled()).slice(since)).toEqual([]);
  });

  it('takes the spec’s body without a password: the name applies at once, the email waits for its link and the current password', async () => {
    const member = await createUser(t.app);
    const newEmail = `Martha.${member.row.id.slice(0, 8)}@Example.com`;
    const lower = newEmail.toLowerCase();
    const otherDevice = await t.app.ctx.tokens.sign({
      sub: member.row.id,
      ver: member.row.tokenVersion,
      role: 'visitor',
    });

    // A reset asked for before the change is cancelled once the new email is confirmed.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/forgot-password',
      payload: {
        userName: member.row.userName,
        newPassword: 'Pending-reset-12',
        confirmNewPassword: 'Pending-reset-12',
      },
      remoteAddress: '10.9.2.1',
    });
    await mailTo(member.row.email, 0);

    const since = (await t.mailSettled()).length;
    const res = await updateAccount(member.auth, { fullName: 'Martha Jones', email: newEmail });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(
      new RegExp(`We have sent a confirmation link to ${lower.replace(/\./g, '\\.')}`),
    );
    expect(res.json().data).toMatchObject({ pendingEmail: lower });
    // The name applied at once; the email waits.
    expect(res.json().data.user).toMatchObject({
      fullName: 'Martha Jones',
      email: member.row.email,
    });
    expect((await findUserById(t.app.ctx.db, member.row.id))!.email).toBe(member.row.email);
    const meNow = await me(member.auth.authorization);
    expect(meNow.json().data).toMatchObject({
      user: { email: member.row.email, fullName: 'Martha Jones' },
      pendingEmail: lower,
    });

    const confirmation = await mailTo(lower, since);
    expect(confirmation.subject).toBe('Confirm your new Rips Memorial email');
    const notice = await mailTo(member.row.email, since);
    expect(notice.subject).toBe('A new email was requested for your Rips Memorial account');
    expect(notice.text).toContain(lower);
    expect(notice.text).not.toMatch(/\?token=/);
    notMeToken(notice.text);
    const token = emailLinkToken(confirmation.text);
    const [pending] = await linkRowsOf(t, emailChanges, member.row.id);
    expect(pending!.tokenHash).toBe(hashLinkToken(token));
    expect(pending!.newEmail).toBe(lower);

    // Until it is confirmed, nothing about sign-in changed.
    expect((await loginAs(member.row.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await loginAs(lower, TEST_PASSWORD)).statusCode).toBe(401);

    // The link alone, or with a wrong password, changes nothing.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/confirm-email',
      payload: { token },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors[0]).toMatchObject({ path: 'currentPassword' });
    const wrong = await confirmEmail(token, {}, 'Not-my-password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      errors: [{ path: 'currentPassword' }],
    });
    expect((await findUserById(t.app.ctx.db, member.row.id))!.email).toBe(member.row.email);

    const sinceConfirm = (await t.mailSettled()).length;
    const confirmed = await confirmEmail(token, member.auth);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toMatch(/Every other session/);
    const { userId, session } = confirmed.json().data;
    expect(userId).toBe(member.row.id);
    expect(session.user.email).toBe(lower);
    expect((await findUserById(t.app.ctx.db, member.row.id))!.email).toBe(lower);
    // Other sessions end; the confirming one continues with its fresh token.
    expect((await me(`Bearer ${otherDevice}`)).statusCode).toBe(401);
    expect((await me(member.auth.authorization)).statusCode).toBe(401);
    const after = await me(`Bearer ${session.accessToken}`);
    expect(after.json().data).toMatchObject({ user: { email: lower }, pendingEmail: null });
    expect((await loginAs(lower, TEST_PASSWORD)).statusCode).toBe(200);
    const changed = await mailTo(member.row.email, sinceConfirm);
    expect(changed.subject).toBe('Your Rips Memorial email was changed');
    const resets = await linkRowsOf(t, passwordResets, member.row.id);
    expect(resets.length).toBeGreaterThan(0);
    expect(resets.every((r) => r.usedAt !== null)).toBe(true);

    const again = await confirmEmail(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('closes a confirmation link after a few wrong passwords', async () => {
    const member = await createUser(t.app);
    const token = await emailChangeLink(member, `guess.${member.row.id.slice(0, 8)}@example.com`);
    for (let i = 1; i < EMAIL_CONFIRM_WRONG_PASSWORDS_PER_LINK; i++) {
      expect((await confirmEmail(token, {}, `Guess-password-${i}`)).json().code).toBe(
        'INVALID_CREDENTIALS',
      );
    }
    const last = await confirmEmail(token, {}, 'Guess-password-last');
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toMatch(/no longer works/);
    // Even the right password no longer opens it.
    const right = await confirmEmail(token);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toMatch(/invalid or has expired/);
    expect((await findUserById(t.app.ctx.db, member.row.id))!.email).toBe(member.row.email);
    expect((await me(member.auth.authorization)).json().data.pendingEmail).toBeNull();
  });

  it('lets the current address say "this was not me": the change is cancelled and every session signed out', async () => {
    const member = await createUser(t.app);
    const newEmail = `thief.${member.row.id.slice(0, 8)}@example.com`;
    const { confirm, notMe } = await emailChangeLinks(member, newEmail);
    expect((await me(member.auth.authorization)).json().data.pendingEmail).toBe(newEmail);

    const cancelled = await cancelEmailChange(notMe);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      success: true,
      data: { userId: member.row.id },
      message: expect.stringMatching(/cancelled/),
    });
    expect((await me(member.auth.authorization)).statusCode).toBe(401);
    expect((await confirmEmail(confirm)).statusCode).toBe(400);
    expect((await findUserById(t.app.ctx.db, member.row.id))!.email).toBe(member.row.email);
    const login = await loginAs(member.row.userName, TEST_PASSWORD);
    expect(
      (await me(`Bearer ${login.json().data.accessToken as string}`)).json().data.pendingEmail,
    ).toBeNull();

    // The link works once, and only while the change waits.
    const again = await cancelEmailChange(notMe);
    expect(again.statusCode).toBe(400);
    expect(again.json().success).toBe(false);
    expect((await cancelEmailChange('A'.repeat(43))).statusCode).toBe(400);
  });

  it('bounds how many email changes one account asks for', async () => {
    const member = await createUser(t.app);
    const ask = (n: number) =>
      updateAccount(member.auth, {
        fullName: member.row.fullName,
        email: `many${n}.${member.row.id.slice(0, 8)}@example.com`,
      });
    for (let n = 0; n < 5; n++) expect((await ask(n)).statusCode).toBe(200);
    const refused = await ask(5);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The name alone still changes.
    const renamed = await updateAccount(member.auth, {
      fullName: 'Still Me',
      email: member.row.email,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.pendingEmail).toBe(`many4.${member.row.id.slice(0, 8)}@example.com`);
  });

  it('confirms from a browser that is not signed in, ending every session', async () => {
    const member = await createUser(t.app);
    const newEmail = `elsewhere.${member.row.id.slice(0, 8)}@example.com`;
    const token = await emailChangeLink(member, newEmail);
    const confirmed = await confirmEmail(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ userId: member.row.id, session: null });
    expect((await me(member.auth.authorization)).statusCode).toBe(401);
  });

  it('refuses an expired link, and a password change cancels a pending email change', async () => {
    const member = await createUser(t.app);
    const expired = await emailChangeLink(member, `first.${member.row.id.slice(0, 8)}@example.com`);
    await t.app.ctx.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.tokenHash, hashLinkToken(expired)));
    expect((await confirmEmail(expired)).statusCode).toBe(400);

    const pending = await emailChangeLink(
      member,
      `second.${member.row.id.slice(0, 8)}@example.com`,
    );
    const changed = await change(member.auth, TEST_PASSWORD, 'Owner-took-back-1');
    expect(changed.statusCode).toBe(200);
    expect((await confirmEmail(pending)).statusCode).toBe(400);
    expect((await findUserById(t.app.ctx.db, member.row.id))!.email).toBe(member.row.email);
  });

  it('answers 409 EMAIL_TAKEN for an email another account uses, and 400 for missing fields', async () => {
    const holder = await createUser(t.app);
    const member = await createUser(t.app);
    const taken = await updateAccount(member.auth, {
      fullName: 'Someone',
      email: holder.row.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    expect((await findUserById(t.app.ctx.db, member.row.id))!.email).toBe(member.row.email);

    const missing = await updateAccount(member.auth, { fullName: 'No Email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_ERROR');
    expect((await confirmEmail('not-a-token')).statusCode).toBe(400);
    expect((await confirmEmail('A'.repeat(43))).statusCode).toBe(400);
  });
});

describe(`change password (${TEST_ENGINE})`, () => {
  const login = (userName: string, password: string) =>
    loginRequest(t.app, userName, password, '10.9.0.1');

  it('changes the password, revokes older tokens, emails a notice and returns a fresh session token', async () => {
    const member = await createUser(t.app);
    const otherDevice = await t.app.ctx.tokens.sign({
      sub: member.row.id,
      ver: member.row.tokenVersion,
      role: 'visitor',
    });
    const since = (await t.mailSettled()).length;
    const res = await change(member.auth, TEST_PASSWORD, 'Brand-new-pass-7');
    expect(res.statusCode).toBe(200);
    const notice = await mailTo(member.row.email, since);
    expect(notice.subject).toBe('Your Rips Memorial password was changed');
    expect(notice.text).toMatch(/If this was not you/);
    const session = res.json().data;
    expect(session.user._id).toBe(member.row.id);
    expect((await me(`Bearer ${member.token}`)).statusCode).toBe(401);
    expect((await me(`Bearer ${otherDevice}`)).statusCode).toBe(401);
    expect((await me(`Bearer ${session.accessToken}`)).statusCode).toBe(200);

    expect((await login(member.row.userName, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(member.row.userName, 'Brand-new-pass-7')).statusCode).toBe(200);
  });

  it('refuses a wrong current password (400, session kept), a weak or mismatched new one', async () => {
    const member = await createUser(t.app);
    const wrong = await change(member.auth, 'Not-my-password-1', 'Brand-new-pass-7');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      errors: [{ path: 'currentPassword' }],
    });
    expect((await me(member.auth.authorization)).statusCode).toBe(200);

    const weak = await change(member.auth, TEST_PASSWORD, 'short');
    expect(weak.statusCode).toBe(400);
    const mismatch = await change(
      member.auth,
      TEST_PASSWORD,
      'Brand-new-pass-7',
      'Brand-new-pass-8',
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('The passwords do not match.');
    expect((await login(member.row.userName, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles guessing the current password with a stolen session', async () => {
    const member = await createUser(t.app);
    const guess = () => change(member.auth, 'Guess-password-1', 'Brand-new-pass-7');
    for (let i = 0; i < 10; i++) expect((await guess()).statusCode).toBe(400);
    const blocked = await change(member.auth, TEST_PASSWORD, 'Brand-new-pass-7');
    expect(blocked.statusCode).toBe(429);
  });
});
