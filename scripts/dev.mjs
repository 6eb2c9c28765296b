// `npm run dev`: the API from a fresh server build on :3000 and Vite's dev server (with HMR) on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

run('npm', ['run', 'build', '-w', '@rips/shared']);
run('npm', ['run', 'build', '-w', '@rips/server']);
const children = [
  spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', '@rips/web'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
