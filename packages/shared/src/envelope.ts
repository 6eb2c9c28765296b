import { z } from 'zod';

/*
 * Response schemas of the API envelope. Every route declares its answers with these, so the
 * server's serializer, the types and the OpenAPI document all come from one definition
 * (docs/decisions/0023-declared-response-schemas.md). Kept apart from api.ts, which the web
 * shell imports as values and must stay free of zod.
 */

/** `{ statusCode, data, message, success: true }` around one value. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    statusCode: z.number().int(),
    data,
    message: z.string(),
    success: z.literal(true),
  });
}

/**
 * A list answer: the array is the body's `data` (the spec's place), the paging fields sit beside
 * it at the top level, never around the array.
 */
export function pageEnvelope<T extends z.ZodType>(item: T) {
  return envelope(z.array(item)).extend({
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` to fetch the next (older) items; null on the last page.'),
  });
}

/** An answer with nothing to return beyond its message. */
export const EmptySchema = z.object({});

/** `{ statusCode, code, message, success: false, errors? }`; `code` is stable, see ErrorCode. */
export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  // A string, not an enum: a code added later must never turn an error answer into a 500.
  code: z.string().describe('A stable machine-readable code such as NOT_FOUND or EMAIL_TAKEN.'),
  message: z.string(),
  success: z.literal(false),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The error answers every API route may give; spread into a route's `response`. */
export const ERROR_RESPONSES = {
  '4xx': ErrorBodySchema,
  '5xx': ErrorBodySchema,
} as const;
