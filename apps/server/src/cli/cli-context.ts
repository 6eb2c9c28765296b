import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { runningServerPid } from '../maintenance/server-lock.js';
import { LocalStorage } from '../storage/local-storage.js';

/** Opens the configured database and storage for a command-line tool. */
export async function openForCli(): Promise<{
  config: Config;
  database: Database;
  storage: LocalStorage;
}> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const pid = runningServerPid(config.dataDir);
    if (pid) {
      throw new Error(
        `The server (pid ${pid}) is using ${config.dataDir}. Stop it first: the embedded database allows one process at a time.`,
      );
    }
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dbDir });
  await database.migrate();
  return { config, database, storage: new LocalStorage(config.uploadsDir) };
}

export function fail(error: unknown): never {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
