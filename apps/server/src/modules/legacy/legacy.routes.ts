import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ERROR_RESPONSES } from '@rips/shared/envelope';
import { LegacySchema, SaveLegacySchema } from '@rips/shared/legacy';
import { answer, respond } from '../../lib/respond.js';
import { ownLegacies, saveOwnLegacy } from './legacy.service.js';

export const legacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The body's `data` is the list of the caller's legacy records: theirs, or none.
  app.get(
    '/legacies',
    { schema: { response: answer(z.array(LegacySchema)) } },
    async (request, reply) => {
      const legacies = await ownLegacies(ctx, await request.requireUser());
      return respond(
        reply,
        200,
        legacies,
        legacies.length ? 'Your legacy' : 'You have not written a legacy yet.',
      );
    },
  );

  app.post(
    '/legacies',
    {
      schema: {
        body: SaveLegacySchema,
        response: { 200: envelope(LegacySchema), 201: envelope(LegacySchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { legacy, created } = await saveOwnLegacy(
        ctx,
        await request.requireUser(),
        request.body,
      );
      return respond(reply, created ? 201 : 200, legacy, 'Data submitted successfully!');
    },
  );
};
