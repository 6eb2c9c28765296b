import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemorialIdParamsSchema } from '@rips/shared/memorials';
import { fileAnswer } from '../../lib/respond.js';
import { PUBLIC_PICTURE_CACHE_CONTROL } from '../../media/urls.js';
import { previewCard } from './preview-card.js';

const PreviewCardAnswer = fileAnswer('image/png', 'A 1,200×630 PNG: portrait, name and dates.');

export const previewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The link-preview card (Open Graph, Twitter): public memorials only.
  app.get(
    '/posts/:id/preview.png',
    { schema: { params: MemorialIdParamsSchema, response: PreviewCardAnswer } },
    async (request, reply) => {
      const png = await previewCard(app.ctx, request.params.id);
      // Kept by shared caches for minutes only: it shows the memorial's portrait and name.
      return reply
        .type('image/png')
        .header('cache-control', PUBLIC_PICTURE_CACHE_CONTROL)
        .send(png);
    },
  );
};
