import type { Storage } from '../src/storage/storage.js';

/** The bytes stored under `key`, or null when nothing is stored there. */
export async function readStored(storage: Storage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
