// npm run backup [-- <archive.tar.gz>]: one archive of the database and every uploaded file.
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeBackup } from '../maintenance/backup.js';
import { fail, openForCli } from './cli-context.js';

async function main() {
  const { config, database, storage } = await openForCli('backup');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const archive = path.resolve(process.argv[2] ?? path.join('backups', `rips-${stamp}.tar.gz`));
  if (!process.argv[2]) {
    // The default folder holds every backup: owner-only, even when an older release made it 0755.
    mkdirSync(path.dirname(archive), { recursive: true, mode: 0o700 });
    chmodSync(path.dirname(archive), 0o700);
  }
  try {
    const manifest = await writeBackup({ db: database.db, storage }, archive);
    const rows = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
    console.log(
      `✓ backup of ${config.DATABASE_URL ? 'PostgreSQL' : config.dataDir}: ${rows} rows, ${manifest.files} files → ${archive}`,
    );
  } finally {
    await database.close();
  }
}

main().catch(fail);
