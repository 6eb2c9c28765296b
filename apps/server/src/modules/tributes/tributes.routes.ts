import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptySchema, envelope, pageEnvelope } from '@rips/shared/envelope';
import {
  GuestClaimedSchema,
  GuestFieldsSchema,
  GuestTokenSchema,
  GuestTributeConfirmedSchema,
  GuestTributePreviewSchema,
  GuestTributeReceiptSchema,
  type GuestFields,
  tributeCount,
} from '@rips/shared/guest-tributes';
import { KINDS } from '@rips/shared/kinds';
import type { AppContext } from '../../context.js';
import { sendWithEtag } from '../../lib/etag.js';
import { readUpload, type UploadSpec } from '../../lib/multipart.js';
import { answer, bodyAnswer, createdAnswer, respond, respondPage } from '../../lib/respond.js';
import { consumeCreation } from '../uploads/uploads.service.js';
import { TributePageQuerySchema } from './tribute-items.js';
import type { TributeKind } from './tribute-kind.js';
import { TRIBUTE_KINDS } from './tribute-kinds.js';
import { defineTributeDigestJob } from './tribute-digest.service.js';
import * as tributes from './tributes.service.js';
import {
  claimGuestTributesByLink,
  confirmGuestTribute,
  createGuestItem,
  defineGuestTributeSweep,
  isGuestCall,
  previewGuestTribute,
} from './guest-tributes.service.js';

const IdParams = z.object({ id: z.string().max(100) });
const Removed = answer(EmptySchema);

/** The largest file of each of a kind's file fields. */
function kindFileLimits(ctx: AppContext, kind: TributeKind): Record<string, number> {
  return kind.file ? { [kind.file.field]: kind.file.maxBytes(ctx.config) } : {};
}

const guestUploads = new Map<
  string,
  UploadSpec<z.ZodType<{ postId: string } & GuestFields>, string>
>();

/** A guest kind's create call: its own fields and the guest's (optional, so members' calls are unchanged). */
function guestUpload(kind: TributeKind) {
  let spec = guestUploads.get(kind.path);
  if (!spec) {
    const own = kind.upload.fields as unknown as z.ZodObject;
    spec = {
      ...kind.upload,
      fields: own.extend(GuestFieldsSchema.shape) as unknown as z.ZodType<
        { postId: string } & GuestFields
      >,
    };
    guestUploads.set(kind.path, spec);
  }
  return spec;
}

export const GUEST_AWAITING_MESSAGE =
  'Check your email: we sent a link to confirm your tribute. It shows once the link is used.';

