import { lstat, readdir, chmod } from 'node:fs/promises';
import path from 'node:path';

/**
 * Password hashes, emails, Life Legacies and uploads live in the data dir: only its owner may
 * read anything in it. Every process that writes there (the server and the command-line tools)
 * creates files 0600 and directories 0700. Decision 0017.
 */
export const OWNER_ONLY_UMASK = 0o077;

export function useOwnerOnlyFiles(): void {
  process.umask(OWNER_ONLY_UMASK);
}

export class LoosePermissionsError extends Error {
  constructor(dataDir: string, count: number, example: string, reason: string) {
    super(
      `${count} entries in ${dataDir} can be read or written by other users and could not be made owner-only (first: ${example}: ${reason}). ` +
        `Fix them as the data dir's owner, e.g. \`chmod -R go-rwx ${dataDir}\`, or run the server as that owner.`,
    );
    this.name = 'LoosePermissionsError';
  }
}

async function* entries(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    yield full;
    if (entry.isDirectory()) yield* entries(full);
  }
}

/**
 * Takes group and other permissions off the data dir and everything under it (symbolic links are
 * left alone: chmod would follow them out of the data dir). Returns how many entries it repaired;
 * throws `LoosePermissionsError` when some cannot be repaired (another owner, read-only disk).
 */
export async function secureDataDir(dataDir: string): Promise<{ repaired: number }> {
  let repaired = 0;
  const failures: { file: string; reason: string }[] = [];
  const secure = async (file: string) => {
    const info = await lstat(file);
    if (info.isSymbolicLink() || (info.mode & 0o077) === 0) return;
    const mode = info.isDirectory() ? 0o700 : info.mode & 0o700;
    try {
      await chmod(file, mode);
      repaired += 1;
    } catch (error) {
      failures.push({ file, reason: (error as NodeJS.ErrnoException).code ?? String(error) });
    }
  };
  await secure(dataDir);
  for await (const file of entries(dataDir)) await secure(file);
  if (failures.length > 0) {
    const [first] = failures;
    throw new LoosePermissionsError(
      dataDir,
      failures.length,
      path.relative(dataDir, first!.file) || '.',
      first!.reason,
    );
  }
  return { repaired };
}
