import type { FastifyReply } from 'fastify';
import type { ApiSuccess } from '@rips/shared/api';

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
