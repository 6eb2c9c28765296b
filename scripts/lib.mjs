import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs a command in the repo root, streaming its output; exits the script when it fails. */
export function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(
      `\n✗ ${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`,
    );
    process.exit(result.status ?? 1);
  }
}

const BUILD_INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/tsconfig.build.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
];

function* files(entry) {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

/** A hash of every file the build reads: the build is up to date when it matches. */
function sourceHash() {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of files(input)) {
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(ROOT, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

const STAMP = path.join(ROOT, 'apps/server/dist/.build-hash');

/** Builds shared, server and web unless the last build saw exactly these sources. */
export function ensureBuild() {
  const hash = sourceHash();
  const built =
    existsSync(STAMP) &&
    existsSync(path.join(ROOT, 'apps/web/dist/index.html')) &&
    existsSync(path.join(ROOT, 'apps/web/dist-ssr/entry-server.js')) &&
    readFileSync(STAMP, 'utf8').trim() === hash;
  if (built) {
    console.log('✓ build is up to date');
    return;
  }
  console.log('→ building shared, server and web');
  run('npm', ['run', 'build']);
  writeFileSync(STAMP, hash + '\n');
}
