// npm run storage-check [-- --apply | --restore-quarantine [yyyy-mm-dd]]
//   no option: a dry run; lists what --apply would move to quarantine or delete, changes nothing.
//   --apply: moves every unreferenced upload to quarantine, whatever their share, and deletes
//            quarantine older than QUARANTINE_DAYS.
//   --restore-quarantine: moves quarantined files back to their keys (after restoring the
//            database that points at them); optionally only one day's folder.
import {
  orphanAllowance,
  reconcileStorage,
  restoreQuarantine,
  startUpGraceMs,
  type StorageCheckReport,
} from '../maintenance/reconcile.js';
import { describeStorageFolder } from '../storage/create-storage.js';
import { fail, openForCli } from './cli-context.js';

const USAGE = 'Usage: npm run storage-check [-- --apply | --restore-quarantine [yyyy-mm-dd]]';

function printReport(report: StorageCheckReport, quarantine: string): void {
  const dryRun = report.mode === 'dry-run';
  console.log(
    `${report.storedUploads} uploads in storage, ${report.referencedUploads} of them referenced by the database; ${report.orphanUploads} unreferenced.`,
  );
  if (report.orphanFiles.length > 0) {
    console.log(
      dryRun
        ? `Would move ${report.orphanFiles.length} unreferenced files to ${quarantine}:`
        : `Moved ${report.quarantinedFiles.length} unreferenced files to ${quarantine}:`,
    );
    for (const key of dryRun ? report.orphanFiles : report.quarantinedFiles) {
      console.log(`  ${key}`);
    }
  }
  if (dryRun && report.refused === 'nothing-referenced') {
    console.log(
      'The database points at none of the stored uploads: is it empty, the wrong one, or older than the files? The server moves nothing in this case; only --apply does.',
    );
  } else if (dryRun && report.refused === 'over-share') {
    console.log(
      `That is more than the ${orphanAllowance(report.storedUploads)} uploads the server moves by itself: was the database restored from an older backup? Only --apply moves them.`,
    );
  }
  if (report.expiredQuarantine.length > 0) {
    console.log(
      `${dryRun ? 'Would delete' : 'Deleted'} quarantine older than ${report.quarantineDays} days: ${report.expiredQuarantine.join(', ')}`,
    );
  }
  if (report.missingFiles.length > 0) {
    console.log(`${report.missingFiles.length} rows lack their files:`);
    for (const { table, id, key } of report.missingFiles) console.log(`  ${table} ${id}: ${key}`);
  }
  if (dryRun && (report.orphanFiles.length > 0 || report.expiredQuarantine.length > 0)) {
    console.log('Nothing was changed. Run "npm run storage-check -- --apply" to do it.');
  }
}

async function main() {
  const args = process.argv.slice(2);
  const [option, folder, ...rest] = args;
  const known = option === undefined || option === '--apply' || option === '--restore-quarantine';
  if (!known || rest.length > 0 || (option !== '--restore-quarantine' && folder !== undefined)) {
    throw new Error(USAGE);
  }
  if (folder !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(folder)) throw new Error(USAGE);
  const { config, database, storage } = await openForCli('storage-check');
  try {
    if (option === '--restore-quarantine') {
      const { restored, skipped } = await restoreQuarantine(storage, folder);
      console.log(`✓ moved ${restored.length} files back from quarantine`);
      for (const key of skipped) console.log(`  kept in quarantine, its key is taken: ${key}`);
      return;
    }
    const report = await reconcileStorage(
      { db: database.db, storage },
      {
        mode: option === '--apply' ? 'apply' : 'dry-run',
        graceMs: startUpGraceMs(database.kind),
        quarantineDays: config.QUARANTINE_DAYS,
      },
    );
    printReport(report, describeStorageFolder(config, report.quarantineFolder));
  } finally {
    await database.close();
  }
}

main().catch(fail);