/** The spec's three calls of one kind: its list on a memorial, leaving one, and removing one. */
function registerKind(app: Parameters<FastifyPluginAsyncZod>[0], kind: TributeKind): void {
  const { ctx } = app;

  app.get(
    `/${kind.path}/post/:id`,
    {
      schema: {
        params: IdParams,
        querystring: TributePageQuerySchema,
        response: bodyAnswer(
          kind.lit
            ? pageEnvelope(kind.schema).extend(kind.lit.tally.shape)
            : pageEnvelope(kind.schema),
        ),
        etag: true,
      },
    },
    async (request, reply) => {
      const viewer = await request.optionalUser();
      const page = await tributes.listItems(ctx, kind, viewer, request.params.id, request.query);
      const body = respondPage(
        reply,
        page.data,
        { nextCursor: page.nextCursor, ...page.tally },
        kind.messages.listed,
      );
      // Each item says what the caller may do with it: private to the caller, never shared.
      return sendWithEtag(request, reply, body);
    },
  );

  const guests = KINDS[kind.path].guests;
  const withGuests = { ...createdAnswer(kind.schema), 202: envelope(GuestTributeReceiptSchema) };
  app.post(
    `/${kind.path}`,
    {
      schema: {
        upload: guests ? guestUpload(kind) : kind.upload,
        // Only a kind guests may leave answers 202; the type names both answers for every kind.
        response: guests ? withGuests : (createdAnswer(kind.schema) as typeof withGuests),
      },
    },
    async (request, reply) => {
      // Without a token, a kind guests may leave is a guest's call (decision 0103).
      if (guests && !request.headers.authorization) {
        const form = await readUpload(request, guestUpload(kind), kindFileLimits(ctx, kind));
        if (!isGuestCall(form.fields)) await request.requireUser();
        const receipt = await createGuestItem(ctx, kind, form, request.ip);
        return respond(reply, 202, receipt, GUEST_AWAITING_MESSAGE);
      }
      const user = await request.requireUser();
      // Counted before the body is read, so a refusal costs nothing.
      await consumeCreation(ctx, user.id, kind.creation);
      const form = await readUpload(request, kind.upload, kindFileLimits(ctx, kind));
      const item = await tributes.createItem(ctx, kind, user, form);
      return respond(reply, 201, item, kind.messages.created);
    },
  );

  // The author's answer to an item the family returned with a note (decision 0117).
  if (kind.moderation) {
    const own = (kind.upload.fields as unknown as z.ZodObject).omit({ postId: true });
    app.post(
      `/${kind.path}/:id/resubmit`,
      { schema: { params: IdParams, body: own, response: answer(kind.schema) } },
      async (request, reply) => {
        const user = await request.requireUser();
        await consumeCreation(ctx, user.id, kind.creation);
        const item = await tributes.resubmitItem(
          ctx,
          kind,
          user,
          request.params.id,
          request.body as Record<string, unknown>,
          request.log,
        );
        return respond(
          reply,
          200,
          item,
          `Thank you: your ${KINDS[kind.path].noun} was sent to the family again.`,
        );
      },
    );
  }

  app.delete(
    `/${kind.path}/:id`,
    { schema: { params: IdParams, response: Removed } },
    async (request, reply) => {
      const user = await request.requireUser();
      await tributes.removeItem(ctx, kind, user, request.params.id, request.log);
      return respond(reply, 200, {}, kind.messages.removed);
    },
  );
}

/** Every kind of item left on a memorial, from the one registry (tribute-kinds.ts). */
export const tributesRoutes: FastifyPluginAsyncZod = async (app) => {
  defineTributeDigestJob(app.ctx);
  for (const kind of TRIBUTE_KINDS) registerKind(app, kind);
  registerGuestLinks(app);
  defineGuestTributeSweep(app.ctx, app.log);
};

/**
 * The emailed link's page asks what it confirms (changing nothing), and its button confirms: both
 * POST the token, so it never sits in a path or a logged query.
 */
function registerGuestLinks(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const { ctx } = app;
  app.post(
    '/guest-tributes/preview',
    { schema: { body: GuestTokenSchema, response: answer(GuestTributePreviewSchema) } },
    async (request, reply) => {
      const preview = await previewGuestTribute(ctx, request.body.token, request.ip);
      return respond(reply, 200, preview, 'This link confirms a tribute.');
    },
  );
  app.post(
    '/guest-tributes/confirm',
    { schema: { body: GuestTokenSchema, response: answer(GuestTributeConfirmedSchema) } },
    async (request, reply) => {
      const confirmed = await confirmGuestTribute(ctx, request.body.token, request.ip);
      return respond(
        reply,
        200,
        confirmed,
        confirmed.status === 'published'
          ? `Thank you: your ${confirmed.noun} is on the memorial.`
          : `Thank you: your ${confirmed.noun} will show once the family approves it.`,
      );
    },
  );
  // The link mailed to a new account's address (decision 0110): used signed in, by that account.
  app.post(
    '/guest-tributes/claim',
    { schema: { body: GuestTokenSchema, response: answer(GuestClaimedSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const result = await claimGuestTributesByLink(ctx, user, request.body.token, request.ip);
      return respond(
        reply,
        200,
        result,
        `${tributeCount(result.claimed)} ${result.claimed === 1 ? 'is' : 'are'} now under your name.`,
      );
    },
  );
}
