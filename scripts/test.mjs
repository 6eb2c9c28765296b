// `npm test`: type-check, lint, unit and integration tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), then end-to-end tests in Chromium against the production build.
import { ensureChromium, ensurePdftoppm } from './ensure-chromium.mjs';
import { ensureBuild, run } from './lib.mjs';

const step = (title) => console.log(`\n━━ ${title}`);

step('type-check');
run('npm', ['run', 'typecheck']);
step('lint');
run('npm', ['run', 'lint']);

step('unit and integration tests on embedded PGlite');
if (!ensurePdftoppm()) process.exit(1);
run('npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' });
// What reads and writes uploads in bulk, again with every app's uploads in a loopback S3 bucket.
step('storage-heavy tests with uploads in S3 (s3rver on loopback)');
run(
  'npx',
  [
    'vitest',
    'run',
    'apps/server/src/maintenance',
    'apps/server/src/modules/memorials',
    'apps/server/src/modules/galleries',
  ],
  { TEST_DATABASE_URL: '', TEST_STORAGE: 's3' },
);
if (process.env.TEST_DATABASE_URL) {
  step(
    `integration tests on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`,
  );
  run('npx', ['vitest', 'run']);
} else {
  console.log('\n(skipping the PostgreSQL run: TEST_DATABASE_URL is not set)');
}

step('end-to-end tests in Chromium');
if (!ensureChromium()) process.exit(1);
ensureBuild();
run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts']);
console.log('\n✓ all tests passed');
