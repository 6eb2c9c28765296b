import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readMultipart } from '../../lib/multipart.js';
import { respond } from '../../lib/respond.js';
import { presentSelf } from '../users/users.presenter.js';
import { changePassword, updateAccount, updateProfile } from './account.service.js';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post('/users/update-profile', async (request, reply) => {
    const user = await request.requireUser();
    const form = await readMultipart(request, { avatar: ctx.config.MAX_IMAGE_BYTES });
    const updated = await updateProfile(ctx, user, form);
    return respond(
      reply,
      200,
      { user: presentSelf(ctx.urls, updated), roles: updated.role },
      'Profile updated successfully!',
    );
  });

  app.patch('/users/update-account', async (request, reply) => {
    const updated = await updateAccount(ctx, await request.requireUser(), request.body);
    return respond(
      reply,
      200,
      { user: presentSelf(ctx.urls, updated), roles: updated.role },
      'Account details updated.',
    );
  });

  app.post('/users/change-password', async (request, reply) => {
    const session = await changePassword(ctx, await request.requireUser(), request.body);
    return respond(
      reply,
      200,
      session,
      'Your password has been changed. Other sessions have been signed out.',
    );
  });
};
