/**
 * npm run send-copies: queues a copy of every memorial, now, for its owner, managers, successor
 * and confirmed addresses who did not opt out (decision 0126): what the site does if it closes.
 * Each copy is a row of the same ledger as the yearly copies (period `now:<date>`), so running it
 * twice the same day adds nothing. The server's next yearly-copy sweep builds and mails them: with
 * the embedded database stop the server first (both take the data dir's lock), then start it.
 */
import { queueCopiesNow } from '../modules/yearly-copies/yearly-copies.service.js';
import { fail, openForCli } from './cli-context.js';

async function main(): Promise<number> {
  const { database } = await openForCli('send-copies');
  try {
    const added = await queueCopiesNow({ db: database.db, now: () => new Date() });
    console.log(
      `${added} ${added === 1 ? 'copy' : 'copies'} queued. The server sends them at its next yearly-copy sweep (YEARLY_COPY_SWEEP_SECONDS).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code), fail);
