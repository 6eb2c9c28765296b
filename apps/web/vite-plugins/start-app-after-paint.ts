import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:start-app-url';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * `import startAppUrl from 'virtual:start-app-url'` gives the URL of the app's own entry chunk
 * (`entry`), which main.tsx imports after the first paint (decision 0033). The app is emitted as
 * an entry of its own, not as a dynamic import of main.tsx: as an entry it keeps what every page
 * needs in one chunk, where a dynamic import would be cut into small chunks shared with the pages.
 * In development the URL is the source module's, which Vite serves.
 */
export function startAppAfterPaint(entry: string): Plugin {
  let building = false;
  return {
    name: 'rips:start-app-after-paint',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (!building) return `export default ${JSON.stringify(`/@fs${entry}`)};`;
      const reference = this.emitFile({ type: 'chunk', id: entry, name: 'start-app' });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}
