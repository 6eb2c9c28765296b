import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordSchema,
  UpdateAccountSchema,
  UpdateProfileFieldsSchema,
} from '@rips/shared/account';
import { envelope, ERROR_RESPONSES } from '@rips/shared/envelope';
import { SelfUserSchema, SessionSchema, UserAndRolesSchema } from '@rips/shared/users';
import { readUpload, uploadForm } from '../../lib/multipart.js';
import { respond } from '../../lib/respond.js';
import { presentSelf } from '../users/users.presenter.js';
import { changePassword, updateAccount, updateProfile } from './account.service.js';

const ProfileUpload = uploadForm(UpdateProfileFieldsSchema, { avatar: 'optional' });

/** The spec reads the updated user as `data.user`; some clients read a top-level `user`: both are there. */
const ProfileUpdatedSchema = envelope(UserAndRolesSchema).extend({ user: SelfUserSchema });

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/users/update-profile',
    {
      schema: {
        upload: ProfileUpload,
        response: { 200: ProfileUpdatedSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const form = await readUpload(request, ProfileUpload, {
        avatar: ctx.config.MAX_IMAGE_BYTES,
      });
      const updated = await updateProfile(ctx, user, form);
      const self = presentSelf(ctx.urls, updated);
      return {
        ...respond(
          reply,
          200,
          { user: self, roles: updated.role },
          'Profile updated successfully!',
        ),
        user: self,
      };
    },
  );

  app.patch(
    '/users/update-account',
    {
      schema: {
        body: UpdateAccountSchema,
        response: { 200: envelope(UserAndRolesSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const updated = await updateAccount(ctx, await request.requireUser(), request.body);
      return respond(
        reply,
        200,
        { user: presentSelf(ctx.urls, updated), roles: updated.role },
        'Account details updated.',
      );
    },
  );

  app.post(
    '/users/change-password',
    {
      schema: {
        body: ChangePasswordSchema,
        response: { 200: envelope(SessionSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const session = await changePassword(ctx, await request.requireUser(), request.body);
      return respond(
        reply,
        200,
        session,
        'Your password has been changed. Other sessions have been signed out.',
      );
    },
  );
};
