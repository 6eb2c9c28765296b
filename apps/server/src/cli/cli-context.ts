import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { acquireDataDirLock } from '../maintenance/data-dir-lock.js';
import { useOwnerOnlyFiles } from '../maintenance/data-dir-permissions.js';
import { createStorage } from '../storage/create-storage.js';
import type { Storage } from '../storage/storage.js';

/**
 * Opens the configured database and storage for a command-line tool. With the embedded database
 * it first takes the data dir's lock (the server holds it while it runs), and `database.close()`
 * lets it go.
 */
export async function openForCli(
  purpose: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{
  config: Config;
  database: Database;
  storage: Storage;
}> {
  useOwnerOnlyFiles();
  const config = loadConfig(env);
  const lock = config.DATABASE_URL ? null : await acquireDataDirLock(config.dataDir, purpose);
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dbDir });
    const storage = createStorage(config);
    const close = async () => {
      storage.close?.();
      try {
        await database.close();
      } finally {
        await lock?.release();
      }
    };
    try {
      await database.migrate();
    } catch (error) {
      await close();
      throw error;
    }
    return {
      config,
      database: { ...database, close },
      storage,
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

export function fail(error: unknown): never {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
