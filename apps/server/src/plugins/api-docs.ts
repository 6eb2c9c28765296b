import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from '@rips/shared/api';
import { API_TAGS, apiOperationOf } from '../lib/api-operation.js';
import type { UploadSpec } from '../lib/multipart.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart body (read and parsed by the route with `readUpload`, not by Fastify, which
     * cannot validate a stream): documented in the OpenAPI document from the same zod schema.
     */
    upload?: UploadSpec<z.ZodType, string>;
    /**
     * The route answers through `sendWithEtag` (lib/etag.ts) or checks If-None-Match itself: the
     * document declares the ETag header, the If-None-Match request header and the 304 answer.
     */
    etag?: true;
  }
}

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PREFIX = '/api/docs';

/** An upload's text fields plus its files (binary strings), as OpenAPI describes form data. */
function uploadBody(upload: UploadSpec<z.ZodType, string>): z.ZodType {
  const files = Object.fromEntries(
    Object.entries(upload.files).map(([name, presence]) => {
      const file = z.string().meta({ format: 'binary' }).describe(`A file (${presence}).`);
      return [name, presence === 'required' ? file : file.optional()];
    }),
  );
  return upload.fields instanceof z.ZodObject
    ? upload.fields.extend(files)
    : z.intersection(upload.fields, z.object(files));
}

/** A route's schema after zod became JSON Schema, as @fastify/swagger reads it. */
interface JsonOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  headers?: { type: 'object'; properties?: Record<string, object>; required?: string[] };
  response?: Record<
    string,
    { type?: string; description?: string; headers?: Record<string, object> }
  >;
  [key: string]: unknown;
}

/** What a JSON answer is, by its status class; files describe themselves (`fileAnswer`). */
const ANSWER_DESCRIPTIONS: Record<string, string> = {
  '2': 'Success: the envelope, whose `data` holds the answer.',
  '4': 'Refused: the error envelope with a stable `code`; a 400 names the fields in `errors`.',
  '5': 'The server failed: the error envelope.',
};

/**
 * Names each JSON answer (swagger says "Default Response" otherwise). `x-response-description`
 * is @fastify/swagger's key for a response's description kept out of its schema.
 */
function describeAnswers(operation: JsonOperation): JsonOperation {
  const response = Object.fromEntries(
    Object.entries(operation.response ?? {}).map(([code, answer]) => {
      const description = ANSWER_DESCRIPTIONS[code.charAt(0)];
      return [
        code,
        answer.description || !description
          ? answer
          : { ...answer, 'x-response-description': description },
      ];
    }),
  );
  return { ...operation, response };
}

const ETAG_HEADER = {
  type: 'string',
  description: 'A validator of this answer: send it back as If-None-Match to revalidate.',
};

/** The conditional GET of lib/etag.ts: If-None-Match in, ETag out, 304 when nothing changed. */
function withRevalidation(operation: JsonOperation): JsonOperation {
  const headers = operation.headers ?? { type: 'object' };
  const response = Object.fromEntries(
    Object.entries(operation.response ?? {}).map(([code, answer]) => [
      code,
      code.startsWith('2')
        ? { ...answer, headers: { ...answer.headers, ETag: ETAG_HEADER } }
        : answer,
    ]),
  );
  return {
    ...operation,
    headers: {
      ...headers,
      properties: {
        ...headers.properties,
        'If-None-Match': {
          type: 'string',
          description:
            'The ETag of the copy the client holds: when the answer is still the same, it is ' +
            '304 with no body.',
        },
      },
    },
    response: {
      ...response,
      304: {
        type: 'null',
        description: 'Not Modified: the copy whose ETag was sent is current.',
        headers: { ETag: ETAG_HEADER },
      },
    },
  };
}

/**
 * Fastify answers HEAD on every GET route (`exposeHeadRoutes`): the same status and headers,
 * no body. The document names it after its GET (`getMemorial` → `getMemorialHead`).
 */
