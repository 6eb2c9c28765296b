// `npm run bench [name...]`: runs every benchmark under bench/ (or the named ones) against the build.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureBuild, ROOT, run } from './lib.mjs';

const wanted = process.argv.slice(2);
const benches = readdirSync(path.join(ROOT, 'bench'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(ROOT, 'bench', d.name, 'run.mjs')))
  .map((d) => d.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name));
if (benches.length === 0) {
  console.error(
    `No benchmark found${wanted.length ? ` named ${wanted.join(', ')}` : ''} (bench/<name>/run.mjs).`,
  );
  process.exit(1);
}
ensureBuild();
for (const name of benches) {
  console.log(`\n━━ bench/${name}`);
  run(process.execPath, [path.join('bench', name, 'run.mjs')]);
}
