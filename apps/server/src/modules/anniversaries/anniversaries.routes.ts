import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ShortCodeParamsSchema } from '@rips/shared/memorials';
import { FILE_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.js';
import { calendarFeed } from './anniversaries.service.js';

/**
 * Any cache may keep a feed a minute, as the site's other shared answers: a memorial made private
 * stops being served that soon (calendar apps look again every few hours anyway).
 */
const CACHE_CONTROL = 'public, max-age=60, must-revalidate';

/**
 * `/m/{code}/calendar.ics`: the memorial's anniversaries as an iCalendar feed a calendar app
 * subscribes to (decision 0109). Only for a memorial anyone may read without signing in; every
 * other code answers the site's not-found page, as an unknown one does.
 */
export const anniversariesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/m/:code/calendar.ics',
    { schema: { params: ShortCodeParamsSchema, hide: true } },
    async (request, reply) => {
      const feed = await calendarFeed(app.ctx, request.params.code, request.ip);
      if (!feed) return reply.sendNotFoundPage();
      void reply.header('etag', feed.etag).header('cache-control', CACHE_CONTROL);
      const match = request.headers['if-none-match'];
      if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === feed.etag))
        return reply.status(304).send();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="anniversaries.ics"')
        .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
        .send(feed.body);
    },
  );
};
