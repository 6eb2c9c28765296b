import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MemorialIdParamsSchema } from '@rips/shared/memorials';
import {
  CopyAddressBodySchema,
  CopyAddressParamsSchema,
  CopyConfirmBodySchema,
  CopyConfirmedSchema,
  CopySettingsSchema,
  SendToMeSchema,
} from '@rips/shared/yearly-copies';
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

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
};

function page(title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title} · Rips Memorial</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #555;background:#333;color:#fff;cursor:pointer}</style>',
    `</head><body><main><h1>${title}</h1>${body}</main></body></html>`,
  ].join('');
}

const TokenQuery = z.object({ token: z.string().max(200).optional() });

/**
 * The one-click stop a yearly copy's mail names in its `List-Unsubscribe` header (RFC 8058) and
 * its text, as the reminders' unsubscribe: no sign-in; GET only shows a button; POST (that button,
 * or the mail app's `List-Unsubscribe=One-Click`) stops the copy. The logs drop query values.
 */
export const copyStopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/copies/stop',
    { schema: { querystring: TokenQuery, hide: true } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const action = `/copies/stop?token=${encodeURIComponent(token)}`;
      return reply
        .headers(PAGE_HEADERS)
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Stop the yearly copy',
            `<p>We send a copy of this memorial once a year so that the family always holds one. If you would rather not receive it, press the button. Nothing else changes, and the memorial stays as it is.</p><form method="post" action="${action.replace(/"/g, '&quot;')}"><button type="submit">Stop sending me the copy</button></form>`,
          ),
        );
    },
  );

  app.post(
    '/copies/stop',
    { schema: { querystring: TokenQuery, hide: true } },
    async (request, reply) => {
      const done = await stopByLink(app.ctx, request.query.token ?? '');
      void reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
      if (!done)
        return reply
          .status(400)
          .send(
            page(
              'This link is not complete',
              '<p>The link is not complete. Open it again from the email, or turn the yearly copy off on the memorial’s Manage page.</p>',
            ),
          );
      return reply.send(
        page(
          'The yearly copy is stopped',
          '<p>You will no longer receive a copy of this memorial. If you change your mind, a member can turn it back on from the memorial’s Manage page.</p>',
        ),
      );
    },
  );
};
