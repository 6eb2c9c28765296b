import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../lib/multipart.js';
import { respond } from '../../lib/respond.js';
import { consumeCreation } from '../uploads/uploads.service.js';
import { attachmentDisposition } from '../../media/documents.js';
import { FILE_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.js';
import { TributePageQuerySchema } from '../tributes/tribute-items.js';
import * as galleries from './galleries.service.js';

const IdParams = z.object({ id: z.string().max(100) });
const DownloadQuery = z.object({
  expires: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});

export const galleriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const imageLimit = () => ctx.config.MAX_IMAGE_BYTES;

  app.get(
    '/photos/post/:id',
    { schema: { params: IdParams, querystring: TributePageQuerySchema } },
    async (request, reply) => {
      const page = await galleries.listPhotos(
        ctx,
        await request.optionalUser(),
        request.params.id,
        request.query,
      );
      return respond(reply, 200, page, 'Photos');
    },
  );

  app.post('/photos', async (request, reply) => {
    const user = await request.requireUser();
    consumeCreation(ctx, user.id, 'uploads');
    const form = await readMultipart(request, { photoImg: imageLimit() });
    const photo = await galleries.addPhoto(ctx, user, form);
    return respond(reply, 201, { data: photo }, 'Photo Has Been Added Successfully');
  });

  app.delete('/photos/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await galleries.removePhoto(ctx, await request.requireUser(), request.params.id, request.log);
    return respond(reply, 200, {}, 'Photo removed');
  });

  app.get(
    '/memorablias/post/:id',
    { schema: { params: IdParams, querystring: TributePageQuerySchema } },
    async (request, reply) => {
      const page = await galleries.listMemorabilia(
        ctx,
        await request.optionalUser(),
        request.params.id,
        request.query,
      );
      return respond(reply, 200, page, 'Memorablia');
    },
  );

  app.post('/memorablias', async (request, reply) => {
    const user = await request.requireUser();
    consumeCreation(ctx, user.id, 'uploads');
    const form = await readMultipart(request, { memorabliaImg: imageLimit() });
    const item = await galleries.addMemorabilia(ctx, user, form);
    return respond(reply, 201, { data: item }, 'Memorablia Has Been Added Successfully');
  });

  app.delete('/memorablias/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await galleries.removeMemorabilia(
      ctx,
      await request.requireUser(),
      request.params.id,
      request.log,
    );
    return respond(reply, 200, {}, 'Memorablia removed');
  });

  app.get(
    '/documents/post/:id',
    { schema: { params: IdParams, querystring: TributePageQuerySchema } },
    async (request, reply) => {
      const page = await galleries.listDocuments(
        ctx,
        await request.optionalUser(),
        request.params.id,
        request.query,
      );
      return respond(reply, 200, page, 'Documents');
    },
  );

  app.post('/documents', async (request, reply) => {
    const user = await request.requireUser();
    consumeCreation(ctx, user.id, 'uploads');
    const form = await readMultipart(request, { documentFile: ctx.config.MAX_DOCUMENT_BYTES });
    const document = await galleries.addDocument(ctx, user, form);
    return respond(reply, 201, { data: document }, 'Document uploaded successfully');
  });

  app.delete('/documents/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await galleries.removeDocument(
      ctx,
      await request.requireUser(),
      request.params.id,
      request.log,
    );
    return respond(reply, 200, {}, 'Document removed');
  });

  // Always an attachment with its real type, inert even if a browser were to render it.
  app.get(
    '/documents/:id/download',
    { schema: { params: IdParams, querystring: DownloadQuery } },
    async (request, reply) => {
      const { document, object } = await galleries.openDocument(ctx, request.params.id, {
        ...request.query,
        user: () => request.requireUser(),
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
