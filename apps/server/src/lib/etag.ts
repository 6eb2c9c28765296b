import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a JSON answer with a strong validator: a browser that already holds the same answer gets
 * 304 and no body. Answers may depend on who asks (likes, rights), so they are private and vary
 * by the Authorization header, and are revalidated every time.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): FastifyReply {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  void reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Authorization');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
