import type { ApiErrorBody, ApiSuccess, ErrorCode, FieldError } from '@rips/shared/api';
import type { PageInfo } from '@rips/shared/pagination';
import { nextTask } from './next-task';
import { expireSession, getAccessToken } from './session';

/*
 * The one HTTP client of the web app. It sends the bearer token of the stored session, parses
 * the API's success and error envelopes, and throws ApiError for every failure, network ones
 * included. Type-only imports from the shared package keep zod out of the first-load bundle.
 */
export const API_BASE = '/api/v1';

export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | 'TIMEOUT' | 'ABORTED' | 'UNKNOWN';

export const NETWORK_ERROR_MESSAGE =
  'We could not reach Rips Memorial. Please check your connection and try again.';
export const OFFLINE_MESSAGE = 'You seem to be offline.';
export const TIMEOUT_MESSAGE =
  'Rips Memorial did not answer in time. Please check your connection and try again.';

/**
 * How long a call may take before it is given up: an answer normally comes within a second, so
 * this only ends calls a dead connection would leave hanging forever. Uploads of large files
 * over a slow line get longer, and their progress shows they are moving.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 15 * 60_000;

function unreachable(): ApiError {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return new ApiError(0, 'NETWORK_ERROR', offline ? OFFLINE_MESSAGE : NETWORK_ERROR_MESSAGE);
}

/** The request never got an answer (no connection, or no answer in time). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT');
}

/** What a form says when its text could not be sent: it is kept, to be sent again. */
export function offlineText(noun?: string): string {
  const kept = noun
    ? ` Your ${noun} is kept; send it again when you are back.`
    : ' What you typed is kept; send it again when you are back.';
  return `You seem to be offline.${kept}`;
}

const FILE_REFUSAL_CODES = new Set(['INVALID_FILE', 'PAYLOAD_TOO_LARGE', 'QUOTA_EXCEEDED']);

/** The server refused the file itself (its type, size or a quota): sending it again cannot help. */
export function isFileRefusal(error: ApiError): boolean {
  return FILE_REFUSAL_CODES.has(error.code) || error.status === 413 || error.status === 422;
}
const UNKNOWN_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message for one form field, when the server named it. */
  fieldError(path: string): string | undefined {
    return this.errors.find((e) => e.path === path)?.message;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Upload progress from 0 to 1; switches the transport to XMLHttpRequest. */
  onProgress?: (fraction: number) => void;
  /**
   * A 401 on a call that carried a token means the session is over (expired or revoked).
   * Logout turns this off: it ends the session anyway, without the "expired" notice.
   */
  expireOnUnauthorized?: boolean;
}

interface RawResponse {
  status: number;
  text: string;
}

export function apiUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function encodeBody(body: unknown): { payload: BodyInit | undefined; contentType?: string } {
  if (body === undefined) return { payload: undefined };
  if (body instanceof FormData) return { payload: body };
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { success?: unknown }).success === false &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

function isSuccessBody(value: unknown): value is ApiSuccess<unknown> {
  return (
    typeof value === 'object' && value !== null && (value as { success?: unknown }).success === true
  );
}

/** `B` is the whole success body: the envelope, plus any fields the call puts beside `data`. */
function toResult<B extends ApiSuccess<unknown>>(raw: RawResponse): B {
  const json = parseJson(raw.text);
  const ok = raw.status >= 200 && raw.status < 300;
  if (ok && isSuccessBody(json)) return json as B;
  if (ok) {
    // A 2xx without the envelope (e.g. 204): still a success, with whatever body came back.
    const body: ApiSuccess<unknown> = {
      statusCode: raw.status,
      data: json,
      message: '',
      success: true,
    };
    return body as B;
  }
  if (isErrorBody(json)) {
    throw new ApiError(raw.status, json.code, json.message, json.errors ?? []);
  }
  throw new ApiError(raw.status, 'UNKNOWN', UNKNOWN_ERROR_MESSAGE);
}

/**
 * How a request leaves: the browser's fetch; while the server renders a page, the transport of
 * that one render (entry-server.tsx answers it per request, so concurrent renders for different
 * members never share one).
 */
