import { ErrorCode, type FieldError } from '@rips/shared/api';

/** The one error type the server throws on purpose. Its message is safe to show a user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** Seconds a client should wait before retrying (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, errors?: FieldError[]) {
    return new AppError(400, ErrorCode.BadRequest, message, errors);
  }
  static validation(message: string, errors?: FieldError[]) {
    return new AppError(400, ErrorCode.Validation, message, errors);
  }
  static invalidFile(message: string) {
    return new AppError(422, ErrorCode.InvalidFile, message);
  }
  static tooLarge(message: string) {
    return new AppError(413, ErrorCode.PayloadTooLarge, message);
  }
  static unauthenticated(message = 'Please log in to continue.') {
    return new AppError(401, ErrorCode.Unauthenticated, message);
  }
  static forbidden(message = 'You do not have permission to do that.') {
    return new AppError(403, ErrorCode.Forbidden, message);
  }
  static notFound(message = 'Not found.') {
    return new AppError(404, ErrorCode.NotFound, message);
  }
  static conflict(code: ErrorCode, message: string) {
    return new AppError(409, code, message);
  }
  /** An upload quota is full; the message names the limit. */
  static quotaExceeded(message: string) {
    return new AppError(403, ErrorCode.QuotaExceeded, message);
  }
  static insufficientStorage(message: string) {
    return new AppError(507, ErrorCode.InsufficientStorage, message);
  }
  static rateLimited(message: string, retryAfter?: number) {
    return new AppError(429, ErrorCode.RateLimited, message, undefined, retryAfter);
  }
}
