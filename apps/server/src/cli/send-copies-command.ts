import { queueCopiesNow } from '../modules/yearly-copies/yearly-copies.service.js';
import { openForCli } from './cli-context.js';
import type { Console } from './make-admin-command.js';

/**
 * `npm run send-copies`: queues a copy of every memorial, now, for its owner, managers, successor
 * and confirmed addresses who did not opt out (decision 0126): what the site does if it closes.
 * Each copy is a row of the same ledger as the yearly copies (period `now:<date>`), so running it
 * twice the same day adds nothing. The server's next yearly-copy sweep builds and mails them: with
 * the embedded database stop the server first (both take the data dir's lock), then start it.
 * Answers the exit code; `now` is the clock the day is read from.
 */
export async function sendCopies(
  out: Console,
  env: NodeJS.ProcessEnv = process.env,
  now: () => Date = () => new Date(),
): Promise<number> {
  const { database } = await openForCli('send-copies', env);
  try {
    const added = await queueCopiesNow({ db: database.db, now });
    out.log(
      `${added} ${added === 1 ? 'copy' : 'copies'} queued. The server sends them at its next yearly-copy sweep (YEARLY_COPY_SWEEP_SECONDS).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
