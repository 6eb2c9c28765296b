import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptySchema, envelope, ERROR_RESPONSES, pageEnvelope } from '@rips/shared/envelope';
import {
  CreateFlowerFieldsSchema,
  CreatePrayerSchema,
  FlowerSchema,
  PrayerSchema,
} from '@rips/shared/tributes';
import { readUpload, uploadForm } from '../../lib/multipart.js';
import { respond, respondPage } from '../../lib/respond.js';
import { consumeCreation } from '../uploads/uploads.service.js';
import { TributePageQuerySchema } from './tribute-items.js';
import * as tributes from './tributes.service.js';

const IdParams = z.object({ id: z.string().max(100) });

/**
 * The spec's clients send flowers as multipart and prayers as form data labelled JSON; curl users
 * send JSON. Both shapes are parsed by the same zod schema here.
 */
const FlowerUpload = uploadForm(
  CreateFlowerFieldsSchema,
  { flowerImg: 'optional' },
  { json: true },
);
// A prayer has no file: any file part is refused as unexpected.
const PrayerUpload = uploadForm(CreatePrayerSchema, {}, { json: true });

const Removed = { 200: envelope(EmptySchema), ...ERROR_RESPONSES };

export const tributesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/flowers/post/:id',
    {
      schema: {
        params: IdParams,
        querystring: TributePageQuerySchema,
        response: { 200: pageEnvelope(FlowerSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const page = await tributes.listFlowers(ctx, request.params.id, request.query);
      return respondPage(reply, page.data, { nextCursor: page.nextCursor }, 'Flowers');
    },
  );

  app.post(
    '/flowers',
    {
      schema: {
        upload: FlowerUpload,
        response: { 201: envelope(FlowerSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await consumeCreation(ctx, user.id, 'flowers');
      const form = await readUpload(request, FlowerUpload, {
        flowerImg: ctx.config.MAX_IMAGE_BYTES,
      });
      const flower = await tributes.leaveFlower(ctx, user, form.fields, form.files.flowerImg);
      return respond(reply, 201, flower, 'Flower Added Successfully');
    },
  );

  app.delete(
    '/flowers/:id',
    { schema: { params: IdParams, response: Removed } },
    async (request, reply) => {
      const user = await request.requireUser();
      await tributes.removeFlower(ctx, user, request.params.id, request.log);
      return respond(reply, 200, {}, 'Flower removed');
    },
  );

  app.get(
    '/prayers/post/:id',
    {
      schema: {
        params: IdParams,
        querystring: TributePageQuerySchema,
        response: { 200: pageEnvelope(PrayerSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const page = await tributes.listPrayers(ctx, request.params.id, request.query);
      return respondPage(reply, page.data, { nextCursor: page.nextCursor }, 'Prayers');
    },
  );

  app.post(
    '/prayers',
    {
      schema: {
        upload: PrayerUpload,
        response: { 201: envelope(PrayerSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await consumeCreation(ctx, user.id, 'prayers');
      const form = await readUpload(request, PrayerUpload, {});
      const prayer = await tributes.sayPrayer(ctx, user, form.fields);
      return respond(reply, 201, prayer, 'Prayer Created Successfully');
    },
  );

  app.delete(
    '/prayers/:id',
    { schema: { params: IdParams, response: Removed } },
    async (request, reply) => {
      const user = await request.requireUser();
      await tributes.removePrayer(ctx, user, request.params.id);
      return respond(reply, 200, {}, 'Prayer removed');
    },
  );
};
