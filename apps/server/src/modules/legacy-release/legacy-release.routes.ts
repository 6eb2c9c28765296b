import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InviteStewardSchema,
  LegacyPlanSchema,
  LinkTokenSchema,
  ReleasedLegacySchema,
  ReportDeathSchema,
  SaveLegacyRulesSchema,
  StartMemorialSchema,
  StewardshipSchema,
} from '@rips/shared/legacy-release';
import { answer, fileAnswer, respond } from '../../lib/respond.js';
import * as service from './legacy-release.service.js';

const IdParams = z.object({ id: z.uuid({ error: 'That steward was not found.' }) });
const STOP_WORDS = 'The release is stopped. Your stewards have been told.';

/**
 * A Life Legacy's release after its member's death (docs/decisions/0122-legacy-release.md): the
 * member's rules and stewards, the stewards' reports, the emailed stop, and the readers' access.
 * Tokens travel in bodies, never in paths; reading released content is a POST (it is logged).
 */
export const legacyReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  service.defineLegacyReleaseTimer(ctx, app.log);
  const limitLinks = (ip: string) =>
    ctx.limiter.consume(
      `legacy-link:ip:${ip}`,
      ctx.config.RESET_CONFIRM_LIMIT_PER_IP,
      'Too many attempts. Please try again later.',
    );

  // ---- The member ----
  app.get(
    '/legacy-plan',
    { schema: { response: answer(LegacyPlanSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      return respond(
        reply,
        200,
        await service.plan(ctx, user),
        'Your Life Legacy after your death',
      );
    },
  );

  app.put(
    '/legacy-plan/rules',
    { schema: { body: SaveLegacyRulesSchema, response: answer(LegacyPlanSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await service.saveRules(ctx, user, request.body);
      return respond(reply, 200, data, 'Your choices are saved.');
    },
  );

  app.post(
    '/legacy-plan/stewards',
    { schema: { body: InviteStewardSchema, response: answer(LegacyPlanSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await service.inviteSteward(ctx, user, request.body.email);
      return respond(reply, 200, data, `We emailed ${request.body.email} an invitation.`);
    },
  );

  app.delete(
    '/legacy-plan/stewards/:id',
    { schema: { params: IdParams, response: answer(LegacyPlanSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await service.removeSteward(ctx, user, request.params.id);
      return respond(reply, 200, data, 'The steward was removed.');
    },
  );

  app.post(
    '/legacy-plan/stop',
    { schema: { response: answer(LegacyPlanSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      return respond(reply, 200, await service.stopByMember(ctx, user), STOP_WORDS);
    },
  );

  app.post(
    '/legacy-plan/revoke',
    { schema: { response: answer(LegacyPlanSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await service.revoke(ctx, user);
      return respond(reply, 200, data, 'Nobody can read your Life Legacy any more.');
    },
  );

  app.post(
    '/legacy-release/stop',
    {
      schema: {
        body: LinkTokenSchema,
        response: answer(z.object({ memberName: z.string() })),
      },
    },
    async (request, reply) => {
      await limitLinks(request.ip);
      return respond(reply, 200, await service.stopByLink(ctx, request.body.token), STOP_WORDS);
    },
  );

  // ---- The stewards ----
  app.post(
    '/legacy-stewardships/accept',
    { schema: { body: LinkTokenSchema, response: answer(StewardshipSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      await limitLinks(request.ip);
      const data = await service.acceptStewardship(ctx, user, request.body.token);
      return respond(
        reply,
        200,
        data,
        `You are now a steward of ${data.memberName}'s Life Legacy.`,
      );
    },
  );

  app.get(
    '/legacy-stewardships',
    { schema: { response: answer(z.array(StewardshipSchema)) } },
    async (request, reply) => {
      const user = await request.requireUser();
      return respond(
        reply,
        200,
        await service.stewardships(ctx, user),
        'The Life Legacies you look after',
      );
    },
  );

  app.delete(
    '/legacy-stewardships/:id',
    { schema: { params: IdParams, response: answer(z.null()) } },
    async (request, reply) => {
      const user = await request.requireUser();
      await service.stepDown(ctx, user, request.params.id);
      return respond(reply, 200, null, 'You are no longer a steward of this Life Legacy.');
    },
  );

  app.post(
    '/legacy-stewardships/:id/report',
    { schema: { params: IdParams, body: ReportDeathSchema, response: answer(StewardshipSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await service.reportDeath(
        ctx,
        user,
        request.params.id,
        request.body.dateOfDeath,
      );
      return respond(reply, 200, data, 'Thank you. Your report is recorded.');
    },
  );

  app.post(
    '/legacy-stewardships/:id/memorial',
    {
      schema: {
        params: IdParams,
        body: StartMemorialSchema,
        response: { ...answer(z.object({ memorialId: z.string() })) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const data = await service.startMemorial(ctx, user, request.params.id, request.body);
      return respond(reply, 200, data, 'The memorial is started.');
    },
  );

  // ---- The readers ----
  app.post(
    '/legacy-access/open',
    { schema: { body: LinkTokenSchema, response: answer(ReleasedLegacySchema) } },
    async (request, reply) => {
      await limitLinks(request.ip);
      const data = await service.openReleased(ctx, request.body.token, 'view');
      return respond(reply, 200, data, `What ${data.memberName} left for you`);
    },
  );

  app.post(
    '/legacy-access/download',
    {
      schema: {
        body: LinkTokenSchema,
        response: fileAnswer('application/json', 'The reader’s part, as a JSON file to keep.'),
      },
    },
    async (request, reply) => {
      await limitLinks(request.ip);
      const data = await service.openReleased(ctx, request.body.token, 'download');
      void reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="life-legacy.json"')
        .header('cache-control', 'no-store');
      return JSON.stringify(data, null, 2);
    },
  );
};
