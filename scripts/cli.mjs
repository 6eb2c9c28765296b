// Runs a server command-line tool (apps/server/src/cli/<name>.ts) from a fresh build.
import path from 'node:path';
import { ensureBuild, ROOT, run } from './lib.mjs';

const [name, ...args] = process.argv.slice(2);
ensureBuild();
run(process.execPath, [path.join(ROOT, 'apps/server/dist/cli', `${name}.js`), ...args]);
