import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts its own server and browser; two at once fit this machine's two cores.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
  },
});
