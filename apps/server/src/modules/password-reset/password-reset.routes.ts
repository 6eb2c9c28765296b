import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ForgotPasswordSchema,
  PASSWORD_RESET_DONE_MESSAGE,
  PasswordResetDoneSchema,
  RESET_REQUESTED_MESSAGE,
  ResetPasswordConfirmSchema,
} from '@rips/shared/account';
import { EmptySchema } from '@rips/shared/envelope';
import { answer, respond } from '../../lib/respond.js';
import { clearSessionCookie, readSessionCookie } from '../auth/session-cookie.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.js';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/users/forgot-password',
    { schema: { body: ForgotPasswordSchema, response: answer(EmptySchema) } },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.ip, request.body, request.log);
      return respond(reply, 200, {}, RESET_REQUESTED_MESSAGE);
    },
  );

  app.post(
    '/users/reset-password/confirm',
    { schema: { body: ResetPasswordConfirmSchema, response: answer(PasswordResetDoneSchema) } },
    async (request, reply) => {
      const user = await confirmPasswordReset(ctx, request.ip, request.body);
      // The reset ends every session of the account: so this browser's page session, when it
      // is that account's (another account's session here stays).
      const cookie = readSessionCookie(request);
      const claims = cookie ? await ctx.tokens.verify(cookie) : null;
      if (claims?.sub === user.id) clearSessionCookie(request, reply);
      return respond(reply, 200, { userId: user.id }, PASSWORD_RESET_DONE_MESSAGE);
    },
  );
};
