/**
 * Makes an administrator, the only way one is ever made:
 *   npm run make-admin -- <userName or email>
 *   npm run make-admin -- --create <userName> <email> [full name]
 * Reads the same configuration as the server. With the embedded database it refuses while the
 * server runs (both take the data dir's lock): stop the server first.
 */
import { fail } from './cli-context.js';
import { makeAdmin } from './make-admin-command.js';

makeAdmin(process.argv.slice(2), console).then((code) => process.exit(code), fail);
