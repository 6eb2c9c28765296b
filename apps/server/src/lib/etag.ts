import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Who may keep a copy: the caller alone (the default), or any cache for a short while. */
export type Cacheability = 'per-caller' | 'shared';

/**
 * Sends a JSON answer with a strong validator: a client that already holds the same answer gets
 * 304 and no body.
 * - 'per-caller' answers may depend on who asks (likes, rights): private, varied by the
 *   Authorization header, and revalidated every time.
 * - 'shared' answers are the same for every visitor: any cache may keep them a minute, so an
 *   admin's change still shows soon.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  cacheability: Cacheability = 'per-caller',
): FastifyReply {
  // Through the route's response schema, so the answer is exactly what the route declares.
  const json = reply.serialize(body) as string;
  const etag = `"${hash('sha1', json, 'base64url')}"`;
  void reply.header('etag', etag);
  if (cacheability === 'shared') {
    void reply.header('cache-control', 'public, max-age=60, must-revalidate');
  } else {
    void reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization');
  }
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
