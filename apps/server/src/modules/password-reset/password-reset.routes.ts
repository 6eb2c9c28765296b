import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PASSWORD_RESET_DONE_MESSAGE, RESET_REQUESTED_MESSAGE } from '@rips/shared/account';
import { respond } from '../../lib/respond.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.js';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post('/users/forgot-password', async (request, reply) => {
    await requestPasswordReset(ctx, request.ip, request.body, request.log);
    return respond(reply, 200, {}, RESET_REQUESTED_MESSAGE);
  });

  app.post('/users/reset-password/confirm', async (request, reply) => {
    const user = await confirmPasswordReset(ctx, request.ip, request.body, request.log);
    // The id lets a browser signed in to this account end its now-revoked session.
    return respond(reply, 200, { userId: user.id }, PASSWORD_RESET_DONE_MESSAGE);
  });
};
