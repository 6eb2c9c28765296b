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

export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | 'ABORTED' | 'UNKNOWN';

export const NETWORK_ERROR_MESSAGE =
  'We could not reach Rips Memorial. Please check your connection and try again.';
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
 * How a request leaves: the browser's fetch, or, while the server renders a page, the server's
 * own in-process handler (set once by the server-side entry).
 */
const browserTransport: typeof fetch = (input, init) => fetch(input, init);
let transport: typeof fetch = browserTransport;

export function setServerTransport(serverFetch: typeof fetch) {
  transport = serverFetch;
}

async function sendWithFetch(
  url: string,
  method: string,
  headers: Record<string, string>,
  payload: BodyInit | undefined,
  signal?: AbortSignal,
): Promise<RawResponse> {
  let response: Response;
  try {
    response = await transport(url, {
      method,
      headers,
      body: payload ?? null,
      signal: signal ?? null,
    });
  } catch {
    if (signal?.aborted) throw new ApiError(0, 'ABORTED', 'The request was cancelled.');
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  return { status: response.status, text: await response.text() };
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
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
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
  if (transport === browserTransport) await nextTask();
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
    if (error.code === 'NETWORK_ERROR') return error.message;
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return fallback;
}
