import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { vi } from 'vitest';
import type { OneTimeLinkTable } from '../src/lib/one-time-links.js';
import type { TestApp } from './app.js';

/**
 * Mail is sent by the queue's worker, usually within milliseconds; a loaded machine may take
 * longer. Counts are taken once the queue is empty (`mailSettled`), so an earlier test's mail
 * never arrives after them.
 */
export const MAIL_WAIT = { timeout: 5000, interval: 20 };

/** The mail sent to `to` after `since` messages, once it arrives (it may be sent after the answer). */
export function mailTo(t: TestApp, to: string, since: number) {
  return vi.waitFor(() => {
    const message = t.mail.slice(since).find((m) => m.to === to);
    if (!message) throw new Error(`no mail to ${to} yet`);
    return message;
  }, MAIL_WAIT);
}

/** The token of the link to `page` (a path of https://rips.example) that a mail carries. */
export function linkToken(text: string, page: string): string {
  const escaped = `https://rips.example/${page}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error('no confirmation link in the mail');
  return match[1]!;
}

/** A sign-in from `remoteAddress` (each test file uses its own, so login limits never meet). */
export const loginRequest = (
  app: TestApp['app'],
  userName: string,
  password: string,
  remoteAddress: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { userName, password },
    remoteAddress,
  });

/**
 * The forgot-password form filled in for `account` (its username and email), asking for
 * `newPassword`, typed twice; from `remoteAddress` when given.
 */
export const forgotPasswordRequest = (
  account: { userName: string; email: string },
  newPassword: string,
  remoteAddress?: string,
): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/users/forgot-password',
  payload: {
    userName: account.userName,
    email: account.email,
    newPassword,
    confirmNewPassword: newPassword,
  },
  ...(remoteAddress ? { remoteAddress } : {}),
});

/** The signed-in member's own account, as `authorization` ("Bearer …") sees it. */
export const meRequest = (app: TestApp['app'], authorization: string) =>
  app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization } });

/** The stored rows of one kind of emailed link (password resets, email changes) of an account. */
export function linkRowsOf<T extends OneTimeLinkTable>(t: TestApp, table: T, userId: string) {
  const rows: OneTimeLinkTable = table;
  return t.app.ctx.db.select().from(rows).where(eq(rows.userId, userId)) as Promise<
    T['$inferSelect'][]
  >;
}
