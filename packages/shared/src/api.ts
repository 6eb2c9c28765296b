// Envelope and error codes only: no zod here, so the web shell can import values without it.

/** Stable machine-readable error codes. Clients branch on these, never on messages. */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Validation: 'VALIDATION_ERROR',
  InvalidJson: 'INVALID_JSON',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  InvalidFile: 'INVALID_FILE',
  InvalidArchive: 'INVALID_ARCHIVE',
  /** An emailed archive of the same memorial (or take-out) is already on its way to the member. */
  ArchivePending: 'ARCHIVE_PENDING',
  Unauthenticated: 'UNAUTHENTICATED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  AccountDisabled: 'ACCOUNT_DISABLED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  EmailTaken: 'EMAIL_TAKEN',
  UsernameTaken: 'USERNAME_TAKEN',
  RateLimited: 'RATE_LIMITED',
  QuotaExceeded: 'QUOTA_EXCEEDED',
  InsufficientStorage: 'INSUFFICIENT_STORAGE',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface FieldError {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  success: false;
  errors?: FieldError[];
}

export interface ApiSuccess<T> {
  statusCode: number;
  data: T;
  message: string;
  success: true;
}

export const API_PREFIX = '/api/v1';
