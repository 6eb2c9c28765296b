import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function status(token: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.statusCode;
}

function b64(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe(`token attacks (${TEST_ENGINE})`, () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await createUser(t.app);
  });

  const claims = () => ({
    sub: member.row.id,
    ver: member.row.tokenVersion,
    role: 'admin',
    iss: 'rips',
  });

  it('refuses alg none, other algorithms, a wrong key and an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(
      await status(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims(), exp: now + 600 })}.`),
    ).toBe(401);
    expect(await status(`${b64({ alg: 'NONE' })}.${b64({ ...claims(), exp: now + 600 })}.`)).toBe(
      401,
    );

    const key = new TextEncoder().encode(t.app.ctx.config.jwtSecret);
    const hs512 = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime('10m')
      .sign(key);
    expect(await status(hs512)).toBe(401);

    const wrongKey = new TextEncoder().encode('x'.repeat(48));
    const forged = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(wrongKey);
    expect(await status(forged)).toBe(401);

    const expired = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(key);
    expect(await status(expired)).toBe(401);

    const noExpiry = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(await status(noExpiry)).toBe(401);

    // The same claims signed properly do work: the refusals above are about the token, not the user.
    const good = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(key);
    expect(await status(good)).toBe(200);
  });

  it('refuses a token whose version was revoked, and garbage in the header', async () => {
    const other = await createUser(t.app);
    expect(await status(other.token)).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: other.auth });
    expect(await status(other.token)).toBe(401);
    for (const junk of ['', 'a.b', 'a.b.c', '....', 'Bearer', '💥.💥.💥', 'x'.repeat(10_000)]) {
      expect(await status(junk)).toBe(401);
    }
  });
});

describe(`login throttling (${TEST_ENGINE})`, () => {
  it('throttles 1,000 attempts on one account from one address, then lets the owner back in', async () => {
    const { app } = t;
    const victim = await createUser(app);
    const outcomes = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { userName: victim.row.userName, password: `Guess-${i}-x` },
        remoteAddress: '203.0.113.7',
      });
      outcomes.set(res.statusCode, (outcomes.get(res.statusCode) ?? 0) + 1);
    }
    const limit = app.ctx.config.LOGIN_LIMIT_PER_ACCOUNT;
    // Only `limit` guesses ever reach the password check; every other attempt is refused unchecked.
    expect(outcomes.get(401)).toBe(limit);
    expect(outcomes.get(429)).toBe(1000 - limit);
    console.info(
      `login throttling: 1000 attempts → ${outcomes.get(401)} checked (401), ${outcomes.get(429)} refused (429)`,
    );

    // The owner on another address is not locked out meanwhile…
    const owner = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { userName: victim.row.userName, password: TEST_PASSWORD },
      remoteAddress: '198.51.100.20',
    });
    expect(owner.statusCode).toBe(200);

    // …and once the window has passed, not even on the attacked address.
    // The counts expire by the clock of their store, so the clock itself steps past the window.
    const windowMs = app.ctx.config.RATE_LIMIT_WINDOW_SECONDS * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + windowMs + 1);
    const later = await app
      .inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { userName: victim.row.userName, password: TEST_PASSWORD },
        remoteAddress: '203.0.113.7',
      })
      .finally(() => vi.useRealTimers());
    expect(later.statusCode).toBe(200);
  });

  it('throttles one address spraying many accounts', async () => {
    const limit = t.app.ctx.config.LOGIN_LIMIT_PER_IP;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { userName: `sprayed_${i}`, password: 'Spray-attempt-1' },
        remoteAddress: '192.0.2.99',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(limit)).toEqual(Array(5).fill(429));
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const member: TestUser = await createUser(t.app);
    const answer = async (userName: string, ip: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { userName, password: 'Wrong-password-1' },
        remoteAddress: ip,
      });
      return { status: res.statusCode, body: res.body };
    };
    expect(await answer(member.row.userName, '192.0.2.1')).toEqual(
      await answer('no_such_member', '192.0.2.2'),
    );
    expect(await answer(member.row.email, '192.0.2.3')).toEqual(
      await answer('nobody@example.com', '192.0.2.4'),
    );
  });
});
