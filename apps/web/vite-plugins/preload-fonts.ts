import type { Plugin } from 'vite';

/**
 * Adds `<link rel="preload" as="font">` to index.html for the built font files whose names match
 * `patterns`, so the heading face arrives with the first CSS instead of after it (no late swap,
 * no layout shift). Hashed names are only known after bundling, hence a plugin.
 */
export function preloadFonts(patterns: RegExp[]): Plugin {
  let base = '/';
  return {
    name: 'rips:preload-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter(
          (file) => file.endsWith('.woff2') && patterns.some((pattern) => pattern.test(file)),
        );
        return files.map((file) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            href: `${base}${file}`,
            crossorigin: '',
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
