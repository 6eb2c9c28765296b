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
