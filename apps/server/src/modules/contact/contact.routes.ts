import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_SENT_MESSAGE } from '@rips/shared/contact';
import { respond } from '../../lib/respond.js';
import { sendContactMessage } from './contact.service.js';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/contact', async (request, reply) => {
    await sendContactMessage(app.ctx, request.ip, request.body, request.log);
    return respond(reply, 200, {}, CONTACT_SENT_MESSAGE);
  });
};
