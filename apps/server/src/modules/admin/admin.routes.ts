import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminMemorialQuerySchema,
  AdminMemorialSchema,
  AdminTributeSchema,
  AdminUserSchema,
  pagedSchema,
  AdminTributeQuerySchema,
  AdminUserQuerySchema,
  IdParamsSchema,
  SetDisabledSchema,
  SetFeaturedSchema,
  SetSponsorSchema,
  TributeKindSchema,
} from '@rips/shared/admin';
import { EmptySchema } from '@rips/shared/envelope';
import type { AppContext } from '../../context.js';
import { answer, respond } from '../../lib/respond.js';
import type { UserRow } from '../users/users.repository.js';
import { requireAdmin } from './admin.policy.js';
import { presentAdminMemorial, presentAdminUser } from './admin.presenter.js';
import * as admin from './admin.service.js';

const UserAnswer = answer(z.object({ user: AdminUserSchema }));
const FeaturedAnswer = answer(SetFeaturedSchema);

/** Registered under /admin. The hook runs before body validation, so strangers learn nothing. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  app.get(
    '/users',
    {
      schema: { querystring: AdminUserQuerySchema, response: answer(pagedSchema(AdminUserSchema)) },
    },
    async (request, reply) => {
      const { search, page, limit } = request.query;
      const { rows, total } = await admin.searchUsers(ctx, search, { page, limit });
      const data = rows.map((row) => presentAdminUser(ctx.urls, row));
      return respond(reply, 200, { data, page, limit, total }, 'Users');
    },
  );

  /** A switch on a member's account (the sponsor role, disabled): set it, answer the account. */
  function accountSwitch<K extends string>(
    path: string,
    body: z.ZodType<Record<K, boolean>>,
    field: K,
    set: (ctx: AppContext, me: UserRow, id: string, on: boolean) => Promise<UserRow>,
    message: (on: boolean) => string,
  ): void {
    app.patch(
      path,
      { schema: { params: IdParamsSchema, body, response: UserAnswer } },
      async (request, reply) => {
        const me = await request.requireUser();
        // The schema makes the body this; the route types cannot follow a generic schema.
        const on = (request.body as Record<K, boolean>)[field];
        const user = await set(ctx, me, request.params.id, on);
        return respond(reply, 200, { user: presentAdminUser(ctx.urls, user) }, message(on));
      },
    );
  }

  accountSwitch('/users/:id/sponsor', SetSponsorSchema, 'sponsor', admin.setSponsor, (on) =>
    on ? 'Sponsor role granted.' : 'Sponsor role revoked.',
  );
  accountSwitch('/users/:id/status', SetDisabledSchema, 'disabled', admin.setDisabled, (on) =>
    on ? 'Account disabled.' : 'Account enabled.',
  );

  app.get(
    '/memorials',
    {
      schema: {
        querystring: AdminMemorialQuerySchema.extend({
          featured: z.enum(['true', 'false']).optional(),
        }),
        response: answer(pagedSchema(AdminMemorialSchema)),
      },
    },
    async (request, reply) => {
      const { search, page, limit, featured } = request.query;
      const me = await request.requireUser();
      const { rows, total } = await admin.searchMemorials(ctx, me, search, featured === 'true', {
        page,
        limit,
      });
      return respond(
        reply,
        200,
        { data: rows.map(presentAdminMemorial), page, limit, total },
        'Memorials',
      );
    },
  );

  app.patch(
    '/memorials/:id/featured',
    { schema: { params: IdParamsSchema, body: SetFeaturedSchema, response: FeaturedAnswer } },
    async (request, reply) => {
      const me = await request.requireUser();
      await admin.setFeatured(ctx, me, request.params.id, request.body.featured);
      const message = request.body.featured ? 'Memorial featured.' : 'Memorial no longer featured.';
      return respond(reply, 200, { featured: request.body.featured }, message);
    },
  );

  app.get(
    '/tributes',
    {
      schema: {
        querystring: AdminTributeQuerySchema,
        response: answer(pagedSchema(AdminTributeSchema)),
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const me = await request.requireUser();
      const tributes = await admin.recentTributes(ctx, me, { page, limit });
      return respond(reply, 200, tributes, 'Recent tributes');
    },
  );

  app.delete(
    '/tributes/:kind/:id',
    {
      schema: {
        params: IdParamsSchema.extend({ kind: TributeKindSchema }),
        response: answer(EmptySchema),
      },
    },
    async (request, reply) => {
      const me = await request.requireUser();
      await admin.removeTribute(ctx, me, request.params.kind, request.params.id, request.log);
      return respond(reply, 200, {}, 'Tribute removed.');
    },
  );
};
