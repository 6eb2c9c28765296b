// @vitest-environment jsdom
import type { Session } from '@rips/shared/users';
import type * as SessionModule from './session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anHourAgo, inOneHour, sessionWith, tokenExpiringAt } from './test-sessions';

/*
 * session.ts keeps its state in the module (loaded once per page), so each test imports a fresh
 * copy after arranging localStorage, as a page load would find it.
 */

const session = (accessToken: string): Session => sessionWith(accessToken);

function store(value: Session | string) {
  const raw = typeof value === 'string' ? value : JSON.stringify({ data: value });
  window.localStorage.setItem('user', raw);
}

async function freshSessionModule(): Promise<typeof SessionModule> {
  vi.resetModules();
  return import('./session');
}

/** The alerts the notifications package holds (shown, or queued behind its limit). */
async function shownAlerts(): Promise<string[]> {
  // notify.ts loads the package on the first alert; let that import settle.
  await vi.waitFor(async () => {
    const { notificationsStore } = await import('@mantine/notifications');
    const { notifications, queue } = notificationsStore.getState();
    if (notifications.length + queue.length === 0) throw new Error('no alert yet');
  });
  const { notificationsStore } = await import('@mantine/notifications');
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((n) => String(n.message));
}

async function noAlertsAfterASettle(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  const { notificationsStore } = await import('@mantine/notifications');
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length;
}

beforeEach(async () => {
  window.localStorage.clear();
  // The package is not reloaded by vi.resetModules: its alerts outlive a test.
  (await import('@mantine/notifications')).cleanNotifications();
});
afterEach(() => window.localStorage.clear());

describe('jwt', () => {
  it('reads exp, and counts a token without a readable exp as expired', async () => {
    const { isTokenExpired, tokenExpiry } = await import('./jwt');
    const exp = inOneHour();
    expect(tokenExpiry(tokenExpiringAt(exp))).toBe(exp);
    expect(isTokenExpired(tokenExpiringAt(exp))).toBe(false);
    expect(isTokenExpired(tokenExpiringAt(anHourAgo()))).toBe(true);
    expect(isTokenExpired(tokenExpiringAt(exp), exp * 1000)).toBe(true);
    expect(tokenExpiry(tokenExpiringAt(undefined))).toBeNull();
    expect(isTokenExpired(tokenExpiringAt(undefined))).toBe(true);
    expect(isTokenExpired('not-a-jwt')).toBe(true);
    expect(isTokenExpired('a.%%%not-base64%%%.c')).toBe(true);
  });
});

describe('stored session on page load', () => {
  it('clears a session whose token has expired and says so once', async () => {
    store(session(tokenExpiringAt(anHourAgo())));
    const { getSession, getAccessToken, initSession, SESSION_EXPIRED_MESSAGE } =
      await freshSessionModule();

    initSession();

    expect(getSession()).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(SESSION_EXPIRED_MESSAGE).toBe('Session expired. Please log in again.');
    expect(await shownAlerts()).toEqual([SESSION_EXPIRED_MESSAGE]);
  });

  it('keeps a session whose token is still valid, without a notice', async () => {
    const valid = session(tokenExpiringAt(inOneHour()));
    store(valid);
    const { getSession, getAccessToken, initSession } = await freshSessionModule();

    initSession();

    expect(getSession()).toEqual(valid);
    expect(getAccessToken()).toBe(valid.accessToken);
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({ data: valid });
    expect(await noAlertsAfterASettle()).toBe(0);
  });

  it.each([
    ['text that is not JSON', '{"data": {'],
    ['JSON null', 'null'],
    ['an older shape', JSON.stringify({ token: 'abc', user: { id: 1 } })],
    [
      'a session without a token',
      JSON.stringify({ data: { roles: 'visitor', user: { _id: 'u1' } } }),
    ],
  ])('drops %s under the key without crashing', async (_label, raw) => {
    store(raw);
    const { getSession, initSession } = await freshSessionModule();

    expect(() => initSession()).not.toThrow();

    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(await noAlertsAfterASettle()).toBe(0);
  });

  it('ends a session whose token expires while the page is open, at the next token read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const valid = session(tokenExpiringAt(inOneHour()));
      store(valid);
      const { getAccessToken, getSession, subscribeSession, SESSION_EXPIRED_MESSAGE } =
        await freshSessionModule();
      expect(getAccessToken()).toBe(valid.accessToken);
      const changes = vi.fn();
      subscribeSession(changes);

      vi.setSystemTime(Date.now() + 3601 * 1000);

      expect(getAccessToken()).toBeNull();
      expect(getSession()).toBeNull();
      expect(changes).toHaveBeenCalledTimes(1);
      expect(window.localStorage.getItem('user')).toBeNull();
      vi.useRealTimers();
      expect(await shownAlerts()).toEqual([SESSION_EXPIRED_MESSAGE]);
    } finally {
      vi.useRealTimers();
    }
  });
});
