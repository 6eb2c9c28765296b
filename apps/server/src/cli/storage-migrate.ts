// npm run storage-migrate: copies DATA_DIR/uploads (uploads and quarantine) to the S3 bucket the
// S3_* settings name, reads every copy back and compares its SHA-256. It never deletes a local
// file, and it skips files the bucket already holds identically, so it can run again.
import { loadConfig } from '../config.js';
import { copyStorage } from '../maintenance/storage-migrate.js';
import { useOwnerOnlyFiles } from '../maintenance/data-dir-permissions.js';
import { createStorage, describeStorageFolder } from '../storage/create-storage.js';
import { LocalStorage } from '../storage/local-storage.js';
import { fail } from './cli-context.js';

async function main() {
  if (process.argv.length > 2) throw new Error('Usage: npm run storage-migrate');
  useOwnerOnlyFiles();
  const config = loadConfig();
  if (!config.S3_BUCKET) {
    throw new Error(
      'storage-migrate copies DATA_DIR/uploads to S3: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as your provider needs) first.',
    );
  }
  const source = new LocalStorage(config.uploadsDir);
  const target = createStorage(config);
  try {
    await target.ping().catch((error: unknown) => {
      throw new Error(
        `The bucket ${config.S3_BUCKET} cannot be reached: ${error instanceof Error ? error.name : String(error)}. Check the S3_* settings and that the bucket exists.`,
      );
    });
    console.log(`Copying ${config.uploadsDir} to ${describeStorageFolder(config, '')} …`);
    const report = await copyStorage(source, target, (done) => {
      if (done % 500 === 0) console.log(`  ${done} files checked`);
    });
    const megabytes = (report.bytes / 1024 / 1024).toFixed(1);
    console.log(
      `✓ copied ${report.copied} files (${megabytes} MB), each read back with the same SHA-256; ${report.alreadyThere} were already there.`,
    );
    if (report.mismatched.length > 0) {
      console.error(
        `✗ ${report.mismatched.length} files did not read back as they are on disk (run again to retry them):`,
      );
      for (const key of report.mismatched) console.error(`  ${key}`);
      process.exitCode = 1;
      return;
    }
    console.log(
      'Local files were left in place. Start the server with the same S3_* settings to serve uploads from the bucket.',
    );
  } finally {
    target.close?.();
  }
}

main().catch(fail);
