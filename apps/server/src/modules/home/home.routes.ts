import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respond } from '../../lib/respond.js';
import { honoredLegends } from './home.service.js';

/**
 * Answers 304 when the client already holds this exact body. The body is the same for every
 * visitor, so a short shared cache is safe; revalidation after a minute keeps an admin's newly
 * featured memorial from waiting long.
 */
function sendCacheable(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  void reply.header('etag', etag).header('cache-control', 'public, max-age=60, must-revalidate');
  const given = request.headers['if-none-match'];
  if (given && given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/home/legends', async (request, reply) => {
    const legends = await honoredLegends(ctx);
    return sendCacheable(request, reply, respond(reply, 200, legends, 'Honored legends'));
  });
};
