// `npm start`: build once (skipped when up to date), then serve API and web on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuild, ROOT } from './lib.mjs';

ensureBuild();
// A newcomer's `npm start` works with no configuration: production mode refuses to start without
// a mail channel and a public address, so local defaults are given here, only when unset.
const env = { NODE_ENV: 'production', ...process.env };
if (!env.PUBLIC_URL) env.PUBLIC_URL = `http://localhost:${env.PORT || 3000}`;
if (!env.SMTP_URL && !env.MAIL_OUTBOX) {
  env.MAIL_OUTBOX = 'true';
  const outbox = path.join(path.resolve(ROOT, env.DATA_DIR || './data'), 'outbox');
  console.log(`No SMTP_URL: mail (password-reset links too) goes to ${outbox}`);
}
const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