function headersOnly(operation: JsonOperation): JsonOperation {
  const response = Object.fromEntries(
    Object.entries(operation.response ?? {}).map(([code, answer]) => [
      code,
      {
        type: 'null',
        description: code.startsWith('2')
          ? 'The headers GET would answer, without its body.'
          : `${code === '304' ? 'Not Modified' : 'An error'}: the status and headers GET would answer, without a body.`,
        ...(answer.headers ? { headers: answer.headers } : {}),
      },
    ]),
  );
  return {
    ...operation,
    ...(operation.operationId ? { operationId: `${operation.operationId}Head` } : {}),
    summary: `${operation.summary ?? ''} (headers only)`.trim(),
    description: 'The GET of the same path, answering its status and headers without a body.',
    response,
  };
}

/**
 * Turns a route's `upload` into the body and content types swagger documents, then zod into JSON
 * Schema, then declares what the route's JSON cannot say: its name, summary and tag from the one
 * table of lib/api-operation.ts (docs/decisions/0097-api-operations-in-one-table.md), its 304
 * answer, and HEAD.
 */
const transform: typeof jsonSchemaTransform = (document) => {
  // Only the API: uploaded media and the web app's pages are files, not calls.
  if (!document.url.startsWith(`${API_PREFIX}/`))
    return { schema: { hide: true }, url: document.url };
  const { upload, etag, ...rest } = (document.schema ?? {}) as FastifySchema;
  const schema = upload
    ? {
        ...rest,
        body: uploadBody(upload),
        consumes: upload.json
          ? ['multipart/form-data', 'application/json']
          : ['multipart/form-data'],
      }
    : rest;
  const result = jsonSchemaTransform({ ...document, schema });
  let operation = describeAnswers({
    ...(result.schema as JsonOperation),
    ...apiOperationOf(String(document.route.method), document.url),
  });
  if (etag) operation = withRevalidation(operation);
  if (document.route.method === 'HEAD') operation = headersOnly(operation);
  return { ...result, schema: operation };
};

/**
 * The OpenAPI 3.1 document, generated from every route's zod schemas, at /api/v1/openapi.json,
 * and Swagger UI served from our own origin at /api/docs under the site's strict CSP
 * (no inline script, no remote source: see docs/decisions/0024-api-docs-and-cors.md).
 * Registered before the routes, so its onRoute hook sees them all.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rips Memorial API',
        version: '1.0.0',
        description:
          'Every call of the product spec, section 7. Success answers use the envelope ' +
          '`{ statusCode, data, message, success: true }`; errors use ' +
          '`{ statusCode, code, message, success: false, errors? }` with a stable `code`. ' +
          'List answers put the array in `data` and paging fields (`nextCursor`) beside it. ' +
          'Authenticated calls send `Authorization: Bearer <accessToken>` from the login answer.',
        // The address the contact form writes to (docs/operations.md), and its page.
        contact: {
          name: 'Rips Memorial',
          email: config.CONTACT_EMAIL,
          ...(config.PUBLIC_URL ? { url: `${config.publicUrl}/contact-us` } : {}),
        },
        // The product is not open source: the API is used under the site's own terms.
        license: {
          name: 'Rips Memorial terms and conditions (all rights reserved)',
          url: `${config.publicUrl}/terms`,
        },
      },
      // The site's address; without PUBLIC_URL, the origin that serves this document.
      servers: [
        config.PUBLIC_URL
          ? { url: config.publicUrl, description: 'This installation (its PUBLIC_URL).' }
          : { url: '/', description: 'The origin that serves this document.' },
      ],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    // HEAD is answered on every GET route: the document says so (see headersOnly).
    exposeHeadRoutes: true,
    transform,
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-cache').send(app.swagger());
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The UI loads the same document from ./json; no validator badge (a remote image).
    uiConfig: { deepLinking: true },
    validatorUrl: false,
  });
}
