// `npm start`: build once (skipped when up to date), then serve API and web on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuild, ROOT } from './lib.mjs';

ensureBuild();
const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
