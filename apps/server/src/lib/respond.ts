import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ApiSuccess } from '@rips/shared/api';
import { envelope, ERROR_RESPONSES } from '@rips/shared/envelope';

/** Sends the success envelope every API answer uses. */
export function respond<T>(
  reply: FastifyReply,
  statusCode: number,
  data: T,
  message: string,
): ApiSuccess<T> {
  void reply.status(statusCode);
  return { statusCode, data, message, success: true };
}

/**
 * A list answer: the items are the body's `data` (where the spec reads them) and the paging
 * fields (`nextCursor`, ...) sit beside it at the top level, never around the array.
 */
export function respondPage<T, P extends { nextCursor: string | null }>(
  reply: FastifyReply,
  items: T[],
  paging: P,
  message: string,
): ApiSuccess<T[]> & P {
  return { ...respond(reply, 200, items, message), ...paging };
}

/** A route's declared answers: `data` in the envelope with 200, and the errors every route has. */
export function answer<T extends z.ZodType>(data: T) {
  return { 200: envelope(data), ...ERROR_RESPONSES };
}

/** A route's declared answers when its 200 body is more than the envelope: a page, extra fields. */
export function bodyAnswer<T extends z.ZodType>(body: T) {
  return { 200: body, ...ERROR_RESPONSES };
}

/** The declared answers of a route that creates something: `data` in the envelope with 201. */
export function createdAnswer<T extends z.ZodType>(data: T) {
  return { 201: envelope(data), ...ERROR_RESPONSES };
}

/** A file answer in the OpenAPI document: its bytes, never serialized. */
export function fileAnswer(type: string, description: string) {
  return {
    200: {
      description,
      // A stream or a buffer: `any` lets the handler send it; the meta documents it.
      content: { [type]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
    },
    ...ERROR_RESPONSES,
  };
}
