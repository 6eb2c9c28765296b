import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';
import { slowLaneDelay } from './login-throttle.js';

// A small budget and short delays keep the flood small and the waits short; the rules are the same.
const LIMIT = 3;
const BASE_MS = 40;
const MAX_MS = 320;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT),
    LOGIN_DELAY_BASE_MS: String(BASE_MS),
    LOGIN_DELAY_MAX_MS: String(MAX_MS),
  });
});
afterAll(async () => t?.close());

type Credentials = { userName?: string; email?: string; password: string };

function login(payload: Credentials, remoteAddress: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload,
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
}

function deviceCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'rips_device');
}

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json().code).toBe('RATE_LIMITED');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const wrong = (i: number) => `Wrong-guess-${i}-x`;

describe(`login throttling by account (${TEST_ENGINE})`, () => {
  it('counts the username and the email of one account against one budget', async () => {
    const victim = await createUser(t.app);
    const ip = '203.0.113.10';
    for (let i = 0; i < LIMIT; i++) {
      const as = i % 2 === 0 ? { userName: victim.row.userName } : { email: victim.row.email };
      expect((await login({ ...as, password: wrong(i) }, ip)).statusCode).toBe(401);
    }
    expectRefused(await login({ email: victim.row.email.toUpperCase(), password: wrong(9) }, ip));
    expectRefused(await login({ userName: victim.row.userName, password: wrong(10) }, ip));
  });

  it("refuses guessers with 429 while the owner's own browser still logs in", async () => {
    const owner = await createUser(t.app);
    const home = '198.51.100.5';
    const first = await login({ userName: owner.row.userName, password: TEST_PASSWORD }, home);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();
    expect(device!.httpOnly).toBe(true);
    expect(device!.sameSite).toBe('Lax');
    expect(device!.secure).toBeFalsy(); // plain HTTP here; HTTPS is covered in trust-proxy.test.ts
    expect(device!.path).toBe('/api/v1/users/login');
    expect(device!.value).not.toContain(owner.row.email);
    const cookie = `rips_device=${device!.value}`;

    // A flood from the owner's own address (a shared network): the first LIMIT are checked, the
    // rest refused unchecked.
    const flood: LightMyRequestResponse[] = [];
    for (let i = 0; i < 30; i++) {
      flood.push(await login({ email: owner.row.email, password: wrong(i) }, home));
    }
    expect(flood.slice(0, LIMIT).map((r) => r.statusCode)).toEqual(Array(LIMIT).fill(401));
    for (const refused of flood.slice(LIMIT)) expectRefused(refused);

    // The owner's browser is recognised and gets through at once, by username or email.
    const back = await login(
      { userName: owner.row.userName, password: TEST_PASSWORD },
      home,
      cookie,
    );
    expect(back.statusCode).toBe(200);
    expect(back.json().data.user._id).toBe(owner.row.id);
    const again = await login({ email: owner.row.email, password: TEST_PASSWORD }, home, cookie);
    expect(again.statusCode).toBe(200);

    // Without the cookie, a forged one, or another account's cookie, the address stays refused.
    const tampered = `rips_device=${device!.value.slice(0, -2)}${device!.value.endsWith('A') ? 'BB' : 'AA'}`;
    const other: TestUser = await createUser(t.app);
    const otherLogin = await login({ userName: other.row.userName, password: TEST_PASSWORD }, home);
    const otherCookie = `rips_device=${deviceCookieOf(otherLogin)!.value}`;
    for (const attempt of [undefined, tampered, otherCookie]) {
      expectRefused(
        await login({ userName: owner.row.userName, password: TEST_PASSWORD }, home, attempt),
      );
    }

    // Whoever holds the browser has a budget of its own too: guessing with it is limited.
    const withDevice: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await login(
        { userName: owner.row.userName, password: wrong(100 + i) },
        home,
        cookie,
      );
      withDevice.push(res.statusCode);
    }
    expect(withDevice).toEqual([...Array(LIMIT).fill(401), 429, 429]);
  });

  it('lets the owner with the right password in from a new address after a delay, during a distributed flood', async () => {
    const victim = await createUser(t.app);
    const addresses = Array.from({ length: 12 }, (_, i) => `192.0.2.${20 + i}`);
    // All at once, from twelve addresses: more guesses than any per-address budget allows.
    const flood = await Promise.all(
      Array.from({ length: addresses.length * LIMIT }, (_, i) =>
        login({ userName: victim.row.userName, password: wrong(i) }, addresses[i % 12]!),
      ),
    );
    const checked = flood.filter((r) => r.statusCode === 401).length;
    const refused = flood.filter((r) => r.statusCode === 429);
    expect(checked + refused.length).toBe(flood.length);
    // Past the budget, checks wait their turn one after another; the rest are refused unchecked.
    expect(checked).toBeLessThanOrEqual(LIMIT + MAX_MS / BASE_MS);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expectRefused(r);

    // Each address still has only its own budget of checks: a guesser that used it up is refused
    // at once, even with the right password.
    const guesser = '192.0.2.99';
    for (let i = 0; i < LIMIT; i++) {
      const res = await login({ userName: victim.row.userName, password: wrong(500 + i) }, guesser);
      expect(res.statusCode).toBe(401);
    }
    expectRefused(await login({ userName: victim.row.userName, password: TEST_PASSWORD }, guesser));

    // The owner from an address that never failed gets in, after the delay.
    const started = performance.now();
    const owner = await login(
      { email: victim.row.email, password: TEST_PASSWORD },
      '198.51.100.77',
    );
    const waited = performance.now() - started;
    expect(owner.statusCode).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(BASE_MS - 5);
    expect(deviceCookieOf(owner)).toBeDefined();
  });

  it('keeps a budget per unknown name, so guessing names is limited the same way', async () => {
    const ip = '203.0.113.44';
    for (let i = 0; i < LIMIT; i++) {
      expect((await login({ userName: 'nobody_here', password: wrong(i) }, ip)).statusCode).toBe(
        401,
      );
    }
    expectRefused(await login({ userName: 'NOBODY_HERE', password: wrong(9) }, ip));
  });
});

describe('slow-lane delay', () => {
  it('doubles with every failure past the budget, up to the maximum', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map((n) => slowLaneDelay(n, 100, 1000))).toEqual([
      100, 200, 400, 800, 1000, 1000, 1000,
    ]);
  });
});
