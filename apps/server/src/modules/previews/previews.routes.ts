import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES } from '@rips/shared/envelope';
import { MemorialIdParamsSchema } from '@rips/shared/memorials';
import { previewCard } from './preview-card.js';

export const previewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The link-preview card (Open Graph, Twitter): public memorials only.
  app.get(
    '/posts/:id/preview.png',
    {
      schema: {
        params: MemorialIdParamsSchema,
        response: {
          200: {
            description: 'A 1,200×630 PNG: portrait, name and dates.',
            content: {
              'image/png': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
            },
          },
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const png = await previewCard(ctx, request.params.id);
      return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png);
    },
  );
};
