import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { findUserById, type UserRow } from '../modules/users/users.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null. An invalid or revoked token counts as signed out. */
    optionalUser(): Promise<UserRow | null>;
    /** The signed-in member; answers 401 otherwise. */
    requireUser(): Promise<UserRow>;
    authLookup: Promise<AuthLookup> | null;
  }
}

type AuthLookup = { user: UserRow | null; reason: string | null };

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

async function lookup(request: FastifyRequest): Promise<AuthLookup> {
  const token = bearerToken(request);
  if (!token) return { user: null, reason: null };
  return viewerFromToken(request.server.ctx, token);
}

/**
 * Who a token belongs to: a valid, unrevoked token of an enabled account, else nobody (with the
 * reason). The API reads the token from the Authorization header only; page renders also read
 * it from the session cookie (modules/auth/session-cookie.ts).
 */
export async function viewerFromToken(
  { tokens, db }: Pick<AppContext, 'tokens' | 'db'>,
  token: string,
): Promise<AuthLookup> {
  const claims = await tokens.verify(token);
  if (!claims) return { user: null, reason: 'Your session has expired. Please log in again.' };
  const user = await findUserById(db, claims.sub);
  if (!user || user.tokenVersion !== claims.ver) {
    return { user: null, reason: 'Your session has expired. Please log in again.' };
  }
  if (user.disabledAt) return { user: null, reason: 'This account has been disabled.' };
  return { user, reason: null };
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('authLookup', null);
  app.decorateRequest('optionalUser', async function (this: FastifyRequest) {
    this.authLookup ??= lookup(this);
    return (await this.authLookup).user;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    this.authLookup ??= lookup(this);
    const { user, reason } = await this.authLookup;
    if (!user) throw AppError.unauthenticated(reason ?? undefined);
    return user;
  });
});
