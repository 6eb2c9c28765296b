import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_UPDATED_MESSAGE,
  CancelEmailChangeSchema,
  ChangePasswordSchema,
  ConfirmEmailChangeSchema,
  EMAIL_CHANGE_CANCELLED_MESSAGE,
  EMAIL_CHANGED_MESSAGE,
  EmailChangeCancelledSchema,
  EmailChangeConfirmedSchema,
  emailChangePendingMessage,
  UpdateAccountResultSchema,
  UpdateAccountSchema,
  UpdateProfileFieldsSchema,
  type UpdateAccountResult,
} from '@rips/shared/account';
import { envelope } from '@rips/shared/envelope';
import { SelfUserSchema, SessionSchema, UserAndRolesSchema } from '@rips/shared/users';
import { readUpload, uploadForm } from '../../lib/multipart.js';
import { answer, bodyAnswer, respond } from '../../lib/respond.js';
import { presentSelf } from '../users/users.presenter.js';
import { issueSession } from '../auth/auth.service.js';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie.js';
import { changePassword, updateAccount, updateProfile } from './account.service.js';
import { cancelEmailChange, confirmEmailChange } from './email-change.service.js';

const ProfileUpload = uploadForm(UpdateProfileFieldsSchema, { avatar: 'optional' });

/** The spec reads the updated user as `data.user`; some clients read a top-level `user`: both are there. */
const ProfileUpdatedAnswer = bodyAnswer(
  envelope(UserAndRolesSchema).extend({ user: SelfUserSchema }),
);

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/users/update-profile',
    { schema: { upload: ProfileUpload, response: ProfileUpdatedAnswer } },
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
    { schema: { body: UpdateAccountSchema, response: answer(UpdateAccountResultSchema) } },
    async (request, reply) => {
      const { user, pendingEmail } = await updateAccount(
        ctx,
        await request.requireUser(),
        request.body,
      );
      const data: UpdateAccountResult = {
        user: presentSelf(ctx.urls, user),
        roles: user.role,
        pendingEmail,
      };
      // The email stays the current one; a different one in the body waits for its link.
      const message =
        request.body.email !== user.email
          ? `${ACCOUNT_UPDATED_MESSAGE} ${emailChangePendingMessage(request.body.email)}`
          : ACCOUNT_UPDATED_MESSAGE;
      return respond(reply, 200, data, message);
    },
  );

  app.post(
    '/users/confirm-email',
    { schema: { body: ConfirmEmailChangeSchema, response: answer(EmailChangeConfirmedSchema) } },
    async (request, reply) => {
      // Read before the change: it revokes every token, this caller's included.
      const caller = await request.optionalUser();
      const user = await confirmEmailChange(ctx, request.ip, request.body);
      // A browser signed in to this account keeps going with a fresh session; every other ends.
      const session = caller?.id === user.id ? await issueSession(ctx, user) : null;
      if (session)
        setSessionCookie(request, reply, session.accessToken, ctx.config.JWT_TTL_SECONDS);
      else clearSessionCookie(request, reply);
      return respond(reply, 200, { userId: user.id, session }, EMAIL_CHANGED_MESSAGE);
    },
  );

  app.post(
    '/users/cancel-email-change',
    { schema: { body: CancelEmailChangeSchema, response: answer(EmailChangeCancelledSchema) } },
    async (request, reply) => {
      // Read before the change: it revokes every token of the account.
      const caller = await request.optionalUser();
      const userId = await cancelEmailChange(ctx, request.ip, request.body);
      // Every session of the account ends, this browser's page session too if it was one.
      if (caller?.id === userId) clearSessionCookie(request, reply);
      return respond(reply, 200, { userId }, EMAIL_CHANGE_CANCELLED_MESSAGE);
    },
  );

  app.post(
    '/users/change-password',
    { schema: { body: ChangePasswordSchema, response: answer(SessionSchema) } },
    async (request, reply) => {
      const session = await changePassword(ctx, await request.requireUser(), request.body);
      // Every other session ends; this browser's page session follows its new token.
      setSessionCookie(request, reply, session.accessToken, ctx.config.JWT_TTL_SECONDS);
      return respond(
        reply,
        200,
        session,
        'Your password has been changed. Other sessions have been signed out.',
      );
    },
  );
};
