import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    conditions: ['source'],
    // The web app's own import prefix (apps/web/vite.config.ts), for its unit tests.
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('apps/web/src/', import.meta.url)) },
    ],
  },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: [
      'apps/server/**/*.test.ts',
      'apps/web/**/*.test.{ts,tsx}',
      'packages/shared/**/*.test.ts',
    ],
    setupFiles: ['apps/server/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at once: a file waits much of its time on its database, timers and sockets, so
    // the second core is busy while it does (on this 2-core machine the default would be one).
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
  },
});
