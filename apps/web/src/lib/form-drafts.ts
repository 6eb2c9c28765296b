import { getSession } from './session';

/*
 * Unfinished writing (a prayer, a life story, legacy entries) kept on this device, so a closed
 * tab, a crash or a lost connection never throws it away. A draft belongs to the member who
 * wrote it (its key carries their id) and all of a member's drafts go when they sign out, so the
 * next person at a shared computer never sees them. Chosen files are never kept: only text.
 */
const PREFIX = 'rips:draft:';
/** A draft older than this is no longer "unfinished writing" but forgotten: it is dropped. */
const MAX_AGE_MS = 30 * 24 * 3_600_000;

export interface StoredDraft<V> {
  savedAt: number;
  values: Partial<V>;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function fullKey(key: string): string {
  return `${PREFIX}${getSession()?.user._id ?? 'guest'}:${key}`;
}

/** Files and pictures cannot be stored as text: they are left out (arrays keep their length). */
function withoutFiles(_key: string, value: unknown): unknown {
  return typeof Blob !== 'undefined' && value instanceof Blob ? undefined : value;
}

export function readDraft<V>(key: string): StoredDraft<V> | null {
  const store = storage();
  const raw = store?.getItem(fullKey(key));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as StoredDraft<V>;
    if (typeof draft.savedAt !== 'number' || Date.now() - draft.savedAt > MAX_AGE_MS) {
      store?.removeItem(fullKey(key));
      return null;
    }
    return draft;
  } catch {
    store?.removeItem(fullKey(key));
    return null;
  }
}

export function writeDraft<V>(key: string, values: V): void {
  try {
    storage()?.setItem(fullKey(key), JSON.stringify({ savedAt: Date.now(), values }, withoutFiles));
  } catch {
    // A full or blocked storage: the form still holds the text; only the safety net is missing.
  }
}

export function removeDraft(key: string): void {
  storage()?.removeItem(fullKey(key));
}

/** Every draft of the device's members (sign-out). */
export function clearDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
