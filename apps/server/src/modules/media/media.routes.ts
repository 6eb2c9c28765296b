import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
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
      const object = await app.ctx.storage.get(key);
      if (!object) throw AppError.notFound('File not found.');
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', object.size)
        .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
        .header(
          'cache-control',
          isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
        )
        .send(object.stream);
    },
  );
};
