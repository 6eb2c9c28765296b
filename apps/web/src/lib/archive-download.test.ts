import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { downloadOrAskByEmail } from './archive-download';

const TEXTS = { downloading: 'It is downloading.', failed: 'We could not prepare it.' };
const tooLarge = new ApiError(409, 'CONFLICT', 'Too large to download at once.');
const fail = (error: unknown) => () => Promise.reject(error);

describe('an archive asked for: downloaded at once, or by email', () => {
  it('downloads a small one at once', async () => {
    expect(
      await downloadOrAskByEmail({
        ...TEXTS,
        download: () => Promise.resolve(),
        askByEmail: fail(new Error('not asked')),
      }),
    ).toEqual({ tone: 'success', message: 'It is downloading.' });
  });

  it('asks for a large one by email, in the server’s words', async () => {
    expect(
      await downloadOrAskByEmail({
        ...TEXTS,
        download: fail(tooLarge),
        askByEmail: () => Promise.resolve('We are preparing the archive.'),
      }),
    ).toEqual({ tone: 'info', message: 'We are preparing the archive.' });
  });

  it('says that one already waits as news, not as a failure', async () => {
    const waiting = 'The archive of “Ada” was emailed to you; its link works once.';
    expect(
      await downloadOrAskByEmail({
        ...TEXTS,
        download: fail(tooLarge),
        askByEmail: fail(new ApiError(409, 'ARCHIVE_PENDING', waiting)),
      }),
    ).toEqual({ tone: 'info', message: waiting });
  });

  it('says a failure as one, with the server’s reason when it gave one', async () => {
    expect(
      await downloadOrAskByEmail({
        ...TEXTS,
        download: fail(tooLarge),
        askByEmail: fail(new ApiError(429, 'RATE_LIMITED', 'Too many archives.')),
      }),
    ).toEqual({ tone: 'error', message: 'Too many archives.' });
    expect(
      await downloadOrAskByEmail({
        ...TEXTS,
        download: fail(tooLarge),
        askByEmail: fail(new ApiError(507, 'INSUFFICIENT_STORAGE', 'No room.')),
      }),
    ).toEqual({ tone: 'error', message: 'We could not prepare it.' });
    expect(
      await downloadOrAskByEmail({
        ...TEXTS,
        download: fail(new ApiError(429, 'RATE_LIMITED', 'Too many archives.')),
        askByEmail: fail(new Error('not asked')),
      }),
    ).toEqual({ tone: 'error', message: 'Too many archives.' });
  });
});
