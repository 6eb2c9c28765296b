import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MemorialIdParamsSchema,
  PosterQuerySchema,
  ShortCodeParamsSchema,
  ShortLinkTargetSchema,
} from '@rips/shared/memorials';
import { AppError } from '../../errors.js';
import { answer, fileAnswer, respond } from '../../lib/respond.js';
import { viewerFromToken } from '../../plugins/auth.js';
import { FILE_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.js';
import { readSessionCookie } from '../auth/session-cookie.js';
import * as share from './share.service.js';

/**
 * Revalidated on every use (a memorial may become private), validated by the memorial's last
 * change: a client that holds the current copy gets 304 without the file being made again.
 */
function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Authorization');
  const match = request.headers['if-none-match'];
  return Boolean(match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
}

function sendFile(reply: FastifyReply, type: string, fileName: string, body: Buffer | string) {
  return reply
    .type(type)
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
    .send(body);
}

/** The QR code and poster of a memorial, under the API. */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The short link as the web app resolves it with the session: a browser following /m/{code}
  // sends no token (and maybe no session cookie), so a memorial only some may see is found here,
  // for them (decisions 0070, 0086).
  app.get(
    '/posts/short/:code',
    { schema: { params: ShortCodeParamsSchema, response: answer(ShortLinkTargetSchema) } },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const id = await share.followShortLink(ctx, request.params.code, viewer, request.ip);
      if (!id) throw AppError.notFound('No memorial has this link.');
      void reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization');
      return respond(reply, 200, { _id: id }, 'Short link found');
    },
  );

  // The QR code of the memorial's short link, drawn as SVG or as PNG.
  for (const qr of [
    {
      format: 'svg',
      type: 'image/svg+xml',
      description: "A QR code of the memorial's short link.",
      draw: share.qrSvg,
    },
    {
      format: 'png',
      type: 'image/png',
      description: "A QR code of the memorial's short link, 512 px.",
      draw: share.qrPng,
    },
  ] as const) {
    app.get(
      `/posts/:id/qr.${qr.format}`,
      {
        schema: {
          params: MemorialIdParamsSchema,
          response: fileAnswer(qr.type, qr.description),
          etag: true,
        },
      },
      async (request, reply) => {
        const viewer = await request.optionalUser();
        const file = await share.shareFile(ctx, request.params.id, viewer, qr.format);
        if (notModified(request, reply, file.etag)) return reply.status(304).send();
        const body = await qr.draw(ctx, file.memorial);
        const fileName = `memorial-qr-${file.memorial.shortCode}.${qr.format}`;
        return sendFile(reply, qr.type, fileName, body);
      },
    );
  }

  app.get(
    '/posts/:id/poster.pdf',
    {
      schema: {
        params: MemorialIdParamsSchema,
        querystring: PosterQuerySchema,
        response: fileAnswer(
          'application/pdf',
          'A printable poster: photo, name, dates, the family’s line, QR code and short link.',
        ),
        etag: true,
      },
    },
    async (request, reply) => {
      const { size } = request.query;
      const viewer = await request.optionalUser();
      const file = await share.shareFile(ctx, request.params.id, viewer, `poster-${size}`);
      if (notModified(request, reply, file.etag)) return reply.status(304).send();
      const minute = Math.floor(ctx.limiter.now() / 60_000);
      await ctx.limiter.consume(
        `poster:${request.ip}:${minute}`,
        // Drawn on the main thread (tens of milliseconds each): a few a minute per address is
        // plenty for a family, and bounds what one client can make the server draw.
        ctx.config.POSTERS_PER_MINUTE_PER_IP,
        'Too many posters were asked for from your address. Please wait a minute and try again.',
      );
      const pdf = await share.poster(ctx, file.memorial, size);
      return sendFile(
        reply,
        'application/pdf',
        `memorial-poster-${file.memorial.shortCode}-${size}.pdf`,
        pdf,
      );
    },
  );
};

/**
 * `/m/{code}`: the short link printed on posters and shared by families. A temporary redirect to
 * the memorial's page (decision 0070) when that page shows the caller something: the memorial,
 * or a private memorial's "Ask to join" (decision 0086). A code that is unknown, or whose memorial
 * would show the caller only "not found", gets the site's not-found page, the same for both.
 */
export const shortLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/m/:code',
    { schema: { params: ShortCodeParamsSchema, hide: true } },
    async (request, reply) => {
      const id = await share.followShortLink(
        app.ctx,
        request.params.code,
        await pageViewer(app, request),
        request.ip,
      );
      if (!id) return reply.sendNotFoundPage();
      return reply
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Authorization, Cookie')
        .redirect(`/post/${id}`, 302);
    },
  );
};

/**
 * Who follows a link: the bearer token's member, else the page session cookie's (a browser
 * following a printed link sends the cookie, never a token), else a visitor.
 */
async function pageViewer(app: FastifyInstance, request: FastifyRequest) {
  const bearer = await request.optionalUser();
  if (bearer) return bearer;
  const token = readSessionCookie(request);
  return token ? (await viewerFromToken(app.ctx, token)).user : null;
}
