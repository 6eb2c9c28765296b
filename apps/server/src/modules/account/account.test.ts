import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { pngFile, pngWithGps, textAsPng } from '../../../test/fixtures.js';
import { multipart, type FilePart } from '../../../test/multipart.js';
import { findUserById } from '../users/users.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function updateProfile(
  auth: { authorization: string } | undefined,
  fields: Record<string, string>,
  avatar?: FilePart,
) {
  const { payload, headers } = multipart(fields, avatar ? { avatar } : {});
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/users/update-profile',
    payload,
    headers: { ...headers, ...(auth ?? {}) },
  });
}

async function storedKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.ctx.storage.list(prefix)) keys.push(key);
  return keys;
}

const me = (authorization: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization } });

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

  it('rejects a fake image, missing fields and anonymous callers', async () => {
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
    expect(
      (await updateProfile(undefined, { fullName: 'A', userName: 'abc' }, await pngFile()))
        .statusCode,
    ).toBe(401);
  });
});

describe(`account details (${TEST_ENGINE})`, () => {
  it('updates full name and email from the spec’s whole user object, ignoring other fields', async () => {
    const member = await createUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-account',
      headers: member.auth,
      payload: {
        _id: member.row.id,
        fullName: 'Martha Jones',
        email: `Martha.${member.row.id.slice(0, 8)}@Example.com`,
        userName: 'ignored_name',
        roles: 'admin',
        avatar: 'http://elsewhere/x.png',
      },
    });
    expect(res.statusCode).toBe(200);
    const row = (await findUserById(t.app.ctx.db, member.row.id))!;
    expect(row).toMatchObject({
      fullName: 'Martha Jones',
      email: `martha.${member.row.id.slice(0, 8)}@example.com`,
    });
    expect(row.userName).toBe(member.row.userName);
    expect(row.role).toBe('visitor');
    expect(res.json().data.user.email).toBe(row.email);
  });

  it('answers 409 EMAIL_TAKEN for an email another account uses, and 400 for missing fields', async () => {
    const holder = await createUser(t.app);
    const member = await createUser(t.app);
    const taken = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-account',
      headers: member.auth,
      payload: { fullName: 'Someone', email: holder.row.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    expect((await findUserById(t.app.ctx.db, member.row.id))!.email).toBe(member.row.email);

    const own = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-account',
      headers: member.auth,
      payload: { fullName: 'Same Email', email: member.row.email },
    });
    expect(own.statusCode).toBe(200);

    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-account',
      headers: member.auth,
      payload: { fullName: 'No Email' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_ERROR');
  });
});

describe(`change password (${TEST_ENGINE})`, () => {
  const change = (auth: { authorization: string }, payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/change-password', headers: auth, payload });
  const login = (userName: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { userName, password },
      remoteAddress: '10.9.0.1',
    });

  it('changes the password, revokes older tokens and returns a fresh session token', async () => {
    const member = await createUser(t.app);
    const otherDevice = await t.app.ctx.tokens.sign({
      sub: member.row.id,
      ver: member.row.tokenVersion,
      role: 'visitor',
    });
    const res = await change(member.auth, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Brand-new-pass-7',
      confirmNewPassword: 'Brand-new-pass-7',
    });
    expect(res.statusCode).toBe(200);
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
    const wrong = await change(member.auth, {
      currentPassword: 'Not-my-password-1',
      newPassword: 'Brand-new-pass-7',
      confirmNewPassword: 'Brand-new-pass-7',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      errors: [{ path: 'currentPassword' }],
    });
    expect((await me(member.auth.authorization)).statusCode).toBe(200);

    const weak = await change(member.auth, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
      confirmNewPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    const mismatch = await change(member.auth, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Brand-new-pass-7',
      confirmNewPassword: 'Brand-new-pass-8',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('The passwords do not match.');
    expect((await login(member.row.userName, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles guessing the current password with a stolen session', async () => {
    const member = await createUser(t.app);
    const guess = () =>
      change(member.auth, {
        currentPassword: 'Guess-password-1',
        newPassword: 'Brand-new-pass-7',
        confirmNewPassword: 'Brand-new-pass-7',
      });
    for (let i = 0; i < 10; i++) expect((await guess()).statusCode).toBe(400);
    const blocked = await change(member.auth, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Brand-new-pass-7',
      confirmNewPassword: 'Brand-new-pass-7',
    });
    expect(blocked.statusCode).toBe(429);
  });
});
