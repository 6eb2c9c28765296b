import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MemorialIdParamsSchema } from '@rips/shared/memorials';
import type { AppContext } from '../../context.js';
import { answer, respond } from '../../lib/respond.js';
import type { UserRow } from '../users/users.repository.js';

/**
 * A GET of one part of the memorial the address names (its contributors, people, moderation
 * queue...), for any caller: the service decides who may see it, so a visitor is not refused here.
 */
export function memorialRead<R>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  path: string,
  schema: z.ZodType<R>,
  read: (ctx: AppContext, user: UserRow | null, memorialId: string) => Promise<R>,
  message: string,
): void {
  app.get(
    path,
    { schema: { params: MemorialIdParamsSchema, response: answer(schema) } },
    async (request, reply) => {
      const data = await read(app.ctx, await request.optionalUser(), request.params.id);
      return respond(reply, 200, data, message);
    },
  );
}
