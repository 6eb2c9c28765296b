/**
 * npm run send-copies: a copy of every memorial, now, for everyone who receives its yearly copy
 * (see send-copies-command.ts). Reads the same configuration as the server.
 */
import { fail } from './cli-context.js';
import { sendCopies } from './send-copies-command.js';

sendCopies(console).then((code) => process.exit(code), fail);
