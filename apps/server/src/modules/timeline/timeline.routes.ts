import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MemorialIdParamsSchema } from '@rips/shared/memorials';
import {
  CharitiesSchema,
  CreateMomentSchema,
  MomentSchema,
  TimelineSchema,
  UpdateCharitiesSchema,
  UpdateMomentSchema,
} from '@rips/shared/timeline';
import { answer, createdAnswer, respond } from '../../lib/respond.js';
import { memorialRead } from '../memorials/memorial-read.js';
import * as service from './timeline.service.js';

const MomentParams = z.object({ id: z.string().max(100) });

/** A memorial's life timeline and the charities its family names in lieu of flowers. */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  memorialRead(app, '/timeline/post/:id', TimelineSchema, service.timeline, 'Timeline');

  app.post(
    '/timeline',
    { schema: { body: CreateMomentSchema, response: createdAnswer(MomentSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const moment = await service.addMoment(ctx, user, request.body);
      return respond(
        reply,
        201,
        moment,
        moment.status === 'published'
          ? 'The moment was added to the timeline.'
          : 'Thank you: your moment waits for the family to approve it.',
      );
    },
  );

  app.patch(
    '/timeline/:id',
    { schema: { params: MomentParams, body: UpdateMomentSchema, response: answer(MomentSchema) } },
    async (request, reply) => {
      const user = await request.optionalUser();
      const moment = await service.editMoment(ctx, user, request.params.id, request.body);
      return respond(reply, 200, moment, 'The moment was saved.');
    },
  );

  app.delete(
    '/timeline/:id',
    { schema: { params: MomentParams, response: answer(z.null()) } },
    async (request, reply) => {
      const user = await request.optionalUser();
      await service.removeMoment(ctx, user, request.params.id);
      return respond(reply, 200, null, 'The moment was removed.');
    },
  );

  app.post(
    '/timeline/:id/approve',
    { schema: { params: MomentParams, response: answer(MomentSchema) } },
    async (request, reply) => {
      const user = await request.optionalUser();
      const moment = await service.decideMoment(ctx, user, request.params.id, 'approve');
      return respond(reply, 200, moment!, 'The moment is now on the timeline.');
    },
  );

  app.post(
    '/timeline/:id/decline',
    { schema: { params: MomentParams, response: answer(z.null()) } },
    async (request, reply) => {
      const user = await request.optionalUser();
      await service.decideMoment(ctx, user, request.params.id, 'decline');
      return respond(reply, 200, null, 'The suggested moment was declined.');
    },
  );

  memorialRead(app, '/charities/post/:id', CharitiesSchema, service.charities, 'Charities');

  app.put(
    '/posts/:id/charities',
    {
      schema: {
        params: MemorialIdParamsSchema,
        body: UpdateCharitiesSchema,
        response: answer(CharitiesSchema),
      },
    },
    async (request, reply) => {
      const user = await request.optionalUser();
      const list = await service.setCharities(ctx, user, request.params.id, request.body);
      return respond(reply, 200, list, 'The charities were saved.');
    },
  );
};
