import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeLegendsSchema } from '@rips/shared/home';
import { sendWithEtag } from '../../lib/etag.js';
import { answer, respond } from '../../lib/respond.js';
import { honoredLegends } from './home.service.js';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The legends are the same for every visitor, so a short shared cache is safe.
  app.get(
    '/home/legends',
    { schema: { response: answer(HomeLegendsSchema), etag: true } },
    async (request, reply) => {
      const legends = await honoredLegends(ctx);
      return sendWithEtag(
        request,
        reply,
        respond(reply, 200, legends, 'Honored legends'),
        'shared',
      );
    },
  );
};