let renderTransport: () => typeof fetch | undefined = () => undefined;

/** The server entry's way of giving each render its own in-process transport. */
export function setRenderTransport(current: () => typeof fetch | undefined) {
  renderTransport = current;
}

async function sendWithFetch(
  url: string,
  method: string,
  headers: Record<string, string>,
  payload: BodyInit | undefined,
  signal?: AbortSignal,
): Promise<RawResponse> {
  // The server's own renderer has its own deadline; in the browser every call gets one. The
  // caller's signal still cancels (one controller hears both: AbortSignal.any is too new).
  const timeout = renderTransport() ? null : new AbortController();
  const timer = timeout ? setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS) : null;
  if (timeout && signal) {
    if (signal.aborted) timeout.abort();
    else signal.addEventListener('abort', () => timeout.abort(), { once: true });
  }
  try {
    const response = await (renderTransport() ?? fetch)(url, {
      method,
      headers,
      body: payload ?? null,
      signal: timeout?.signal ?? signal ?? null,
    });
    return { status: response.status, text: await response.text() };
  } catch {
    if (signal?.aborted) throw new ApiError(0, 'ABORTED', 'The request was cancelled.');
    if (timeout?.signal.aborted && !signal?.aborted)
      throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
    throw unreachable();
  } finally {
    if (timer) clearTimeout(timer);
  }
}

function sendWithXhr(
  url: string,
  method: string,
  headers: Record<string, string>,
  payload: BodyInit | undefined,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      onProgress(1);
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE));
    xhr.onerror = () => reject(unreachable());
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'The request was cancelled.'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send((payload ?? null) as XMLHttpRequestBodyInit | null);
  });
}

/**
 * One call. `T` is the body's `data`; `Extra` types fields the answer carries beside it (a list's
 * `nextCursor`, the profile update's `user`).
 */
export async function request<T, Extra extends object = Record<never, never>>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiSuccess<T> & Extra> {
  const { method = 'GET', body, query, signal, onProgress, expireOnUnauthorized = true } = options;
  // A page that mounts several lists starts their requests from React's effects, all inside one
  // commit; in the browser each request starts in a task of its own instead, which keeps that
  // commit short on a slow phone for about a millisecond of delay.
  if (!renderTransport()) await nextTask();
  const token = getAccessToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const { payload, contentType } = encodeBody(body);
  if (contentType) headers['Content-Type'] = contentType;

  const url = apiUrl(path, query);
  const raw = onProgress
    ? await sendWithXhr(url, method, headers, payload, onProgress, signal)
    : await sendWithFetch(url, method, headers, payload, signal);

  if (raw.status === 401 && token && expireOnUnauthorized) expireSession();
  return toResult<ApiSuccess<T> & Extra>(raw);
}

/**
 * A file the API makes (a QR code, a poster), fetched with the session's token so a memorial only
 * its family may see works too. An error answer throws the ApiError its body describes.
 */
export async function requestFile(path: string, query?: Query): Promise<Blob> {
  const token = getAccessToken();
  const headers: Record<string, string> = {};
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let response: Response;
  try {
    response = await (renderTransport() ?? fetch)(apiUrl(path, query), { headers });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (response.ok) return response.blob();
  if (response.status === 401 && token) expireSession();
  return toResult<ApiSuccess<never>>({ status: response.status, text: await response.text() }).data;
}

/** Shorthands that answer the envelope's `data`; use `request` when the message matters. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }).then((r) => r.data),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }).then((r) => r.data),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }).then((r) => r.data),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }).then((r) => r.data),
  /** A paged list: the items are the body's `data`, `nextCursor` sits beside it. */
  page: async <T>(
    path: string,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<ListPage<T>> => {
    const body = await request<T[], PageInfo>(path, { ...options, method: 'GET' });
    return { items: body.data, nextCursor: body.nextCursor ?? null };
  },
};

/** One page of a list as the screens hold it. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** The text to show for a failure: the server's own words for 4xx, a calm fallback otherwise. */
export function errorMessage(error: unknown, fallback = UNKNOWN_ERROR_MESSAGE): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT') return error.message;
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return fallback;
}
