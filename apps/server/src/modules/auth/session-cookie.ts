import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The page session cookie: the member's access token, HttpOnly, `SameSite=Lax`, `Secure` over
 * HTTPS. It exists so that a page the server renders can be the signed-in member's own view on
 * first paint (plugins/web-app.ts). Nothing else reads it: the API authenticates by the bearer
 * token alone (plugins/auth.ts), so a forged cross-site request carrying the cookie is just a
 * visitor's request, and writes still need the token the page keeps in `localStorage`.
 */
export const SESSION_COOKIE = 'rips_session';

/** Sent with page requests; the API ignores it (see above). */
const COOKIE_PATH = '/';

/** Sets (or replaces) the cookie with a fresh session's token; it lasts as long as the token. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  accessToken: string,
  ttlSeconds: number,
): void {
  void reply.setCookie(SESSION_COOKIE, accessToken, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: ttlSeconds,
  });
}

/** Ends the cookie (logout, or an account event that ends this browser's session). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/** The token in the cookie, unverified (plugins/auth.ts `viewerFromToken` checks it). */
export function readSessionCookie(request: FastifyRequest): string | null {
  const value = request.cookies[SESSION_COOKIE];
  return value && value.length < 4096 ? value : null;
}
