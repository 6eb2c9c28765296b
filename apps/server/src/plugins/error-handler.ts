import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { ErrorCode, type ApiErrorBody, type FieldError } from '@rips/shared/api';
import { REQUEST_ID_HEADER } from '@rips/shared/operations';
import { AppError } from '../errors.js';

function body(
  statusCode: number,
  code: ErrorCode,
  message: string,
  errors?: FieldError[],
): ApiErrorBody {
  return { statusCode, code, message, success: false, ...(errors ? { errors } : {}) };
}

function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** Maps Fastify's own 4xx errors (parsing, limits, content type) to our codes and words. */
function fromFastify(error: FastifyError): ApiErrorBody | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return body(415, ErrorCode.UnsupportedMediaType, 'This content type is not supported here.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return body(413, ErrorCode.PayloadTooLarge, 'The request is too large.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return body(400, ErrorCode.InvalidJson, 'The request body is empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return body(400, ErrorCode.InvalidJson, 'The request body is not valid JSON.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return body(
        415,
        ErrorCode.UnsupportedMediaType,
        'This request must be sent as multipart form data.',
      );
    default:
      break;
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return body(400, ErrorCode.BadRequest, 'The request could not be read.');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return body(error.statusCode, ErrorCode.BadRequest, 'The request could not be handled.');
  }
  return null;
}

/** PostgreSQL's class 22 (data exception), found on the error or its causes. */
function isDataException(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): an address
 * with a broken percent-encoding, or a parameter longer than any id or code the site gives out.
 * They answer the same envelope as every other error, and never repeat the address (it may hold
 * a token).
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  let payload: ApiErrorBody;
  if (error.code === 'FST_ERR_BAD_URL') {
    payload = body(
      400,
      ErrorCode.BadRequest,
      'The address could not be read: it holds a broken percent-encoding.',
    );
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // Nothing the site gives out has so long an id or code, so nothing is there.
    payload = body(
      404,
      ErrorCode.NotFound,
      'Nothing is at this address: a part of it is too long.',
    );
  } else {
    request.log.error({ err: error }, 'router error');
    payload = body(500, ErrorCode.Internal, 'Something went wrong on our side. Please try again.');
  }
  // No hook runs for these, so the headers every answer carries are set here.
  return reply
    .header(REQUEST_ID_HEADER, request.id)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('x-frame-options', 'DENY')
    .status(payload.statusCode)
    .type('application/json; charset=utf-8')
    .send(payload);
}

export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let payload: ApiErrorBody | null = null;
    if (error instanceof AppError) {
      payload = body(error.statusCode, error.code, error.message, error.errors);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value.',
      }));
      payload = body(400, ErrorCode.Validation, errors[0]?.message ?? 'Invalid request.', errors);
    } else if (error instanceof ZodError) {
      const errors = fieldErrors(error);
      payload = body(400, ErrorCode.Validation, errors[0]?.message ?? 'Invalid request.', errors);
    } else if (isDataException(error)) {
      // A value the database cannot hold (out-of-range date or number, bad encoding): the client's,
      // but also a validation the schemas missed, so it is logged.
      request.log.warn({ err: error }, 'data exception from the database');
      payload = body(
        400,
        ErrorCode.Validation,
        'A value in the request cannot be stored. Please check it and try again.',
      );
    } else {
      payload = fromFastify(error);
    }
    if (!payload) {
      request.log.error({ err: error }, 'unhandled error');
      payload = body(
        500,
        ErrorCode.Internal,
        'Something went wrong on our side. Please try again.',
      );
    } else if (payload.statusCode >= 500) {
      request.log.error({ err: error }, 'server error');
    }
    if (error instanceof AppError && error.retryAfter) {
      void reply.header('retry-after', String(error.retryAfter));
    }
    return reply.status(payload.statusCode).send(payload);
  });
});
