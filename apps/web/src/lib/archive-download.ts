import { ApiError, errorMessage } from './api-client';

/** What to tell the member about an archive they asked for, and how (a notice's kind). */
export interface ArchiveOutcome {
  tone: 'success' | 'info' | 'error';
  message: string;
}

/**
 * "Export this memorial" and "Download my data": the archive downloads at once; too large for
 * that (409), it is asked for by email instead. An archive of the same already waiting for the
 * member (409 ARCHIVE_PENDING, "was emailed to you…") is news, not a failure: said as such.
 */
export async function downloadOrAskByEmail({
  download,
  askByEmail,
  downloading,
  failed,
}: {
  download: () => Promise<void>;
  /** Answers the server's words (a link will be emailed). */
  askByEmail: () => Promise<string>;
  downloading: string;
  failed: string;
}): Promise<ArchiveOutcome> {
  try {
    await download();
    return { tone: 'success', message: downloading };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) {
      return { tone: 'error', message: errorMessage(error, failed) };
    }
  }
  try {
    return { tone: 'info', message: await askByEmail() };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ARCHIVE_PENDING') {
      return { tone: 'info', message: error.message };
    }
    return { tone: 'error', message: errorMessage(error, failed) };
  }
}
