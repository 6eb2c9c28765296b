import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ERROR_RESPONSES } from '@rips/shared/envelope';
import { LegacySchema, SaveLegacySchema } from '@rips/shared/legacy';
import { apiOperations } from '../../lib/api-operation.js';
import { answer, respond } from '../../lib/respond.js';
import { ownLegacies, saveOwnLegacy } from './legacy.service.js';

const op = apiOperations('Legacy');

export const legacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The body's `data` is the list of the caller's legacy records: theirs, or none.
  app.get(
    '/legacies',
    {
      schema: {
        ...op('listLegacies', 'Read the caller’s Life Legacy (a list of none or one)'),
        response: answer(z.array(LegacySchema)),
      },
    },
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
        ...op('saveLegacy', 'Write the caller’s Life Legacy'),
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
