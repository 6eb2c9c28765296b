import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The embedded database may be opened by one process at a time; the server leaves its pid here. */
export function lockFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live server using this data dir, or null. */
export function runningServerPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function writeServerLock(dataDir: string): () => void {
  const file = lockFile(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  return () => rmSync(file, { force: true });
}
