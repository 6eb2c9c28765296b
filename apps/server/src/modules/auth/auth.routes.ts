import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountStateSchema } from '@rips/shared/account';
import { EmptySchema } from '@rips/shared/envelope';
import {
  LoginSchema,
  RegisteredSchema,
  RegisterFieldsSchema,
  SessionSchema,
  UserAndRolesSchema,
} from '@rips/shared/users';
import { answer, createdAnswer, respond } from '../../lib/respond.js';
import { readUpload, uploadForm } from '../../lib/multipart.js';
import { pendingEmailOf } from '../account/email-change.service.js';
import { presentSelf } from '../users/users.presenter.js';
import * as auth from './auth.service.js';
import { DeviceCookies } from './device-cookie.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

const RegisterUpload = uploadForm(RegisterFieldsSchema, { avatar: 'required' });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const devices = new DeviceCookies(ctx.config.jwtSecret);

  app.post(
    '/users/register',
    { schema: { upload: RegisterUpload, response: createdAnswer(RegisteredSchema) } },
    async (request, reply) => {
      await auth.limitRegistration(ctx, request.ip);
      const form = await readUpload(request, RegisterUpload, {
        avatar: ctx.config.MAX_IMAGE_BYTES,
      });
      const user = await auth.register(ctx, form);
      return respond(
        reply,
        201,
        { user: presentSelf(ctx.urls, user) },
        'User Registered Successfully',
      );
    },
  );

  app.post(
    '/users/login',
    { schema: { body: LoginSchema, response: answer(SessionSchema) } },
    async (request, reply) => {
      const device = devices.read(request);
      const { session, user } = await auth.login(ctx, { ip: request.ip, device }, request.body);
      devices.issue(request, reply, user.id);
      setSessionCookie(request, reply, session.accessToken, ctx.config.JWT_TTL_SECONDS);
      return respond(reply, 200, session, 'Login Successful');
    },
  );

  app.post(
    '/users/logout',
    { schema: { response: answer(EmptySchema) } },
    async (request, reply) => {
      // Cleared whatever the token says: a browser leaving keeps no page session behind.
      clearSessionCookie(request, reply);
      const user = await request.requireUser();
      await auth.logout(ctx, user);
      return respond(reply, 200, {}, 'Logout Successful');
    },
  );

  app.patch(
    '/users/become-sponsor',
    { schema: { response: answer(UserAndRolesSchema) } },
    async (request, reply) => {
      const user = await auth.becomeSponsor(ctx, await request.requireUser());
      return respond(
        reply,
        200,
        { user: presentSelf(ctx.urls, user), roles: user.role },
        'You are now a sponsor!',
      );
    },
  );

  app.get(
    '/users/me',
    { schema: { response: answer(AccountStateSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      // A new email waiting for its link shows beside the current one (decision 0088).
      const pendingEmail = await pendingEmailOf(ctx, user);
      return respond(
        reply,
        200,
        { user: presentSelf(ctx.urls, user), roles: user.role, pendingEmail },
        'Current user',
      );
    },
  );
};
