import { hash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { PUBLIC_PICTURE_CACHE_CONTROL } from '../../media/urls.js';
import { FILE_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.js';
import { isPublicPicture } from './stored-files.js';

const IMAGE_KEY = /^[a-z]+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\/\d{1,5}\.webp$/;

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/*',
    {
      schema: {
        params: z.object({ '*': z.string().max(200) }),
        querystring: z.object({
          expires: z.coerce.number().int().optional(),
          sig: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!IMAGE_KEY.test(key)) throw AppError.notFound('File not found.');
      // A signature the API handed to an allowed caller opens any picture; without one, the
      // row that owns the picture decides (the avatar's member, the memorial, the item's kind
      // and memorial), never the folder's name.
      const { expires, sig } = request.query;
      const signed =
        expires !== undefined && Boolean(sig) && app.ctx.urls.verify(key, expires, sig!);
      const isPublic = !signed && (await isPublicPicture(app.ctx.db, key));
      if (!signed && !isPublic) throw AppError.notFound('File not found.');
      // A key never holds other bytes (a new picture gets a new key), so it is the validator: a
      // cache revalidating a public picture every few minutes gets 304, after the check above.
      const etag = `"${hash('sha1', key, 'base64url')}"`;
      const cacheControl = isPublic ? PUBLIC_PICTURE_CACHE_CONTROL : 'private, max-age=3600';
      void reply.header('etag', etag).header('cache-control', cacheControl);
      const match = request.headers['if-none-match'];
      if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send();
      }
      const object = await app.ctx.storage.get(key);
      if (!object) {
        reply.removeHeader('etag').removeHeader('cache-control');
        throw AppError.notFound('File not found.');
      }
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', object.size)
        .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
        .send(object.stream);
    },
  );
};
