import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { isProcessAlive } from '../lib/process-alive.js';

/**
 * The embedded database may be opened by one process at a time. The lock is a real OS lock
 * (flock(2)) on `DATA_DIR/rips.lock`, held by a small `flock` child process for as long as this
 * process lives: when this process ends in any way, even killed, the child's stdin closes, the child
 * exits and the kernel drops the lock. No stale lock survives a crash, and no pid can be reused
 * into a false "still running". Decision 0018.
 */
export const LOCK_FILE_NAME = 'rips.lock';

/** flock's exit code when another process holds the lock. */
const CONFLICT_EXIT_CODE = 75;

export class DataDirLockedError extends Error {
  constructor(dataDir: string, holder: string) {
    super(
      `${dataDir} is in use by another process (${holder}). Stop it first: the embedded database allows one process at a time.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Lets the next process in; resolves once the lock is dropped. */
  release(): Promise<void>;
  /** Resolves if the lock is lost while still wanted (its holder process was killed). */
  readonly lost: Promise<void>;
}

export function lockFile(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE_NAME);
}

/** The pid and purpose the last holder recorded; only ever a hint for messages and retries. */
function recordedHolder(file: string): { pid: number | null; text: string } {
  try {
    const [pid, ...purpose] = readFileSync(file, 'utf8').trim().split(' ');
    if (pid && /^\d+$/.test(pid)) {
      return { pid: Number(pid), text: `pid ${pid}, ${purpose.join(' ') || 'unknown'}` };
    }
  } catch {
    // unreadable: say nothing more
  }
  return { pid: null, text: 'holder unknown' };
}

/** How long to wait for a holder that has already died (its flock child is finishing). */
const DEAD_HOLDER_GRACE_MS = 3_000;

/**
 * Takes the data dir's exclusive lock or throws `DataDirLockedError` naming the holder.
 * `purpose` ("server", "make-admin", …) is recorded for that message.
 */
export async function acquireDataDirLock(dataDir: string, purpose: string): Promise<DataDirLock> {
  const file = lockFile(dataDir);
  closeSync(openSync(file, 'a', 0o600));
  const deadline = Date.now() + DEAD_HOLDER_GRACE_MS;
  for (;;) {
    const lock = await tryLock(file);
    if (lock) {
      writeFileSync(file, `${process.pid} ${purpose}\n`, { mode: 0o600 });
      return lock;
    }
    // A holder killed a moment ago leaves its lock to the kernel within milliseconds (its flock
    // child sees its stdin close): wait for that rather than fail a supervisor's quick restart.
    const holder = recordedHolder(file);
    if (holder.pid === null || isProcessAlive(holder.pid) || Date.now() > deadline) {
      throw new DataDirLockedError(dataDir, holder.text);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The lock, or null when another process holds it. */
async function tryLock(file: string): Promise<DataDirLock | null> {
  // --no-fork: flock execs the shell, which execs cat; one process holds the lock throughout.
  // cat reads our never-written stdin and ends when this process ends or releases.
  const child = spawn(
    'flock',
    [
      '--exclusive',
      '--nonblock',
      '--conflict-exit-code',
      String(CONFLICT_EXIT_CODE),
      '--no-fork',
      file,
      'sh',
      '-c',
      'echo locked && exec cat >/dev/null',
    ],
    // Its own process group: a Ctrl-C meant for the server (which then drains) must not end it.
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const locked = await new Promise<boolean>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              'The `flock` command (util-linux) is needed to lock the data dir; install util-linux.',
            )
          : error,
      );
    });
    child.stdout.once('data', () => resolve(true));
    void exited.then((code) => {
      if (code === CONFLICT_EXIT_CODE) resolve(false);
      else reject(new Error(`Could not lock ${file} (flock exited ${code}): ${stderr.trim()}`));
    });
  });
  if (!locked) return null;
  // The lock must not keep a finished command-line tool alive.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as Socket).unref();
  let releasing = false;
  return {
    lost: exited.then(() => {
      if (releasing) return new Promise<void>(() => {});
    }),
    async release() {
      releasing = true;
      child.stdin.end();
      await exited;
    },
  };
}
