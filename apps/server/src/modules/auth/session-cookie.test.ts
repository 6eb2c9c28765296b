// The page session cookie (session-cookie.ts): set at login with HttpOnly, SameSite=Lax and Secure
// over HTTPS (as a trusted proxy reports it), renewed or cleared by the account events that end
// sessions, never accepted by the API in place of the bearer token, and never written to the log.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgotPasswordRequest } from '../../../test/accounts.js';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import { createMemorialRow, createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { SESSION_COOKIE } from './session-cookie.js';

let t: TestApp;
const lines: string[] = [];
let ip = 0;

beforeAll(async () => {
  t = await createTestApp(
    { TRUST_PROXY: '1', LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
});
afterAll(async () => t?.close());

function login(userName: string, password: string, headers: Record<string, string> = {}) {
  ip += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { userName, password },
    headers,
    remoteAddress: `10.30.0.${ip}`,
  });
}

/** The session cookie's Set-Cookie line of a response, if any. */
function sessionCookieLine(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  return all.find((line: string) => line.startsWith(`${SESSION_COOKIE}=`));
}

function attributes(line: string): string[] {
  return line
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

describe(`session cookie (${TEST_ENGINE})`, () => {
  it('is set at login with the token, HttpOnly, SameSite=Lax, for every page, not Secure over HTTP', async () => {
    const member = await createUser(t.app);
    const res = await login(member.row.userName, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const token = (res.json() as { data: { accessToken: string } }).data.accessToken;
    const line = sessionCookieLine(res)!;
    expect(line.split(';')[0]).toBe(`${SESSION_COOKIE}=${token}`);
    const attrs = attributes(line);
    expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attrs).toContain(`max-age=${t.app.ctx.config.JWT_TTL_SECONDS}`);
    expect(attrs).not.toContain('secure');
  });

  it('is Secure when the trusted proxy says the request came over HTTPS', async () => {
    const member = await createUser(t.app);
    const res = await login(member.row.userName, TEST_PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(attributes(sessionCookieLine(res)!)).toContain('secure');
  });

  it('is not set by a failed login', async () => {
    const member = await createUser(t.app);
    const res = await login(member.row.userName, 'Wrong-password-1');
    expect(res.statusCode).toBe(401);
    expect(sessionCookieLine(res)).toBeUndefined();
  });

  it('is never accepted by the API: reads answer as to a visitor, writes need the bearer token', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const memorialId = (await createMemorialRow(t.app, owner)).id;
    const cookie = `${SESSION_COOKIE}=${owner.token}`;
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/post/${memorialId}`,
      headers: { cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(
      (read.json() as { data: { abilities: { update: boolean } } }).data.abilities.update,
    ).toBe(false);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prayers',
      headers: { cookie },
      payload: { postId: memorialId, prayerText: 'Sent by another site.' },
    });
    expect(write.statusCode).toBe(401);
    const withBearer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prayers',
      headers: { ...owner.auth, cookie },
      payload: { postId: memorialId, prayerText: 'Sent by the family.' },
    });
    expect(withBearer.statusCode).toBe(201);
  });

  it('is cleared at logout, even when the token has already ended', async () => {
    const member = await createUser(t.app);
    for (let i = 0; i < 2; i += 1) {
      // The second logout's token is revoked by the first: 401, and the cookie still goes.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/logout',
        headers: { ...member.auth, cookie: `${SESSION_COOKIE}=${member.token}` },
      });
      expect(res.statusCode).toBe(i === 0 ? 200 : 401);
      const line = sessionCookieLine(res)!;
      expect(line.split(';')[0]).toBe(`${SESSION_COOKIE}=`);
      expect(attributes(line)).toEqual(expect.arrayContaining(['path=/', 'httponly']));
      expect(line).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    }
  });

  it('follows a password change: the new token replaces the old one', async () => {
    const member = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/change-password',
      headers: member.auth,
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Lantern-river-77',
        confirmNewPassword: 'Lantern-river-77',
      },
    });
    expect(res.statusCode).toBe(200);
    const token = (res.json() as { data: { accessToken: string } }).data.accessToken;
    expect(sessionCookieLine(res)!.split(';')[0]).toBe(`${SESSION_COOKIE}=${token}`);
  });

  it("is cleared by a password reset of the cookie's own account only", async () => {
    const member = await createUser(t.app);
    const other = await createUser(t.app);
    const NEW_PASSWORD = 'Harbor-lights-93';
    const resetWith = async (cookieToken: string) => {
      const since = t.mail.length;
      ip += 1;
      const asked = await t.app.inject(
        forgotPasswordRequest(member.row, NEW_PASSWORD, `10.31.0.${ip}`),
      );
      expect(asked.statusCode).toBe(200);
      // The link's mail (a notice of the previous reset may arrive in between).
      const token = await vi.waitFor(
        () => {
          for (const m of t.mail.slice(since)) {
            const link = /reset-password\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(m.text);
            if (m.to === member.row.email && link) return link[1]!;
          }
          throw new Error('no reset link yet');
        },
        { timeout: 5000, interval: 20 },
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/users/reset-password/confirm',
        headers: { cookie: `${SESSION_COOKIE}=${cookieToken}` },
        payload: { token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      });
    };
    const othersBrowser = await resetWith(other.token);
    expect(othersBrowser.statusCode).toBe(200);
    expect(sessionCookieLine(othersBrowser)).toBeUndefined();
    const ownBrowser = await resetWith(member.token);
    expect(ownBrowser.statusCode).toBe(200);
    expect(sessionCookieLine(ownBrowser)!.split(';')[0]).toBe(`${SESSION_COOKIE}=`);
  });

  it('never reaches the log, sent or received', async () => {
    const member = await createUser(t.app);
    const res = await login(member.row.userName, TEST_PASSWORD);
    const token = (res.json() as { data: { accessToken: string } }).data.accessToken;
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { authorization: `Bearer ${token}`, cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.join('\n');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.split('.')[2]!);
  });
});
