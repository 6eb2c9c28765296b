import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { downloadOrAskByEmail } from './archive-download';

const TEXTS = { downloading: 'It is downloading.', failed: 'We could not prepare it.' };
const tooLarge = new ApiError(409, 'CONFLICT', 'Too large to download at once.');
const tooMany = new ApiError(429, 'RATE_LIMITED', 'Too many archives.');
const fail = (error: unknown) => () => Promise.reject(error);
const notAsked = fail(new Error('not asked'));

/** What the member is told when the download, then the request by email, answer so. */
const told = (download: () => Promise<void>, askByEmail: () => Promise<string>) =>
  downloadOrAskByEmail({ ...TEXTS, download, askByEmail });

describe('an archive asked for: downloaded at once, or by email', () => {
  it('downloads a small one at once', async () => {
    expect(await told(() => Promise.resolve(), notAsked)).toEqual({
      tone: 'success',
      message: 'It is downloading.',
    });
  });

  it('asks for a large one by email, in the server’s words', async () => {
    expect(
      await told(fail(tooLarge), () => Promise.resolve('We are preparing the archive.')),
    ).toEqual({ tone: 'info', message: 'We are preparing the archive.' });
  });

  it('says that one already waits as news, not as a failure', async () => {
    const waiting = 'The archive of “Ada” was emailed to you; its link works once.';
    const pending = new ApiError(409, 'ARCHIVE_PENDING', waiting);
    expect(await told(fail(tooLarge), fail(pending))).toEqual({ tone: 'info', message: waiting });
  });

  it('says a failure as one, with the server’s reason when it gave one', async () => {
    const noRoom = new ApiError(507, 'INSUFFICIENT_STORAGE', 'No room.');
    expect(await told(fail(tooLarge), fail(tooMany))).toEqual({
      tone: 'error',
      message: 'Too many archives.',
    });
    expect(await told(fail(tooLarge), fail(noRoom))).toEqual({
      tone: 'error',
      message: 'We could not prepare it.',
    });
    expect(await told(fail(tooMany), notAsked)).toEqual({
      tone: 'error',
      message: 'Too many archives.',
    });
  });
});
