/**
 * Makes an existing account an administrator:
 *   npm run make-admin -- <userName or email>
 * Reads the same configuration as the server. With the embedded database, stop the server
 * first: only one process may open the data directory at a time.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { findUserByLogin, updateUser } from '../modules/users/users.repository.js';

async function main(): Promise<number> {
  const identifier = process.argv[2]?.trim();
  if (!identifier) {
    console.error('Usage: npm run make-admin -- <userName or email>');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dbDir });
  try {
    await database.migrate();
    const user = await findUserByLogin(database.db, identifier);
    if (!user) {
      console.error(`No account has the username or email "${identifier}".`);
      return 1;
    }
    if (user.role === 'admin') {
      console.log(`${user.userName} (${user.email}) is already an administrator.`);
      return 0;
    }
    await updateUser(database.db, user.id, { role: 'admin' });
    console.log(`${user.userName} (${user.email}) is now an administrator.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
