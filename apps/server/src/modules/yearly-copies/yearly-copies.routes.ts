import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemorialIdParamsSchema } from '@rips/shared/memorials';
import {
  CopyAddressBodySchema,
  CopyAddressParamsSchema,
  CopyConfirmBodySchema,
  CopyConfirmedSchema,
  CopySettingsSchema,
  SendToMeSchema,
} from '@rips/shared/yearly-copies';
import {
  acceptFormPosts,
  ONE_CLICK_PAGE_HEADERS,
  oneClickPage,
  OneClickTokenQuery,
} from '../../lib/one-click-page.js';
import { answer, respond } from '../../lib/respond.js';
import * as settings from './copy-settings.service.js';
import { defineYearlyCopyJobs, stopByLink } from './yearly-copies.service.js';

/** A memorial's yearly copy (decision 0126): the caller's own switch and the family's addresses. */
export const yearlyCopiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  defineYearlyCopyJobs(ctx, app.log);

  app.get(
    '/posts/:id/yearly-copy',
    { schema: { params: MemorialIdParamsSchema, response: answer(CopySettingsSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await settings.copySettings(ctx, user, request.params.id);
      return respond(reply, 200, data, 'The yearly copy of this memorial');
    },
  );

  app.put(
    '/posts/:id/yearly-copy',
    {
      schema: {
        params: MemorialIdParamsSchema,
        body: SendToMeSchema,
        response: answer(CopySettingsSchema),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await settings.setSendToMe(ctx, user, request.params.id, request.body.sendToMe);
      return respond(
        reply,
        200,
        data,
        request.body.sendToMe
          ? 'You will receive a copy of this memorial every year.'
          : 'You will no longer receive a yearly copy of this memorial.',
      );
    },
  );

  app.post(
    '/posts/:id/yearly-copy/addresses',
    {
      schema: {
        params: MemorialIdParamsSchema,
        body: CopyAddressBodySchema,
        response: answer(CopySettingsSchema),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await settings.addAddress(ctx, user, request.params.id, request.body.email);
      return respond(
        reply,
        200,
        data,
        'We emailed that address a link; copies go there once it is confirmed.',
      );
    },
  );

  app.delete(
    '/posts/:id/yearly-copy/addresses/:addressId',
    { schema: { params: CopyAddressParamsSchema, response: answer(CopySettingsSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await settings.removeAddress(
        ctx,
        user,
        request.params.id,
        request.params.addressId,
      );
      return respond(reply, 200, data, 'That address will no longer receive copies.');
    },
  );

  // The emailed link's page posts the token (from its fragment); no sign-in.
  app.post(
    '/yearly-copy/confirm',
    { schema: { body: CopyConfirmBodySchema, response: answer(CopyConfirmedSchema) } },
    async (request, reply) => {
      await ctx.limiter.consume(
        `copy-confirm:ip:${request.ip}`,
        ctx.config.INVITATION_LIMIT_PER_USER,
        'Too many attempts from this address.',
      );
      const data = await settings.confirmAddress(ctx, request.body.token);
      return respond(reply, 200, data, 'This address will receive a copy every year.');
    },
  );
};

/**
 * The one-click stop a yearly copy's mail names in its `List-Unsubscribe` header (RFC 8058) and
 * its text, as the reminders' unsubscribe: no sign-in; GET only shows a button; POST (that button,
 * or the mail app's `List-Unsubscribe=One-Click`) stops the copy. The logs drop query values.
 */
export const copyStopRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormPosts(app);

  app.get(
    '/copies/stop',
    { schema: { querystring: OneClickTokenQuery, hide: true } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const action = `/copies/stop?token=${encodeURIComponent(token)}`;
      return reply
        .headers(ONE_CLICK_PAGE_HEADERS)
        .type('text/html; charset=utf-8')
        .send(
          oneClickPage(
            'Stop the yearly copy',
            `<p>We send a copy of this memorial once a year so that the family always holds one. If you would rather not receive it, press the button. Nothing else changes, and the memorial stays as it is.</p><form method="post" action="${action.replace(/"/g, '&quot;')}"><button type="submit">Stop sending me the copy</button></form>`,
          ),
        );
    },
  );

  app.post(
    '/copies/stop',
    { schema: { querystring: OneClickTokenQuery, hide: true } },
    async (request, reply) => {
      const done = await stopByLink(app.ctx, request.query.token ?? '');
      void reply.headers(ONE_CLICK_PAGE_HEADERS).type('text/html; charset=utf-8');
      if (!done)
        return reply
          .status(400)
          .send(
            oneClickPage(
              'This link is not complete',
              '<p>The link is not complete. Open it again from the email, or turn the yearly copy off on the memorial’s Manage page.</p>',
            ),
          );
      return reply.send(
        oneClickPage(
          'The yearly copy is stopped',
          '<p>You will no longer receive a copy of this memorial. If you change your mind, a member can turn it back on from the memorial’s Manage page.</p>',
        ),
      );
    },
  );
};
