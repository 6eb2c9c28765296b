import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddContributorSchema,
  ContributorAddedSchema,
  MemberOptionSchema,
  MemberSearchQuerySchema,
  UserIdParamsSchema,
} from '@rips/shared/memorials';
import { AppError } from '../../errors.js';
import { answer, respond } from '../../lib/respond.js';
import * as memorials from '../memorials/memorials.service.js';

const MembersAnswer = answer(z.array(MemberOptionSchema));

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** Members to pick a contributor from; signed-in only, so the member list is not public. */
  app.get(
    '/users/normal',
    { schema: { querystring: MemberSearchQuerySchema, response: MembersAnswer } },
    async (request, reply) => {
      const user = await request.requireUser();
      const members = await memorials.contributorCandidates(ctx, user, request.query);
      return respond(reply, 200, members, 'Members fetched successfully');
    },
  );

  /** Adds a contributor to a memorial (the spec's name for it: "roles"). */
  app.patch(
    '/users/:userId/roles',
    {
      schema: {
        params: UserIdParamsSchema,
        body: AddContributorSchema,
        response: answer(ContributorAddedSchema),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { postId, userId } = request.body;
      if (userId && userId !== request.params.userId) {
        throw AppError.badRequest('The member in the address and in the form are not the same.');
      }
      const result = await memorials.addContributor(ctx, user, request.params.userId, postId);
      return respond(reply, 200, result, 'Contributer has been added to this rip successfully!');
    },
  );
};
