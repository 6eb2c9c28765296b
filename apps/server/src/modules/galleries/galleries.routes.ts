import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_TYPES, PhotoOrderSchema, UploadLimitsSchema } from '@rips/shared/galleries';
import { IMAGE_TYPES_TEXT } from '../../media/images.js';
import { answer, fileAnswer, respond } from '../../lib/respond.js';
import { attachmentDisposition } from '../../media/documents.js';
import { FILE_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.js';
import * as galleries from './galleries.service.js';

const IdParams = z.object({ id: z.string().max(100) });
const DownloadQuery = z.object({
  expires: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});

export const galleriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The upload limits, for forms to state before a file is chosen: the same for everyone.
  app.get(
    '/uploads/limits',
    { schema: { response: answer(UploadLimitsSchema) } },
    async (_request, reply) =>
      respond(
        reply,
        200,
        {
          imageBytes: ctx.config.MAX_IMAGE_BYTES,
          documentBytes: ctx.config.MAX_DOCUMENT_BYTES,
          imageTypes: IMAGE_TYPES_TEXT,
          documentTypes: Object.values(DOCUMENT_TYPES)
            .map((type) => type.label)
            .join(', '),
        },
        'Upload limits',
      ),
  );

  // The family's order of a memorial's photos: every photo once, first to last.
  app.put(
    '/photos/post/:id/order',
    { schema: { params: IdParams, body: PhotoOrderSchema, response: answer(PhotoOrderSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const ids = await galleries.orderPhotos(ctx, user, request.params.id, request.body.ids);
      return respond(reply, 200, { ids }, 'The photos are in their new order.');
    },
  );

  // Always an attachment with its real type, inert even if a browser were to render it.
  app.get(
    '/documents/:id/download',
    {
      schema: {
        params: IdParams,
        querystring: DownloadQuery,
        response: fileAnswer(
          'application/octet-stream',
          'The file, as an attachment with its real type.',
        ),
      },
    },
    async (request, reply) => {
      const { document, object } = await galleries.openDocument(ctx, request.params.id, {
        ...request.query,
        user: () => request.optionalUser(),
      });
      return reply
        .header('content-type', document.mimeType)
        .header('content-length', object.size)
        .header('content-disposition', attachmentDisposition(document.fileName))
        .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
        .header('cache-control', 'private, no-store')
        .send(object.stream);
    },
  );
};
