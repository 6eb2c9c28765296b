import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from '@rips/shared/api';
import type { UploadSpec } from '../lib/multipart.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart body (read and parsed by the route with `readUpload`, not by Fastify, which
     * cannot validate a stream): documented in the OpenAPI document from the same zod schema.
     */
    upload?: UploadSpec<z.ZodType, string>;
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

/** Turns a route's `upload` into the body and content types swagger documents, then zod into JSON Schema. */
const transform: typeof jsonSchemaTransform = (document) => {
  // Only the API: uploaded media and the web app's pages are files, not calls.
  if (!document.url.startsWith(`${API_PREFIX}/`))
    return { schema: { hide: true }, url: document.url };
  const { upload, ...rest } = (document.schema ?? {}) as FastifySchema;
  if (!upload) return jsonSchemaTransform(document);
  const schema = {
    ...rest,
    body: uploadBody(upload),
    consumes: upload.json ? ['multipart/form-data', 'application/json'] : ['multipart/form-data'],
  };
  return jsonSchemaTransform({ ...document, schema });
};

/**
 * The OpenAPI 3.1 document, generated from every route's zod schemas, at /api/v1/openapi.json,
 * and Swagger UI served from our own origin at /api/docs under the site's strict CSP
 * (no inline script, no remote source: see docs/decisions/0024-api-docs-and-cors.md).
 * Registered before the routes, so its onRoute hook sees them all.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
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
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
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
