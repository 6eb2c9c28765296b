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
    pool: 'forks',
  },
});
