import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@rips/shared/envelope';
import {
  CreateEventSchema,
  EventSchema,
  EventsSchema,
  GuestRsvpPreviewSchema,
  GuestRsvpReceiptSchema,
  GuestRsvpSchema,
  MemberRsvpSchema,
  RsvpListSchema,
  UpdateEventSchema,
} from '@rips/shared/events';
import { GuestTokenSchema } from '@rips/shared/guest-tributes';
import { ERROR_RESPONSES } from '@rips/shared/envelope';
import { answer, createdAnswer, respond } from '../../lib/respond.js';
import { viewerFromToken } from '../../plugins/auth.js';
import { FILE_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.js';
import { readSessionCookie } from '../auth/session-cookie.js';
import { memorialRead } from '../memorials/memorial-read.js';
import * as service from './events.service.js';

const EventParams = z.object({ id: z.string().max(100) });

/** A memorial's services and events, and the answers people give (decision 0112). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  memorialRead(app, '/events/post/:id', EventsSchema, service.events, 'Events');

  app.post(
    '/events',
    { schema: { body: CreateEventSchema, response: createdAnswer(EventSchema) } },
    async (request, reply) => {
      const user = await request.optionalUser();
      const event = await service.addEvent(ctx, user, request.body);
      return respond(reply, 201, event, 'The event was added.');
    },
  );

  app.patch(
    '/events/:id',
    { schema: { params: EventParams, body: UpdateEventSchema, response: answer(EventSchema) } },
    async (request, reply) => {
      const user = await request.optionalUser();
      const event = await service.editEvent(ctx, user, request.params.id, request.body);
      return respond(reply, 200, event, 'The event was saved.');
    },
  );

  app.delete(
    '/events/:id',
    { schema: { params: EventParams, response: answer(z.null()) } },
    async (request, reply) => {
      const user = await request.optionalUser();
      await service.removeEvent(ctx, user, request.params.id);
      return respond(reply, 200, null, 'The event was removed.');
    },
  );

  app.post(
    '/events/:id/close',
    { schema: { params: EventParams, response: answer(EventSchema) } },
    async (request, reply) => {
      const user = await request.optionalUser();
      const event = await service.closeEvent(ctx, user, request.params.id);
      return respond(reply, 200, event, 'The service is closed: it now shows under Past events.');
    },
  );

  app.get(
    '/events/:id/rsvps',
    { schema: { params: EventParams, response: answer(RsvpListSchema) } },
    async (request, reply) => {
      const user = await request.optionalUser();
      const list = await service.rsvpList(ctx, user, request.params.id);
      return respond(reply, 200, list, 'Answers');
    },
  );

  app.put(
    '/events/:id/rsvp',
    { schema: { params: EventParams, body: MemberRsvpSchema, response: answer(EventSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const event = await service.answerAsMember(ctx, user, request.params.id, request.body);
      return respond(reply, 200, event, 'Thank you: your answer is saved.');
    },
  );

  app.delete(
    '/events/:id/rsvp',
    { schema: { params: EventParams, response: answer(z.null()) } },
    async (request, reply) => {
      const user = await request.requireUser();
      await service.withdrawMemberAnswer(ctx, user, request.params.id);
      return respond(reply, 200, null, 'Your answer was withdrawn.');
    },
  );

  app.post(
    '/events/:id/guest-rsvp',
    {
      schema: {
        params: EventParams,
        body: GuestRsvpSchema,
        response: { 202: envelope(GuestRsvpReceiptSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const receipt = await service.answerAsGuest(ctx, request.params.id, request.body, request.ip);
      return respond(
        reply,
        202,
        receipt,
        'Thank you. We have sent you an email: open its link to count your answer.',
      );
    },
  );

  // The emailed link's page asks what it confirms (changing nothing), and its button confirms:
  // both POST the token, so it never sits in a path or a logged query.
  app.post(
    '/event-rsvps/preview',
    { schema: { body: GuestTokenSchema, response: answer(GuestRsvpPreviewSchema) } },
    async (request, reply) => {
      const preview = await service.previewGuestAnswer(ctx, request.body.token, request.ip);
      return respond(reply, 200, preview, 'This link confirms an answer to an event.');
    },
  );
  app.post(
    '/event-rsvps/confirm',
    { schema: { body: GuestTokenSchema, response: answer(GuestRsvpPreviewSchema) } },
    async (request, reply) => {
      const confirmed = await service.confirmGuestAnswer(ctx, request.body.token, request.ip);
      return respond(reply, 200, confirmed, 'Thank you: your answer is counted.');
    },
  );
};

async function pageViewer(app: FastifyInstance, request: FastifyRequest) {
  const bearer = await request.optionalUser();
  if (bearer) return bearer;
  const token = readSessionCookie(request);
  return token ? (await viewerFromToken(app.ctx, token)).user : null;
}

/**
 * `/m/{code}/events/{id}.ics`: one event for a calendar app, beside the memorial's feed at
 * `/m/{code}/calendar.ics`, with the same UID. A member of a private memorial downloads it with
 * the session cookie; anyone else who may not see the memorial gets the not-found page.
 */
export const eventCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/m/:code/events/:file',
    {
      schema: {
        params: z.object({ code: z.string().max(100), file: z.string().max(120) }),
        hide: true,
      },
    },
    async (request, reply) => {
      const { code, file } = request.params;
      const id = file.endsWith('.ics') ? file.slice(0, -4) : '';
      const viewer = await pageViewer(app, request);
      const calendar = id
        ? await service.eventCalendar(app.ctx, viewer, code, id, request.ip)
        : null;
      if (!calendar) return reply.sendNotFoundPage();
      return (
        reply
          .type('text/calendar; charset=utf-8')
          .header('etag', calendar.etag)
          // It may be a private memorial's: no shared cache keeps it.
          .header('cache-control', 'private, no-cache')
          .header('content-disposition', 'attachment; filename="event.ics"')
          .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
          .send(calendar.body)
      );
    },
  );
};
