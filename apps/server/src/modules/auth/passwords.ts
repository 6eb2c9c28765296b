import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from '../../lib/semaphore.js';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. Runs on libuv's pool, off the event loop.
const ARGON2ID = 2; // Algorithm.Argon2id, a const enum that isolated modules cannot read
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashing is deliberately expensive. Left unbounded, a burst of logins runs one hash per libuv
 * thread and takes every core from the event loop; one core is always left to serve requests.
 */
const hashing = new Semaphore(Math.max(1, availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** A hash to verify against when no account matched, so both answers take the same time. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
}
