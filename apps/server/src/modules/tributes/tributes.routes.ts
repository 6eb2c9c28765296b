import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart, type MultipartForm } from '../../lib/multipart.js';
import { respond } from '../../lib/respond.js';
import { consumeCreation } from '../uploads/uploads.service.js';
import { TributePageQuerySchema } from './tribute-items.js';
import * as tributes from './tributes.service.js';

const IdParams = z.object({ id: z.string().max(100) });

/**
 * The spec's clients send flowers as multipart and prayers as form data labelled JSON; curl users
 * send JSON. Both shapes reach the same zod schema in the service.
 */
async function readForm(
  request: FastifyRequest,
  files: Record<string, number>,
): Promise<MultipartForm> {
  if (request.isMultipart()) return readMultipart(request, files);
  const body = request.body;
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return { fields: fields as Record<string, string>, files: {} };
}

export const tributesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/flowers/post/:id',
    { schema: { params: IdParams, querystring: TributePageQuerySchema } },
    async (request, reply) => {
      const page = await tributes.listFlowers(ctx, request.params.id, request.query);
      return respond(reply, 200, page, 'Flowers');
    },
  );

  app.post('/flowers', async (request, reply) => {
    const user = await request.requireUser();
    consumeCreation(ctx, user.id, 'flowers');
    const form = await readForm(request, { flowerImg: ctx.config.MAX_IMAGE_BYTES });
    const flower = await tributes.leaveFlower(ctx, user, form.fields, form.files['flowerImg']);
    return respond(reply, 201, { data: flower }, 'Flower Added Successfully');
  });

  app.delete('/flowers/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const user = await request.requireUser();
    await tributes.removeFlower(ctx, user, request.params.id, request.log);
    return respond(reply, 200, {}, 'Flower removed');
  });

  app.get(
    '/prayers/post/:id',
    { schema: { params: IdParams, querystring: TributePageQuerySchema } },
    async (request, reply) => {
      const page = await tributes.listPrayers(ctx, request.params.id, request.query);
      return respond(reply, 200, page, 'Prayers');
    },
  );

  app.post('/prayers', async (request, reply) => {
    const user = await request.requireUser();
    consumeCreation(ctx, user.id, 'prayers');
    // A prayer has no file: any file part is refused as unexpected.
    const form = await readForm(request, {});
    const prayer = await tributes.sayPrayer(ctx, user, form.fields);
    return respond(reply, 201, { data: prayer }, 'Prayer Created Successfully');
  });

  app.delete('/prayers/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const user = await request.requireUser();
    await tributes.removePrayer(ctx, user, request.params.id);
    return respond(reply, 200, {}, 'Prayer removed');
  });
};
