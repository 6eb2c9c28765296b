import type { FastifyRequest } from 'fastify';

/**
 * What the logs may hold: no token, signature, link query, email address, SQL parameter or row
 * value. Every log line passes through these serializers, so a careless `log.info` elsewhere
 * cannot undo it for requests and errors.
 */

const REDACTED = '[redacted]';
const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g;
/** A query string inside free text (a link in an error message, say): keys stay, values go. */
const QUERY_VALUE = /([?&][^=&#\s"'<>]+=)[^&#\s"'<>]*/g;
/** Drizzle appends the parameters of a failed query to its message: "…\nparams: a,b,c". */
const PARAMS_SUFFIX = /\n\s*params:[\s\S]*$/;
/** A quoted literal in a database message ('invalid input syntax for type date: "0000-01-01"'). */
const QUOTED = /"[^"]*"/g;
/** A SQLSTATE: five characters, digits and capitals. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Fields of pg, PGlite, Drizzle and nodemailer errors that carry values, never only names. */
const DROPPED_FIELDS = new Set([
  'params',
  'parameters',
  'detail',
  'where',
  'internalQuery',
  'envelope',
  'accepted',
  'rejected',
  'rejectedErrors',
  'pending',
  'rawResponse',
]);

/**
 * Paths that carried a token before tokens left paths (decision 0085), still answered for links
 * already emailed: the web page `/invitations/{token}` and `POST /api/v1/invitations/{token}/accept`.
 * `/invitations/accept` itself holds none.
 */
const TOKEN_IN_PATH = /^((?:\/api\/v\d+)?\/invitations\/)(?!accept(?:[/?#]|$))[^/?#]+/;

/**
 * The URL with a token in its path replaced (`/invitations/[redacted]`), and every query value
 * replaced, keeping the keys (`/p?token=[redacted]&x=[redacted]`).
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  url = url.replace(TOKEN_IN_PATH, `$1${REDACTED}`);
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Free text with email addresses and query values removed. */
export function redactText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(QUERY_VALUE, `$1${REDACTED}`);
}

function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    (typeof error.code === 'string' && SQLSTATE.test(error.code)) ||
    'params' in error ||
    'severity' in error
  );
}

function safeMessage(error: Record<string, unknown>): string {
  let message = typeof error.message === 'string' ? error.message : '';
  message = message.replace(PARAMS_SUFFIX, `\nparams: ${REDACTED}`);
  if (isDatabaseError(error)) message = message.replace(QUOTED, `"${REDACTED}"`);
  return redactText(message);
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [key: string]: unknown;
}

/**
 * pino's error serializer, without values: the message and stack keep their words but lose SQL
 * parameters, quoted literals of database errors, email addresses and query values; fields that
 * hold values are dropped; causes are serialized the same way.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!error || typeof error !== 'object') {
    const message = redactText(String(error));
    return { type: typeof error, message, stack: message };
  }
  const source = error as Record<string, unknown>;
  const type =
    (typeof source.constructor === 'function' && source.constructor.name) ||
    (typeof source.name === 'string' ? source.name : 'Error');
  const message = safeMessage(source);
  // The stack starts with the raw message, which may span lines: keep only its frames.
  const frames =
    typeof source.stack === 'string'
      ? source.stack.split('\n').filter((line) => /^\s+at /.test(line))
      : [];
  const out: SerializedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  for (const key of Object.keys(source)) {
    if (key === 'message' || key === 'stack' || key === 'cause' || DROPPED_FIELDS.has(key)) {
      continue;
    }
    const value = source[key];
    if (typeof value === 'string') out[key] = redactText(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (source.cause !== undefined && depth < 4) out.cause = serializeError(source.cause, depth + 1);
  return out;
}

/** Fastify's request serializer, with the query values of the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

export const logSerializers = { req: serializeRequest, err: serializeError };
