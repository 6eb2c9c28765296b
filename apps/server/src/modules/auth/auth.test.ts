import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, expectSuccess, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import { loginRequest, meRequest } from '../../../test/accounts.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';
import { pngFile, pngWithGps, textAsPng } from '../../../test/fixtures.js';
import { multipart, type FilePart } from '../../../test/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
function signUpFields(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    fullName: 'Ada Lovelace',
    email: `ada${counter}@example.com`,
    userName: `ada_${counter}`,
    password: 'Analytical-Engine-1843',
    ...overrides,
  };
}

async function register(fields: Record<string, string>, avatar?: FilePart, ip = '10.0.0.1') {
  const { payload, headers } = multipart(fields, avatar ? { avatar } : {});
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    payload,
    headers,
    remoteAddress: ip,
  });
}

/** A call without a body, signed in as `user`. */
const callAs = (user: TestUser, method: 'POST' | 'PATCH', url: string) =>
  t.app.inject({ method, url, headers: user.auth });

function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe(`accounts (${TEST_ENGINE})`, () => {
  it('registers with a verified avatar and serves it re-encoded without metadata', async () => {
    const fields = signUpFields();
    const res = await register(fields, await pngWithGps());
    const body = expectSuccess(res, 201, 'User Registered Successfully');
    expect(body.data.user).toMatchObject({
      userName: fields.userName,
      email: fields.email,
      roles: 'visitor',
    });
    expect(body.data.user).not.toHaveProperty('password');
    expect(body.data.user).not.toHaveProperty('passwordHash');

    const avatar = await t.app.inject({ method: 'GET', url: body.data.user.avatar });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/webp');
    const meta = await sharp(avatar.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(256);
  });

  it('answers 409 with stable codes for a taken username or email, in any letter case', async () => {
    const fields = signUpFields();
    expect((await register(fields, await pngFile())).statusCode).toBe(201);

    const sameName = await register(
      signUpFields({ userName: fields.userName.toUpperCase() }),
      await pngFile(),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      success: false,
      statusCode: 409,
    });

    const sameEmail = await register(
      signUpFields({ email: fields.email.toUpperCase() }),
      await pngFile(),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().code).toBe('EMAIL_TAKEN');
  });

  it('rejects a missing avatar, a text file posing as a PNG, and invalid fields with 4xx messages', async () => {
    const missing = await register(signUpFields());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select an avatar image.');

    const fake = await register(signUpFields(), textAsPng());
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toMatchObject({ code: 'INVALID_FILE', success: false });
    expect(fake.json().message).toMatch(/not a valid image/);

    const badEmail = await register(signUpFields({ email: 'not-an-email' }), await pngFile());
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().code).toBe('VALIDATION_ERROR');
    expect(badEmail.json().errors[0].path).toBe('email');

    const weak = await register(signUpFields({ password: 'short' }), await pngFile());
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/at least 8 characters/);

    const badName = await register(
      signUpFields({ userName: 'no spaces allowed' }),
      await pngFile(),
    );
    expect(badName.statusCode).toBe(400);
  });

  it('logs in by user name or by email and returns a JWT with an expiry', async () => {
    const fields = signUpFields();
    await register(fields, await pngFile());
    const byName = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { userName: fields.userName, password: fields.password },
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data).toMatchObject({
      roles: 'visitor',
      user: { userName: fields.userName },
    });

    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { userName: fields.email.toUpperCase(), email: '', password: fields.password },
    });
    expect(byEmail.statusCode).toBe(200);
    const claims = decodePayload(byEmail.json().data.accessToken);
    expect(typeof claims['exp']).toBe('number');
    expect(claims['exp']).toBeGreaterThan(Date.now() / 1000);
  });

  it('gives one answer for a wrong password and for an unknown account', async () => {
    const member = await createUser(t.app);
    const wrong = await loginRequest(t.app, member.row.userName, 'Not-the-password-1', '10.0.1.1');
    const unknown = await loginRequest(t.app, 'nobody_here', 'Not-the-password-1', '10.0.1.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses tampered, unsigned and revoked tokens', async () => {
    const member = await createUser(t.app);
    const me = (authorization: string) => meRequest(t.app, authorization);
    expect((await me(`Bearer ${member.token}`)).statusCode).toBe(200);

    const [header, , signature] = member.token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodePayload(member.token), role: 'admin' }),
    ).toString('base64url');
    expect((await me(`Bearer ${header}.${forged}.${signature}`)).statusCode).toBe(401);

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const unsigned = `${none}.${Buffer.from(JSON.stringify(decodePayload(member.token))).toString('base64url')}.`;
    const res = await me(`Bearer ${unsigned}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', success: false });

    const logout = await callAs(member, 'POST', '/api/v1/users/logout');
    expect(logout.statusCode).toBe(200);
    expect(logout.json().message).toBe('Logout Successful');
    expect((await me(`Bearer ${member.token}`)).statusCode).toBe(401);
  });

  it('lets a visitor become a sponsor', async () => {
    const member = await createUser(t.app);
    const res = await callAs(member, 'PATCH', '/api/v1/users/become-sponsor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'You are now a sponsor!',
      data: { roles: 'sponsor' },
    });
  });

  it('throttles repeated failed logins per account and address with 429 and Retry-After', async () => {
    const member = await createUser(t.app);
    const attempt = (password: string) =>
      loginRequest(t.app, member.row.userName, password, '10.0.2.1');
    for (let i = 0; i < 10; i++) expect((await attempt('Wrong-password-9')).statusCode).toBe(401);
    const blocked = await attempt(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(blocked.json().message).toMatch(/Too many failed login attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The real owner, from another address, still gets in.
    const elsewhere = await loginRequest(t.app, member.row.userName, TEST_PASSWORD, '10.0.2.2');
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe(`error model (${TEST_ENGINE})`, () => {
  it('answers malformed requests with 4xx envelopes, never 5xx', async () => {
    /** A sign-in whose body is `payload`, sent as `contentType` when given. */
    const login = (payload: string | object, contentType?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload,
        ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      });
    const badJson = await login('{"userName": "x", ', 'application/json');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ success: false, code: 'INVALID_JSON' });

    const wrongType = await login('userName=x', 'text/xml');
    expect(wrongType.statusCode).toBe(415);

    const missing = await login({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_ERROR');

    const huge = await login(
      JSON.stringify({ userName: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
      'application/json',
    );
    expect(huge.statusCode).toBe(413);

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: { a: 1 },
    });
    expect(notMultipart.statusCode).toBe(415);

    const brokenFraming = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nPNG',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(brokenFraming.statusCode).toBeGreaterThanOrEqual(400);
    expect(brokenFraming.statusCode).toBeLessThan(500);

    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('sets the security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
