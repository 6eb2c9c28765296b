import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@rips/shared/envelope';
import { MemorialIdParamsSchema, MemorialSettingsSchema } from '@rips/shared/memorials';
import {
  AcceptInvitationSchema,
  AccessDecisionSchema,
  AccessRequestParamsSchema,
  AccessRequestSchema,
  AccessSummarySchema,
  ActivityEntrySchema,
  ActivityQuerySchema,
  CreateAccessRequestSchema,
  CreateInvitationSchema,
  CreateReportSchema,
  DeleteAccountSchema,
  InvitationAcceptedSchema,
  InvitationParamsSchema,
  InvitationTokenParamsSchema,
  ModerationActionSchema,
  ModerationQueueSchema,
  MyStewardshipSchema,
  PendingTributesSchema,
  PendingInvitationSchema,
  PeopleSchema,
  PersonParamsSchema,
  SuccessorChoiceSchema,
  UpdatePersonSchema,
  UpdateSettingsSchema,
  UserChoiceSchema,
} from '@rips/shared/stewardship';
import { ItemStatusSchema } from '@rips/shared/tributes';
import { answer, bodyAnswer, createdAnswer, respond, respondPage } from '../../lib/respond.js';
import { requireAdmin } from '../admin/admin.policy.js';
import { memorialRead } from '../memorials/memorial-read.js';
import {
  accessSummary,
  decideAccess,
  listAccessRequests,
  requestAccess,
} from './access-requests.service.js';
import { deleteAccount } from './account-deletion.service.js';
import { activity } from './activity.service.js';
import {
  acceptInvitation,
  invite,
  resendInvitation,
  withdrawInvitation,
} from './invitations.service.js';
import { adminReports, moderate, moderationQueue, report } from './moderation.service.js';
import { markMemorialSeen, myPendingTributes, myStewardship } from './my-stewardship.service.js';
import {
  acceptTransfer,
  declineTransfer,
  offerTransfer,
  setSuccessor,
  withdrawTransfer,
} from './ownership.service.js';
import { changeRole, getPeople, removePerson } from './people.service.js';
import { updateSettings } from './settings.service.js';

const Params = { params: MemorialIdParamsSchema };
const Owner = z.object({ _id: z.string(), fullName: z.string() });

