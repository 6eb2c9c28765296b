// `npm run dev`: one server on :3000 (PORT) from a fresh server build, which serves the web app
// from its sources through Vite (WEB_DEV): modules with hot reload, and every page rendered on the
// server with the current code, as in production. Restart it after a change to the server.
import { ROOT, run } from './lib.mjs';
import { spawnServer } from './server-process.mjs';

run('npm', ['run', 'build', '-w', '@rips/shared']);
run('npm', ['run', 'build', '-w', '@rips/server']);
const server = spawnServer({
  env: { NODE_ENV: 'development', ...process.env, WEB_DEV: 'true' },
  stdio: 'inherit',
});
console.log(
  `Rips Memorial (development) from ${ROOT}: http://localhost:${process.env.PORT ?? 3000}`,
);
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
