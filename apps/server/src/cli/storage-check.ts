// npm run storage-check [-- --apply | --restore-quarantine [yyyy-mm-dd] | --recheck-fixity]
//   no option: a dry run; lists what --apply would move to quarantine or delete, and the files
//            that failed their fixity check; changes nothing.
//   --apply: moves every unreferenced upload to quarantine, whatever their share, and deletes
//            quarantine older than QUARANTINE_DAYS.
//   --restore-quarantine: moves quarantined files back to their keys (after restoring the
//            database that points at them); optionally only one day's folder.
//   --recheck-fixity: hashes again each file that failed its fixity check and is back at its key
//            (restored from a backup); one that matches its recorded checksum is checked nightly
//            again.
import { ChecksummedStorage } from '../storage/checksummed-storage.js';
import { recheckFailed } from '../maintenance/fixity.js';
import { failedFiles } from '../maintenance/fixity.repository.js';
import {
  orphanAllowance,
  reconcileStorage,
  restoreQuarantine,
  startUpGraceMs,
  type StorageCheckReport,
} from '../maintenance/reconcile.js';
import { describeStorageFolder } from '../storage/create-storage.js';
import { fail, openForCli } from './cli-context.js';

const USAGE =
  'Usage: npm run storage-check [-- --apply | --restore-quarantine [yyyy-mm-dd] | --recheck-fixity]';

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
  const known =
    option === undefined ||
    option === '--apply' ||
    option === '--restore-quarantine' ||
    option === '--recheck-fixity';
  if (!known || rest.length > 0 || (option !== '--restore-quarantine' && folder !== undefined)) {
    throw new Error(USAGE);
  }
  if (folder !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(folder)) throw new Error(USAGE);
  const opened = await openForCli('storage-check');
  const { config, database } = opened;
  // Moves and deletions carry or drop the files' checksums, as the server's own do.
  const storage = new ChecksummedStorage(opened.storage, database.db, () => new Date());
  try {
    if (option === '--recheck-fixity') {
      const results = await recheckFailed(database.db, opened.storage, new Date());
      for (const { key, result } of results) console.log(`  ${result}: ${key}`);
      console.log(
        `✓ ${results.filter((r) => r.result === 'restored').length} of ${results.length} failed files match their checksum again`,
      );
      return;
    }
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
    const failed = await failedFiles(database.db);
    if (failed.length > 0) {
      console.log(
        `${failed.length} files failed their fixity check (their bytes changed or they are gone); restore each from a backup to its key, then run "npm run storage-check -- --recheck-fixity":`,
      );
      for (const row of failed) {
        console.log(
          `  ${row.key} failed ${row.failedAt!.toISOString()}, expected sha256 ${row.sha256}, ${row.size} bytes`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

main().catch(fail);