/** A memorial's privacy, people, moderation, activity, ownership; a member's own part in them. */
export const stewardshipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.patch(
    '/posts/:id/settings',
    { schema: { ...Params, body: UpdateSettingsSchema, response: answer(MemorialSettingsSchema) } },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const { id } = request.params;
      const settings = await updateSettings(ctx, viewer, id, request.body);
      return respond(reply, 200, settings, 'The memorial’s settings were saved.');
    },
  );

  memorialRead(app, '/posts/:id/people', PeopleSchema, getPeople, 'People of this memorial');

  app.post(
    '/posts/:id/invitations',
    {
      schema: {
        ...Params,
        body: CreateInvitationSchema,
        response: createdAnswer(PendingInvitationSchema),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const invitation = await invite(ctx, user, request.params.id, request.body);
      return respond(reply, 201, invitation, `An invitation was emailed to ${invitation.email}.`);
    },
  );

  app.delete(
    '/posts/:id/invitations/:invitationId',
    {
      schema: {
        params: InvitationParamsSchema,
        response: answer(z.object({ withdrawn: z.string() })),
      },
    },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const { id, invitationId } = request.params;
      const result = await withdrawInvitation(ctx, viewer, id, invitationId);
      return respond(reply, 200, result, 'The invitation was withdrawn: its link no longer works.');
    },
  );

  app.post(
    '/posts/:id/invitations/:invitationId/resend',
    {
      schema: { params: InvitationParamsSchema, response: createdAnswer(PendingInvitationSchema) },
    },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const { id, invitationId } = request.params;
      const invitation = await resendInvitation(ctx, viewer, id, invitationId);
      return respond(
        reply,
        201,
        invitation,
        `The invitation was emailed to ${invitation.email} again; the earlier link no longer works.`,
      );
    },
  );

  /** Both forms of accepting: the signed-in member takes the role the invitation's token grants. */
  async function accept(request: FastifyRequest, reply: FastifyReply, token: string) {
    const user = await request.requireUser();
    const accepted = await acceptInvitation(ctx, user, token);
    return respond(reply, 200, accepted, `Welcome: you now help look after ${accepted.title}.`);
  }

  app.post(
    '/invitations/accept',
    { schema: { body: AcceptInvitationSchema, response: answer(InvitationAcceptedSchema) } },
    (request, reply) => accept(request, reply, request.body.token),
  );

  // The old form, for links emailed before the token moved to the link's fragment; the request
  // log redacts the token in its path (lib/log-redaction.ts).
  app.post(
    '/invitations/:token/accept',
    { schema: { params: InvitationTokenParamsSchema, response: answer(InvitationAcceptedSchema) } },
    (request, reply) => accept(request, reply, request.params.token),
  );

  app.patch(
    '/posts/:id/people/:userId',
    {
      schema: {
        params: PersonParamsSchema,
        body: UpdatePersonSchema,
        response: answer(PeopleSchema),
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      const viewer = await request.optionalUser();
      const people = await changeRole(ctx, viewer, id, userId, request.body.role);
      return respond(reply, 200, people, 'The role was changed.');
    },
  );

  app.delete(
    '/posts/:id/people/:userId',
    { schema: { params: PersonParamsSchema, response: answer(z.object({ removed: z.string() })) } },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const { id, userId } = request.params;
      const result = await removePerson(ctx, viewer, id, userId);
      return respond(reply, 200, result, 'They no longer help look after this memorial.');
    },
  );

  memorialRead(
    app,
    '/posts/:id/moderation',
    ModerationQueueSchema,
    moderationQueue,
    'Tributes waiting for you',
  );

  app.post(
    '/posts/:id/moderation',
    {
      schema: {
        ...Params,
        body: ModerationActionSchema,
        response: answer(z.object({ status: z.union([ItemStatusSchema, z.literal('deleted')]) })),
      },
    },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const { id } = request.params;
      const result = await moderate(ctx, viewer, id, request.body, request.log);
      return respond(reply, 200, result, 'Done.');
    },
  );

  app.post(
    '/posts/:id/reports',
    {
      schema: {
        ...Params,
        body: CreateReportSchema,
        response: createdAnswer(z.object({ reported: z.literal(true) })),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const result = await report(ctx, user, request.params.id, request.body);
      return respond(reply, 201, result, 'Thank you. The family will look at it.');
    },
  );

  app.get(
    '/posts/:id/activity',
    {
      schema: {
        ...Params,
        querystring: ActivityQuerySchema,
        response: bodyAnswer(
          envelope(z.array(ActivityEntrySchema)).extend({ nextCursor: z.string().nullable() }),
        ),
      },
    },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const page = await activity(ctx, viewer, request.params.id, request.query);
      return respondPage(reply, page.items, { nextCursor: page.nextCursor }, 'Activity');
    },
  );

  app.post(
    '/posts/:id/transfer',
    {
      schema: {
        ...Params,
        body: UserChoiceSchema,
        response: answer(z.object({ pendingOwner: Owner })),
      },
    },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const { userId } = request.body;
      const result = await offerTransfer(ctx, viewer, request.params.id, userId);
      return respond(
        reply,
        200,
        result,
        `Ownership was offered to ${result.pendingOwner.fullName}. It passes when they accept.`,
      );
    },
  );

  app.post(
    '/posts/:id/transfer/accept',
    {
      schema: { ...Params, response: answer(z.object({ postId: z.string(), title: z.string() })) },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const result = await acceptTransfer(ctx, user, request.params.id);
      return respond(reply, 200, result, `You now own the memorial of ${result.title}.`);
    },
  );

  app.delete(
    '/posts/:id/transfer',
    { schema: { ...Params, response: answer(z.object({ withdrawn: z.literal(true) })) } },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const result = await withdrawTransfer(ctx, viewer, request.params.id);
      return respond(reply, 200, result, 'The ownership offer was withdrawn.');
    },
  );

  app.post(
    '/posts/:id/transfer/decline',
    {
      schema: {
        ...Params,
        response: answer(z.object({ postId: z.string(), declined: z.literal(true) })),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const result = await declineTransfer(ctx, user, request.params.id);
      return respond(reply, 200, result, 'You declined the offer. Its owner was told.');
    },
  );

  app.post(
    '/posts/:id/seen',
    {
      schema: {
        ...Params,
        response: answer(z.object({ postId: z.string(), seen: z.literal(true) })),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const result = await markMemorialSeen(ctx, user, request.params.id);
      return respond(reply, 200, result, 'The memorial is no longer announced as ready.');
    },
  );

  app.put(
    '/posts/:id/successor',
    {
      schema: {
        ...Params,
        body: SuccessorChoiceSchema,
        response: answer(z.object({ successor: Owner.nullable() })),
      },
    },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const successorId = request.body.userId || null;
      const result = await setSuccessor(ctx, viewer, request.params.id, successorId);
      return respond(
        reply,
        200,
        result,
        result.successor
          ? `${result.successor.fullName} is the successor.`
          : 'No successor is named.',
      );
    },
  );

  memorialRead(
    app,
    '/posts/:id/access',
    AccessSummarySchema,
    accessSummary,
    'This memorial is private.',
  );

  app.post(
    '/posts/:id/access-requests',
    {
      schema: {
        ...Params,
        body: CreateAccessRequestSchema,
        response: createdAnswer(AccessSummarySchema),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const summary = await requestAccess(ctx, user, request.params.id, request.body.message);
      return respond(reply, 201, summary, 'Your request was sent to the family.');
    },
  );

  memorialRead(
    app,
    '/posts/:id/access-requests',
    z.array(AccessRequestSchema),
    listAccessRequests,
    'Requests to see this memorial',
  );

  app.post(
    '/posts/:id/access-requests/:requestId',
    {
      schema: {
        params: AccessRequestParamsSchema,
        body: AccessDecisionSchema,
        response: answer(z.object({ status: z.enum(['approved', 'declined']) })),
      },
    },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const { id, requestId } = request.params;
      const result = await decideAccess(ctx, viewer, id, requestId, request.body.action);
      return respond(reply, 200, result, `The request was ${result.status}.`);
    },
  );

  app.get(
    '/users/me/stewardship',
    { schema: { response: answer(MyStewardshipSchema) } },
    async (request, reply) => {
      const mine = await myStewardship(ctx, await request.requireUser());
      return respond(reply, 200, mine, 'Memorials you help look after');
    },
  );

  app.get(
    '/users/me/pending-tributes',
    { schema: { response: answer(PendingTributesSchema) } },
    async (request, reply) => {
      const pending = await myPendingTributes(ctx, await request.requireUser());
      return respond(reply, 200, pending, 'Tributes awaiting your approval');
    },
  );

  app.delete(
    '/users/me',
    {
      schema: {
        body: DeleteAccountSchema,
        response: answer(
          z.object({
            passedOn: z.array(z.object({ postId: z.string(), title: z.string(), to: z.string() })),
          }),
        ),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const result = await deleteAccount(ctx, user, request.body.currentPassword);
      return respond(reply, 200, result, 'Your account was deleted.');
    },
  );
};

/** Reports across the site, for administrators (registered under /admin). */
export const adminReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    {
      schema: {
        response: answer(
          z.array(
            z.object({
              _id: z.string(),
              postId: z.string(),
              title: z.string(),
              kind: z.string(),
              itemId: z.string(),
              reason: z.string(),
              createdAt: z.string(),
            }),
          ),
        ),
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return respond(reply, 200, await adminReports(app.ctx), 'Open reports');
    },
  );
};
