// npm run restore -- <archive.tar.gz>: fills an empty data dir (or database) from a backup.
import path from 'node:path';
import { restoreBackup } from '../maintenance/backup.js';
import { fail, openForCli } from './cli-context.js';

async function main() {
  const archive = process.argv[2];
  if (!archive) throw new Error('Usage: npm run restore -- <archive.tar.gz>');
  const { config, database, storage } = await openForCli('restore');
  try {
    const manifest = await restoreBackup({ db: database.db, storage }, path.resolve(archive));
    const rows = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
    console.log(
      `✓ restored ${rows} rows and ${manifest.files} files into ${config.DATABASE_URL ? 'PostgreSQL' : config.dataDir}`,
    );
  } finally {
    await database.close();
  }
}

main().catch(fail);
