// `npm run dev`: the API from a fresh server build on :3000 and Vite's dev server (with HMR) on :5173.
import { spawn } from 'node:child_process';
import { ROOT, run } from './lib.mjs';
import { spawnServer } from './server-process.mjs';

run('npm', ['run', 'build', '-w', '@rips/shared']);
run('npm', ['run', 'build', '-w', '@rips/server']);
const children = [
  spawnServer({ env: process.env, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@rips/web'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
