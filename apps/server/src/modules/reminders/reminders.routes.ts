import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MemorialIdParamsSchema } from '@rips/shared/memorials';
import { ReminderSchema, RemindersSchema, SaveReminderSchema } from '@rips/shared/reminders';
import {
  acceptFormPosts,
  ONE_CLICK_PAGE_HEADERS,
  oneClickPage,
  OneClickTokenQuery,
} from '../../lib/one-click-page.js';
import { answer, respond } from '../../lib/respond.js';
import { defineReminderJob } from './reminders.service.js';
import * as service from './reminders.service.js';

/**
 * A member's own reminders of a memorial's anniversaries (decision 0116): signed in, and only of
 * memorials they may see ("not found" otherwise).
 */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  defineReminderJob(ctx, app.log);

  app.get(
    '/reminders',
    { schema: { response: answer(RemindersSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      return respond(reply, 200, await service.reminders(ctx, user), 'Your anniversary reminders');
    },
  );

  app.get(
    '/reminders/post/:id',
    { schema: { params: MemorialIdParamsSchema, response: answer(ReminderSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await service.reminder(ctx, user, request.params.id);
      return respond(reply, 200, data, 'Your reminder of this memorial');
    },
  );

  app.put(
    '/reminders/post/:id',
    {
      schema: {
        params: MemorialIdParamsSchema,
        body: SaveReminderSchema,
        response: answer(ReminderSchema),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await service.saveReminder(ctx, user, request.params.id, request.body);
      return respond(reply, 200, data, 'You will be reminded by email.');
    },
  );

  app.delete(
    '/reminders/post/:id',
    { schema: { params: MemorialIdParamsSchema, response: answer(z.null()) } },
    async (request, reply) => {
      const user = await request.requireUser();
      await service.removeReminder(ctx, user, request.params.id);
      return respond(reply, 200, null, 'You will no longer be reminded of this memorial.');
    },
  );
};

/**
 * The one-click unsubscribe a reminder mail names in its `List-Unsubscribe` header (RFC 8058)
 * and in its text. No sign-in. GET only shows a button (a link scanner opening it changes
 * nothing); POST, from that button or from the mail app with `List-Unsubscribe=One-Click`,
 * stops the reminder. The token rides in the query, as the header's URL must carry it; the logs
 * drop every query value.
 */
export const reminderUnsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormPosts(app);

  app.get(
    '/reminders/unsubscribe',
    { schema: { querystring: OneClickTokenQuery, hide: true } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const action = `/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
      return reply
        .headers(ONE_CLICK_PAGE_HEADERS)
        .type('text/html; charset=utf-8')
        .send(
          oneClickPage(
            'Stop this reminder',
            `<p>You will no longer receive this anniversary reminder by email. Other reminders you chose stay as they are.</p><form method="post" action="${action.replace(/"/g, '&quot;')}"><button type="submit">Stop this reminder</button></form>`,
          ),
        );
    },
  );

  app.post(
    '/reminders/unsubscribe',
    { schema: { querystring: OneClickTokenQuery, hide: true } },
    async (request, reply) => {
      const done = await service.unsubscribe(app.ctx, request.query.token ?? '');
      void reply.headers(ONE_CLICK_PAGE_HEADERS).type('text/html; charset=utf-8');
      if (!done)
        return reply
          .status(400)
          .send(
            oneClickPage(
              'This link is not complete',
              '<p>The link to stop the reminder is not complete. Open it again from the email, or stop the reminder from your account settings.</p>',
            ),
          );
      return reply.send(
        oneClickPage(
          'Reminder stopped',
          '<p>You will no longer receive this anniversary reminder. You can choose reminders again on the memorial’s page.</p>',
        ),
      );
    },
  );
};
