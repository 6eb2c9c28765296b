import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTRIBUTOR_REMOVED,
  ContributorParamsSchema,
  MemorialIdParamsSchema,
  MemorialListQuerySchema,
  UpdatePostIdSchema,
  type MemorialPage,
} from '@rips/shared/memorials';
import { AppError } from '../../errors.js';
import { readMultipart, type MultipartForm } from '../../lib/multipart.js';
import { sendWithEtag } from '../../lib/etag.js';
import { respond } from '../../lib/respond.js';
import { requireCanCreateMemorial } from './memorials.policy.js';
import * as memorials from './memorials.service.js';

export const memorialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const fileLimits = { [memorials.IMAGE_FIELD]: ctx.config.MAX_IMAGE_BYTES };

  /** The update calls take multipart (with an optional picture) or, for simple clients, JSON fields. */
  async function readUpdateForm(request: FastifyRequest): Promise<MultipartForm> {
    if (request.isMultipart()) return readMultipart(request, fileLimits);
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      return { fields: body as Record<string, string>, files: {} };
    }
    throw AppError.badRequest('Please send the memorial fields as form data.');
  }

  app.get(
    '/posts',
    { schema: { querystring: MemorialListQuerySchema } },
    async (request, reply) => {
      const page = await memorials.listMemorials(ctx, await request.optionalUser(), request.query);
      // The spec keeps the array in `data`; the next page's cursor travels beside it.
      const body: MemorialPage = {
        ...respond(reply, 200, page.items, 'Posts fetched successfully'),
        nextCursor: page.nextCursor,
      };
      return sendWithEtag(request, reply, body);
    },
  );

  app.post('/posts', async (request, reply) => {
    const user = await request.requireUser();
    // Refused before the upload is read, so a visitor's picture is never processed.
    requireCanCreateMemorial(user);
    const form = await readMultipart(request, fileLimits);
    const memorial = await memorials.createMemorial(ctx, user, form);
    return respond(reply, 201, memorial, 'Post Created Successfully');
  });

  app.get('/posts/get-sponsor-post', async (request, reply) => {
    const items = await memorials.listOwned(ctx, await request.requireUser());
    return respond(reply, 200, items, 'Your memorials');
  });

  app.get('/posts/get-contributer-post', async (request, reply) => {
    const items = await memorials.listContributed(ctx, await request.requireUser());
    return respond(reply, 200, items, 'Memorials you contribute to');
  });

  app.get(
    '/posts/post/:id',
    { schema: { params: MemorialIdParamsSchema } },
    async (request, reply) => {
      const memorial = await memorials.getMemorial(
        ctx,
        request.params.id,
        await request.optionalUser(),
      );
      return sendWithEtag(
        request,
        reply,
        respond(reply, 200, memorial, 'Post fetched successfully'),
      );
    },
  );

  app.delete(
    '/posts/:id',
    { schema: { params: MemorialIdParamsSchema } },
    async (request, reply) => {
      const user = await request.requireUser();
      await memorials.deleteMemorial(ctx, user, request.params.id, request.log);
      return respond(reply, 200, { _id: request.params.id }, 'Post deleted successfully');
    },
  );

  for (const method of ['patch', 'put'] as const) {
    app[method](
      '/posts/:id',
      { schema: { params: MemorialIdParamsSchema } },
      async (request, reply) => {
        const user = await request.requireUser();
        const form = await readUpdateForm(request);
        const memorial = await memorials.updateMemorial(ctx, user, request.params.id, form);
        return respond(reply, 200, memorial, 'Post updated successfully!');
      },
    );
  }

  app.post('/posts/update-post', async (request, reply) => {
    const user = await request.requireUser();
    const form = await readMultipart(request, fileLimits);
    const { postId } = UpdatePostIdSchema.parse(form.fields);
    const memorial = await memorials.updateMemorial(ctx, user, postId, form);
    return respond(reply, 200, memorial, 'Post updated successfully!');
  });

  app.get(
    '/posts/:id/contributors',
    { schema: { params: MemorialIdParamsSchema } },
    async (request, reply) => {
      const members = await memorials.listContributors(
        ctx,
        await request.optionalUser(),
        request.params.id,
      );
      return respond(reply, 200, members, 'Contributors fetched successfully');
    },
  );

  app.delete(
    '/posts/:id/contributors/:userId',
    { schema: { params: ContributorParamsSchema } },
    async (request, reply) => {
      const result = await memorials.removeContributor(
        ctx,
        await request.optionalUser(),
        request.params.id,
        request.params.userId,
      );
      return respond(reply, 200, result, CONTRIBUTOR_REMOVED);
    },
  );

  app.put(
    '/posts/:id/like',
    { schema: { params: MemorialIdParamsSchema } },
    async (request, reply) => {
      const state = await memorials.setLike(
        ctx,
        await request.requireUser(),
        request.params.id,
        true,
      );
      return respond(reply, 200, state, 'You like this memorial.');
    },
  );

  app.delete(
    '/posts/:id/like',
    { schema: { params: MemorialIdParamsSchema } },
    async (request, reply) => {
      const state = await memorials.setLike(
        ctx,
        await request.requireUser(),
        request.params.id,
        false,
      );
      return respond(reply, 200, state, 'You no longer like this memorial.');
    },
  );
};
