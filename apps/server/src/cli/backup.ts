// npm run backup [-- <archive.tar.gz>]: one archive of the database and every uploaded file.
import path from 'node:path';
import { writeBackup } from '../maintenance/backup.js';
import { fail, openForCli } from './cli-context.js';

async function main() {
  const { config, database, storage } = await openForCli('backup');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const archive = path.resolve(process.argv[2] ?? path.join('backups', `rips-${stamp}.tar.gz`));
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
