import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respond } from '../../lib/respond.js';
import { readMultipart } from '../../lib/multipart.js';
import { presentSelf } from '../users/users.presenter.js';
import * as auth from './auth.service.js';
import { DeviceCookies } from './device-cookie.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const devices = new DeviceCookies(ctx.config.jwtSecret);

  app.post('/users/register', async (request, reply) => {
    auth.limitRegistration(ctx, request.ip);
    const form = await readMultipart(request, { avatar: ctx.config.MAX_IMAGE_BYTES });
    const user = await auth.register(ctx, form);
    return respond(
      reply,
      201,
      { user: presentSelf(ctx.urls, user) },
      'User Registered Successfully',
    );
  });

  app.post('/users/login', async (request, reply) => {
    const device = devices.read(request);
    const { session, user } = await auth.login(ctx, { ip: request.ip, device }, request.body);
    devices.issue(request, reply, user.id);
    return respond(reply, 200, session, 'Login Successful');
  });

  app.post('/users/logout', async (request, reply) => {
    const user = await request.requireUser();
    await auth.logout(ctx, user);
    return respond(reply, 200, {}, 'Logout Successful');
  });

  app.patch('/users/become-sponsor', async (request, reply) => {
    const user = await auth.becomeSponsor(ctx, await request.requireUser());
    return respond(
      reply,
      200,
      { user: presentSelf(ctx.urls, user), roles: user.role },
      'You are now a sponsor!',
    );
  });

  app.get('/users/me', async (request, reply) => {
    const user = await request.requireUser();
    return respond(
      reply,
      200,
      { user: presentSelf(ctx.urls, user), roles: user.role },
      'Current user',
    );
  });
};
