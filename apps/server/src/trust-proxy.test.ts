import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/app.js';
import { createUser, TEST_PASSWORD } from '../test/factories.js';
import { loadConfig } from './config.js';

describe('TRUST_PROXY values', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rips-trust-proxy-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  const trustProxy = (value?: string) =>
    loadConfig({}, { DATA_DIR: dataDir, ...(value === undefined ? {} : { TRUST_PROXY: value }) })
      .TRUST_PROXY;

  it('reads nothing, false, a hop count or a list of addresses', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.2, 10.1.0.0/16,fd00::/8, loopback')).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, which would trust a spoofed leftmost X-Forwarded-For, and junk', () => {
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY.*hop count|number of proxies/s);
    expect(() => trustProxy('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy('10.0.0.300')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy('-1')).toThrow(/TRUST_PROXY/);
  });
});

/**
 * The address a request is counted under, seen through the per-address login limit (2 here): the
 * third sign-in attempt from one address is refused. Unknown names, so only that limit applies.
 */
async function attemptsFrom(
  t: TestApp,
  remoteAddress: string,
  forwardedFor: (i: number) => string | undefined,
  attempts = 3,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const xff = forwardedFor(i);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { userName: `nobody_${remoteAddress}_${i}`, password: 'Wrong-password-1' },
      remoteAddress,
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const COUNTED_AS_ONE = [401, 401, 429];
const spoof = (i: number) => `198.18.${i}.${i + 1}`;

describe(`TRUST_PROXY on requests (${TEST_ENGINE})`, () => {
  it('without a trusted proxy, forwarded headers change nothing', async () => {
    const t = await createTestApp({ LOGIN_LIMIT_PER_IP: '2' });
    try {
      // Every attempt claims another client address; all count against the socket's.
      expect(await attemptsFrom(t, '203.0.113.50', (i) => spoof(i))).toEqual(COUNTED_AS_ONE);
      expect(await attemptsFrom(t, '203.0.113.51', (i) => `${spoof(i)}, 198.51.100.${i}`)).toEqual(
        COUNTED_AS_ONE,
      );

      const member = await createUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { userName: member.row.userName, password: TEST_PASSWORD },
        remoteAddress: '203.0.113.52',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.cookies.find((c) => c.name === 'rips_device')?.secure).toBeFalsy();
    } finally {
      await t.close();
    }
  });

  it('with one trusted hop, uses the client address next to the proxy, not the leftmost', async () => {
    const t = await createTestApp({ LOGIN_LIMIT_PER_IP: '2', TRUST_PROXY: '1' });
    try {
      const proxy = '10.0.0.2';
      // The leftmost entry is whatever the client wrote; the proxy appended the real address.
      expect(await attemptsFrom(t, proxy, (i) => `${spoof(i)}, 198.51.100.60`)).toEqual(
        COUNTED_AS_ONE,
      );
      // Another client behind the same proxy has a budget of its own.
      expect(await attemptsFrom(t, proxy, (i) => `${spoof(i)}, 198.51.100.61`, 1)).toEqual([401]);

      const member = await createUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { userName: member.row.userName, password: TEST_PASSWORD },
        remoteAddress: proxy,
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.62' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(res.cookies.find((c) => c.name === 'rips_device')?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('with a list, trusts only the listed proxies', async () => {
    const t = await createTestApp({ LOGIN_LIMIT_PER_IP: '2', TRUST_PROXY: '10.0.0.2,10.1.0.0/16' });
    try {
      // A listed proxy: the address it appended counts, whatever the client put in front.
      expect(await attemptsFrom(t, '10.0.0.2', (i) => `${spoof(i)}, 198.51.100.70`)).toEqual(
        COUNTED_AS_ONE,
      );
      // Through two listed proxies: the first untrusted address from the right is the client.
      expect(
        await attemptsFrom(t, '10.1.2.3', (i) => `${spoof(i)}, 198.51.100.71, 10.1.0.5`),
      ).toEqual(COUNTED_AS_ONE);
      expect(await attemptsFrom(t, '10.1.2.3', () => '198.51.100.72, 10.1.0.5', 1)).toEqual([401]);
      // A peer that is not listed: its forwarded header is ignored, the socket address counts.
      expect(
        await attemptsFrom(t, '203.0.113.80', (i) => `${spoof(i)}, 198.51.100.${80 + i}`),
      ).toEqual(COUNTED_AS_ONE);
    } finally {
      await t.close();
    }
  });
});
