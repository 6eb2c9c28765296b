import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@rips/shared/envelope';
import {
  FollowSchema,
  FollowViewSchema,
  GuestFollowReceiptSchema,
  GuestFollowSchema,
  UnfollowedSchema,
} from '@rips/shared/follows';
import { GuestTokenSchema } from '@rips/shared/guest-tributes';
import { MemorialIdParamsSchema } from '@rips/shared/memorials';
import { answer, respond } from '../../lib/respond.js';
import { defineFollowDigestJob } from './follow-digest.service.js';
import * as service from './follows.service.js';

const FREQUENCY_SAID = { weekly: 'every week', daily: 'every day' } as const;

/** Following a memorial: members, and guests by a confirmed address (decision 0114). */
export const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  defineFollowDigestJob(ctx, app.log);

  app.post(
    '/follows',
    { schema: { body: FollowSchema, response: answer(FollowViewSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const { postId, frequency } = request.body;
      const view = await service.follow(ctx, user, postId, frequency);
      return respond(
        reply,
        200,
        view,
        `You follow this memorial: we will email you what is new ${FREQUENCY_SAID[frequency]}.`,
      );
    },
  );

  app.get(
    '/follows',
    { schema: { response: answer(z.array(FollowViewSchema)) } },
    async (request, reply) => {
      const user = await request.requireUser();
      return respond(reply, 200, await service.followsOf(ctx, user), 'The memorials you follow.');
    },
  );

  app.delete(
    '/follows/post/:id',
    { schema: { params: MemorialIdParamsSchema, response: answer(z.null()) } },
    async (request, reply) => {
      const user = await request.requireUser();
      await service.unfollow(ctx, user, request.params.id);
      return respond(reply, 200, null, 'You no longer follow this memorial.');
    },
  );

  app.post(
    '/follows/guest',
    {
      schema: {
        body: GuestFollowSchema,
        response: { 202: envelope(GuestFollowReceiptSchema), ...answer(z.null()) },
      },
    },
    async (request, reply) => {
      const receipt = await service.requestGuestFollow(ctx, request.body, request.ip);
      return respond(
        reply,
        202,
        receipt,
        'Check your email: we sent a link to confirm that you follow this memorial.',
      );
    },
  );

  app.post(
    '/follows/guest/preview',
    { schema: { body: GuestTokenSchema, response: answer(FollowViewSchema) } },
    async (request, reply) => {
      const view = await service.previewGuestFollow(ctx, request.body.token, request.ip);
      return respond(reply, 200, view, 'This link confirms that you follow a memorial.');
    },
  );

  app.post(
    '/follows/guest/confirm',
    { schema: { body: GuestTokenSchema, response: answer(FollowViewSchema) } },
    async (request, reply) => {
      const view = await service.confirmGuestFollow(ctx, request.body.token, request.ip);
      return respond(
        reply,
        200,
        view,
        `You follow this memorial: we will email you what is new ${FREQUENCY_SAID[view.frequency]}.`,
      );
    },
  );
};

/**
 * The digest's unsubscribe address, outside the API because it is the address in the mail's
 * `List-Unsubscribe` header (RFC 8058): a mail program's one-click POST (`List-Unsubscribe=One-Click`,
 * form-encoded) and the page's button both POST here with the token in the query; a GET of the
 * same address is the web app's page with that button, and changes nothing. The query never
 * reaches a log line (every query value is redacted).
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(
    '/follows/unsubscribe',
    {
      schema: {
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: answer(UnfollowedSchema),
        hide: true,
      },
    },
    async (request, reply) => {
      const done = await service.unsubscribe(app.ctx, request.query.token, request.ip);
      return respond(reply, 200, done, 'You will get no more emails about this memorial.');
    },
  );
};
