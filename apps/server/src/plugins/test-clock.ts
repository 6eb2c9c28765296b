import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, respond } from '../lib/respond.js';
import { runTimer } from '../modules/legacy-release/legacy-release.service.js';

const AdvanceSchema = z
  .object({
    seconds: z
      .number({ error: 'Say how many seconds to move the clock forward.' })
      .int()
      .min(1, 'Move the clock forward by at least a second.')
      .max(400 * 86_400, 'Move the clock forward by at most 400 days at a time.'),
  })
  .strict();

/**
 * TEST_CLOCK_CONTROL only (config.ts refuses it in production): moves `ctx.now` forward, then runs
 * the Life Legacy's release timer at once, as its next run would, so a journey sees a waiting
 * period pass without waiting for the timer's interval.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ advance: (ms: number) => number }> = async (
  app,
  options,
) => {
  app.post(
    '/test-clock',
    { schema: { body: AdvanceSchema, response: answer(z.object({ now: z.string() })) } },
    async (request, reply) => {
      options.advance(request.body.seconds * 1000);
      await runTimer(app.ctx);
      const now = app.ctx.now().toISOString();
      return respond(reply, 200, { now }, `The clock now reads ${now}.`);
    },
  );
};
