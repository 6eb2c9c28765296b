import { z } from 'zod';

/** `GET /healthz`: the process is alive and answering. */
export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

const CheckSchema = z.enum(['ok', 'failed']);

/**
 * `GET /readyz`: whether this instance should be sent traffic. 200 when the database answers,
 * its migrations are all applied and the uploads store answers; 503 otherwise, and while the
 * instance drains its requests before stopping.
 */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not-ready', 'draining']),
  checks: z.object({ database: CheckSchema, migrations: CheckSchema, storage: CheckSchema }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/** The header a request id is taken from and returned in. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** A request id a client or proxy sends is kept only when it looks like one (no log injection). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
