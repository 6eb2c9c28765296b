import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_SENT_MESSAGE, ContactMessageSchema } from '@rips/shared/contact';
import { EmptySchema } from '@rips/shared/envelope';
import { answer, respond } from '../../lib/respond.js';
import { sendContactMessage } from './contact.service.js';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    { schema: { body: ContactMessageSchema, response: answer(EmptySchema) } },
    async (request, reply) => {
      await sendContactMessage(app.ctx, request.ip, request.body, request.log);
      return respond(reply, 200, {}, CONTACT_SENT_MESSAGE);
    },
  );
};
