// `npm run test:e2e`: build if needed, make sure Chromium is there, run the browser journeys.
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureBuild, run } from './lib.mjs';

if (!ensureChromium()) process.exit(1);
ensureBuild();
run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]);
