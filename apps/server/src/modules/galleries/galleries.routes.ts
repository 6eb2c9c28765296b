import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptySchema, envelope, ERROR_RESPONSES, pageEnvelope } from '@rips/shared/envelope';
import {
  GALLERY_FILE_FIELDS,
  GalleryUploadFieldsSchema,
  MemorabliaSchema,
  MemorialDocumentSchema,
  PhotoSchema,
} from '@rips/shared/galleries';
import { readUpload, uploadForm } from '../../lib/multipart.js';
import { respond, respondPage } from '../../lib/respond.js';
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

const PhotoUpload = uploadForm(GalleryUploadFieldsSchema, {
  [GALLERY_FILE_FIELDS.photos]: 'required',
});
const MemorabliaUpload = uploadForm(GalleryUploadFieldsSchema, {
  [GALLERY_FILE_FIELDS.memorablias]: 'required',
});
const DocumentUpload = uploadForm(GalleryUploadFieldsSchema, {
  [GALLERY_FILE_FIELDS.documents]: 'required',
});

const Removed = { 200: envelope(EmptySchema), ...ERROR_RESPONSES };
const pageAnswer = <T extends z.ZodType>(item: T) => ({
  200: pageEnvelope(item),
  ...ERROR_RESPONSES,
});
const createdAnswer = <T extends z.ZodType>(item: T) => ({
  201: envelope(item),
  ...ERROR_RESPONSES,
});

export const galleriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const imageLimit = () => ctx.config.MAX_IMAGE_BYTES;

  app.get(
    '/photos/post/:id',
    {
      schema: {
        params: IdParams,
        querystring: TributePageQuerySchema,
        response: pageAnswer(PhotoSchema),
      },
    },
    async (request, reply) => {
      const page = await galleries.listPhotos(
        ctx,
        await request.optionalUser(),
        request.params.id,
        request.query,
      );
      return respondPage(reply, page.data, { nextCursor: page.nextCursor }, 'Photos');
    },
  );

  app.post(
    '/photos',
    { schema: { upload: PhotoUpload, response: createdAnswer(PhotoSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      await consumeCreation(ctx, user.id, 'uploads');
      const form = await readUpload(request, PhotoUpload, { photoImg: imageLimit() });
      const photo = await galleries.addPhoto(ctx, user, form);
      return respond(reply, 201, photo, 'Photo Has Been Added Successfully');
    },
  );

  app.delete(
    '/photos/:id',
    { schema: { params: IdParams, response: Removed } },
    async (request, reply) => {
      await galleries.removePhoto(ctx, await request.requireUser(), request.params.id, request.log);
      return respond(reply, 200, {}, 'Photo removed');
    },
  );

  app.get(
    '/memorablias/post/:id',
    {
      schema: {
        params: IdParams,
        querystring: TributePageQuerySchema,
        response: pageAnswer(MemorabliaSchema),
      },
    },
    async (request, reply) => {
      const page = await galleries.listMemorabilia(
        ctx,
        await request.optionalUser(),
        request.params.id,
        request.query,
      );
      return respondPage(reply, page.data, { nextCursor: page.nextCursor }, 'Memorablia');
    },
  );

  app.post(
    '/memorablias',
    { schema: { upload: MemorabliaUpload, response: createdAnswer(MemorabliaSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      await consumeCreation(ctx, user.id, 'uploads');
      const form = await readUpload(request, MemorabliaUpload, { memorabliaImg: imageLimit() });
      const item = await galleries.addMemorabilia(ctx, user, form);
      return respond(reply, 201, item, 'Memorablia Has Been Added Successfully');
    },
  );

  app.delete(
    '/memorablias/:id',
    { schema: { params: IdParams, response: Removed } },
    async (request, reply) => {
      await galleries.removeMemorabilia(
        ctx,
        await request.requireUser(),
        request.params.id,
        request.log,
      );
      return respond(reply, 200, {}, 'Memorablia removed');
    },
  );

  app.get(
    '/documents/post/:id',
    {
      schema: {
        params: IdParams,
        querystring: TributePageQuerySchema,
        response: pageAnswer(MemorialDocumentSchema),
      },
    },
    async (request, reply) => {
      const page = await galleries.listDocuments(
        ctx,
        await request.optionalUser(),
        request.params.id,
        request.query,
      );
      return respondPage(reply, page.data, { nextCursor: page.nextCursor }, 'Documents');
    },
  );

  app.post(
    '/documents',
    { schema: { upload: DocumentUpload, response: createdAnswer(MemorialDocumentSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      await consumeCreation(ctx, user.id, 'uploads');
      const form = await readUpload(request, DocumentUpload, {
        documentFile: ctx.config.MAX_DOCUMENT_BYTES,
      });
      const document = await galleries.addDocument(ctx, user, form);
      return respond(reply, 201, document, 'Document uploaded successfully');
    },
  );

  app.delete(
    '/documents/:id',
    { schema: { params: IdParams, response: Removed } },
    async (request, reply) => {
      await galleries.removeDocument(
        ctx,
        await request.requireUser(),
        request.params.id,
        request.log,
      );
      return respond(reply, 200, {}, 'Document removed');
    },
  );

  // Always an attachment with its real type, inert even if a browser were to render it.
  app.get(
    '/documents/:id/download',
    {
      schema: {
        params: IdParams,
        querystring: DownloadQuery,
        response: {
          200: {
            description: 'The file, as an attachment with its real type.',
            content: {
              // A stream, never serialized: `any` lets the handler send it; the meta documents it.
              'application/octet-stream': {
                schema: z.any().meta({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...ERROR_RESPONSES,
        },
      },
    },
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
