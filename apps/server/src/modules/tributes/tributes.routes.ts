import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptySchema, pageEnvelope } from '@rips/shared/envelope';
import { sendWithEtag } from '../../lib/etag.js';
import { readUpload } from '../../lib/multipart.js';
import { answer, bodyAnswer, createdAnswer, respond, respondPage } from '../../lib/respond.js';
import { consumeCreation } from '../uploads/uploads.service.js';
import { TributePageQuerySchema } from './tribute-items.js';
import type { TributeKind } from './tribute-kind.js';
import { TRIBUTE_KINDS } from './tribute-kinds.js';
import { defineTributeDigestJob } from './tribute-digest.service.js';
import * as tributes from './tributes.service.js';

const IdParams = z.object({ id: z.string().max(100) });
const Removed = answer(EmptySchema);

/** The spec's three calls of one kind: its list on a memorial, leaving one, and removing one. */
function registerKind(app: Parameters<FastifyPluginAsyncZod>[0], kind: TributeKind): void {
  const { ctx } = app;

  app.get(
    `/${kind.path}/post/:id`,
    {
      schema: {
        params: IdParams,
        querystring: TributePageQuerySchema,
        response: bodyAnswer(pageEnvelope(kind.schema)),
        etag: true,
      },
    },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const page = await tributes.listItems(ctx, kind, viewer, request.params.id, request.query);
      const body = respondPage(
        reply,
        page.data,
        { nextCursor: page.nextCursor },
        kind.messages.listed,
      );
      // Each item says what the caller may do with it: private to the caller, never shared.
      return sendWithEtag(request, reply, body);
    },
  );

  app.post(
    `/${kind.path}`,
    { schema: { upload: kind.upload, response: createdAnswer(kind.schema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      // Counted before the body is read, so a refusal costs nothing.
      await consumeCreation(ctx, user.id, kind.creation);
      const limits = kind.file ? { [kind.file.field]: kind.file.maxBytes(ctx.config) } : {};
      const form = await readUpload(request, kind.upload, limits);
      const item = await tributes.createItem(ctx, kind, user, form);
      return respond(reply, 201, item, kind.messages.created);
    },
  );

  app.delete(
    `/${kind.path}/:id`,
    { schema: { params: IdParams, response: Removed } },
    async (request, reply) => {
      const user = await request.requireUser();
      await tributes.removeItem(ctx, kind, user, request.params.id, request.log);
      return respond(reply, 200, {}, kind.messages.removed);
    },
  );
}

/** Every kind of item left on a memorial, from the one registry (tribute-kinds.ts). */
export const tributesRoutes: FastifyPluginAsyncZod = async (app) => {
  defineTributeDigestJob(app.ctx);
  for (const kind of TRIBUTE_KINDS) registerKind(app, kind);
};
