import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@rips/shared/api';
import { AppError } from '../errors.js';

/**
 * Serves the built single-page app: hashed assets pre-compressed and cached for a year,
 * index.html never cached, and index.html for every other GET so client routes work on reload.
 */
export const webAppPlugin = fp<{ distDir: string | null }>(async (app, { distDir }) => {
  const hasWeb = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  const indexHtml = hasWeb ? await readFile(path.join(distDir, 'index.html')) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith(API_PREFIX) &&
      !request.url.startsWith('/media/') &&
      !/\.[a-z0-9]{1,5}(\?|$)/i.test(request.url);
    if (isPage && indexHtml) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    throw AppError.notFound(
      `No route for ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}.`,
    );
  });
});
