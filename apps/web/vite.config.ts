import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { lazyMantineDefaults } from './vite-plugins/lazy-mantine-defaults.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { preloadFonts } from './vite-plugins/preload-fonts.ts';
import { startAppAfterPaint } from './vite-plugins/start-app-after-paint.ts';

const API_ORIGIN = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Only the heading weight is preloaded: it paints the h1 of every page.
  plugins: [
    react(),
    lazyMantineDefaults(),
    startAppAfterPaint(fileURLToPath(new URL('./src/start-app.tsx', import.meta.url))),
    preloadFonts([/lora-latin-600-normal/]),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // Workspace packages expose TypeScript sources under the `source` condition.
    conditions: ['source', ...defaultClientConditions],
  },
  // The server-side bundle (src/entry-server.tsx, built into dist-ssr/) runs inside the API
  // server; the shared package is bundled in from its sources, other packages stay imports.
  ssr: {
    noExternal: ['@rips/shared'],
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/media': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // One stylesheet: a page the server rendered is styled from its first paint, whichever page
    // chunks it is made of (they add about 5 KB compressed to the 32 KB of the shared styles).
    cssCodeSplit: false,
    // The shell loads everything it needs up front; pages arrive as separate chunks.
    chunkSizeWarningLimit: 400,
    // Preloads only for chunks an HTML page links (none today: the app starts after the first
    // paint, decision 0033). A lazy chunk's imports are not preloaded from script: the helper
    // adds a <link> per chunk, and on the owner's memorial page that was most of a 135 ms task
    // (4× slowdown). The browser fetches them when the chunk asks for them (decision 0129).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change rarely: one long-cached chunk every page needs anyway.
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
