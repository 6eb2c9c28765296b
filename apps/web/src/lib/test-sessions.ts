// Sessions for the lib tests (imported by *.test.ts only, never by the app).
import type { SelfUser, Session } from '@rips/shared/users';

/** An unsigned token with the given expiry (seconds); the web app reads only its `exp`. */
export function tokenExpiringAt(exp: number | undefined): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u1', exp })}.signature`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
export const anHourAgo = () => Math.floor(Date.now() / 1000) - 3600;

/** A stored session holding `accessToken`: Rose's, unless `user` says otherwise. */
export function sessionWith(accessToken: string, user: Partial<SelfUser> = {}): Session {
  return {
    accessToken,
    roles: 'visitor',
    user: {
      _id: 'u1',
      userName: 'rose',
      fullName: 'Rose Ames',
      avatar: null,
      email: 'rose@example.test',
      roles: 'visitor',
      createdAt: '2026-01-01T00:00:00.000Z',
      ...user,
    },
  };
}
