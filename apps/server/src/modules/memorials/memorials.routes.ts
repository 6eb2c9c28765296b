import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTRIBUTOR_REMOVED,
  ContributorAddedSchema,
  ContributorParamsSchema,
  CreateMemorialSchema,
  LikeStateSchema,
  MEMORIAL_PAGE_DEFAULT,
  MEMORIAL_UNPAGED_CAP,
  MemberOptionSchema,
  MemorialDeletedSchema,
  MemorialDetailSchema,
  MemorialIdParamsSchema,
  MemorialListQuerySchema,
  MemorialPageSchema,
  MemorialSummarySchema,
  UpdateMemorialSchema,
  UpdatePostIdSchema,
  type MemorialListQuery,
  type MemorialPage,
  type UpdateMemorial,
} from '@rips/shared/memorials';
import { readUpload, uploadForm, type UploadForm, type UploadSpec } from '../../lib/multipart.js';
import { sendWithEtag } from '../../lib/etag.js';
import { answer, bodyAnswer, createdAnswer, respond } from '../../lib/respond.js';
import { memorialRead } from './memorial-read.js';
import { requireCanCreateMemorial } from './memorials.policy.js';
import * as memorials from './memorials.service.js';

const CreateUpload = uploadForm(CreateMemorialSchema, { postImg: 'optional' });
/** The update calls take multipart (with an optional picture) or, for simple clients, JSON fields. */
const UpdateUpload = uploadForm(UpdateMemorialSchema, { postImg: 'optional' }, { json: true });
const UpdatePostUpload = uploadForm(UpdateMemorialSchema.extend(UpdatePostIdSchema.shape), {
  postImg: 'optional',
});

const DetailAnswer = answer(MemorialDetailSchema);
const ListAnswer = answer(z.array(MemorialSummarySchema));

/**
 * The spec's client fetches GET /posts once and searches in the browser: a request without
 * `limit`, `cursor` or `q` gets the newest memorials up to MEMORIAL_UNPAGED_CAP. Anything that
 * pages (our web app always sends `limit`) gets small pages.
 */
function pageSize(query: MemorialListQuery): number {
  if (query.limit !== undefined) return query.limit;
  const unpaged = query.cursor === undefined && query.q === undefined;
  return unpaged ? MEMORIAL_UNPAGED_CAP : MEMORIAL_PAGE_DEFAULT;
}

export const memorialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const fileLimits = { [memorials.IMAGE_FIELD]: ctx.config.MAX_IMAGE_BYTES };

  app.get(
    '/posts',
    {
      schema: {
        querystring: MemorialListQuerySchema,
        response: bodyAnswer(MemorialPageSchema),
        etag: true,
      },
    },
    async (request, reply) => {
      const limit = pageSize(request.query);
      const page = await memorials.listMemorials(ctx, await request.optionalUser(), {
        ...request.query,
        limit,
      });
      // The spec keeps the array in `data`; the page size and next cursor travel beside it.
      const body: MemorialPage = {
        ...respond(reply, 200, page.items, 'Posts fetched successfully'),
        limit,
        nextCursor: page.nextCursor,
        ...(page.suggestions ? { suggestions: page.suggestions } : {}),
      };
      return sendWithEtag(request, reply, body);
    },
  );

  app.post(
    '/posts',
    { schema: { upload: CreateUpload, response: createdAnswer(MemorialDetailSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      // Refused before the upload is read, so a visitor's picture is never processed.
      requireCanCreateMemorial(user);
      const form = await readUpload(request, CreateUpload, fileLimits);
      const memorial = await memorials.createMemorial(ctx, user, form);
      return respond(reply, 201, memorial, 'Post Created Successfully');
    },
  );

  // The caller's own memorials, and those they contribute to.
  for (const [path, list, message] of [
    ['/posts/get-sponsor-post', memorials.listOwned, 'Your memorials'],
    ['/posts/get-contributer-post', memorials.listContributed, 'Memorials you contribute to'],
  ] as const) {
    app.get(path, { schema: { response: ListAnswer } }, async (request, reply) => {
      const items = await list(ctx, await request.requireUser());
      return respond(reply, 200, items, message);
    });
  }

  app.get(
    '/posts/post/:id',
    { schema: { params: MemorialIdParamsSchema, response: DetailAnswer, etag: true } },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const memorial = await memorials.getMemorial(ctx, request.params.id, viewer);
      return sendWithEtag(
        request,
        reply,
        respond(reply, 200, memorial, 'Post fetched successfully'),
      );
    },
  );

  app.delete(
    '/posts/:id',
    { schema: { params: MemorialIdParamsSchema, response: answer(MemorialDeletedSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      await memorials.deleteMemorial(ctx, user, request.params.id, request.log);
      return respond(reply, 200, { _id: request.params.id }, 'Post deleted successfully');
    },
  );

  /**
   * Every update call: signed in before the form is read (a visitor's picture is never
   * processed), then the memorial `memorialId` names, from the address or the form, is changed.
   */
  async function saveUpdate<S extends z.ZodType<UpdateMemorial>>(
    request: FastifyRequest,
    reply: FastifyReply,
    upload: UploadSpec<S, typeof memorials.IMAGE_FIELD>,
    memorialId: (form: UploadForm<z.output<S>, typeof memorials.IMAGE_FIELD>) => string,
  ) {
    const user = await request.requireUser();
    const form = await readUpload(request, upload, fileLimits);
    const memorial = await memorials.updateMemorial(ctx, user, memorialId(form), form);
    return respond(reply, 200, memorial, 'Post updated successfully!');
  }

  for (const method of ['patch', 'put'] as const) {
    app[method](
      '/posts/:id',
      { schema: { params: MemorialIdParamsSchema, upload: UpdateUpload, response: DetailAnswer } },
      (request, reply) => saveUpdate(request, reply, UpdateUpload, () => request.params.id),
    );
  }

  app.post(
    '/posts/update-post',
    { schema: { upload: UpdatePostUpload, response: DetailAnswer } },
    (request, reply) => saveUpdate(request, reply, UpdatePostUpload, (form) => form.fields.postId),
  );

  memorialRead(
    app,
    '/posts/:id/contributors',
    z.array(MemberOptionSchema),
    memorials.listContributors,
    'Contributors fetched successfully',
  );

  app.delete(
    '/posts/:id/contributors/:userId',
    { schema: { params: ContributorParamsSchema, response: answer(ContributorAddedSchema) } },
    async (request, reply) => {
      const { id, userId } = request.params;
      const viewer = await request.optionalUser();
      const result = await memorials.removeContributor(ctx, viewer, id, userId);
      return respond(reply, 200, result, CONTRIBUTOR_REMOVED);
    },
  );

  for (const [method, liked] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/posts/:id/like',
      { schema: { params: MemorialIdParamsSchema, response: answer(LikeStateSchema) } },
      async (request, reply) => {
        const user = await request.requireUser();
        const state = await memorials.setLike(ctx, user, request.params.id, liked);
        const message = liked ? 'You like this memorial.' : 'You no longer like this memorial.';
        return respond(reply, 200, state, message);
      },
    );
  }
};
