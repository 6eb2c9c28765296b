import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respond } from '../../lib/respond.js';
import { ownLegacies, saveOwnLegacy } from './legacy.service.js';

export const legacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/legacies', async (request, reply) => {
    const legacies = await ownLegacies(ctx, await request.requireUser());
    return respond(
      reply,
      200,
      { data: legacies },
      legacies.length ? 'Your legacy' : 'You have not written a legacy yet.',
    );
  });

  app.post('/legacies', async (request, reply) => {
    const { legacy, created } = await saveOwnLegacy(ctx, await request.requireUser(), request.body);
    return respond(reply, created ? 201 : 200, { data: legacy }, 'Data submitted successfully!');
  });
};
