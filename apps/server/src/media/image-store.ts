import { randomUUID } from 'node:crypto';
import type { Storage } from '../storage/storage.js';
import { processImage, type ImageSource, type ImageWork } from './images.js';

/** What the database keeps of a stored picture. */
export interface StoredImage {
  imageKey: string;
  imageWidths: number[];
  imageWidth: number;
  imageHeight: number;
  /** Bytes stored for all its variants. */
  byteSize: number;
}

/** Everything `storeImage` needs to know about limits, from the configuration. */
export interface ImageSettings extends ImageWork {
  maxBytes: number;
  maxPixels: number;
  /** Lower pixel caps for some kinds (avatars and flowers are only ever shown small). */
  maxPixelsFor: Partial<Record<ImageKind, number>>;
}

export type ImageKind = 'avatars' | 'memorials' | 'flowers' | 'photos' | 'memorabilia';

export const IMAGE_WIDTHS: Record<ImageKind, readonly number[]> = {
  avatars: [96, 256],
  memorials: [320, 640, 960, 1440],
  flowers: [160, 320, 640],
  photos: [320, 640, 960, 1440],
  memorabilia: [320, 640, 960, 1440],
};

/** How a message names each kind of picture. */
const IMAGE_NAMES: Record<ImageKind, string> = {
  avatars: 'profile picture',
  memorials: 'image',
  flowers: 'flower picture',
  photos: 'photo',
  memorabilia: 'image',
};

export function newStorageKey(kind: string): string {
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${kind}/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

/**
 * Verifies, re-encodes and stores an uploaded picture under a new server-made key.
 * `admit` sees the bytes about to be stored and may refuse them (an upload quota) before any is
 * written. The caller removes `imageKey` again if its database write fails.
 */
export async function storeImage(
  storage: Storage,
  kind: ImageKind,
  input: ImageSource,
  settings: ImageSettings,
  admit?: (byteSize: number) => Promise<void>,
): Promise<StoredImage> {
  const limits = {
    maxBytes: settings.maxBytes,
    maxPixels: settings.maxPixelsFor[kind] ?? settings.maxPixels,
    name: IMAGE_NAMES[kind],
  };
  const image = await processImage(input, IMAGE_WIDTHS[kind], limits, settings, {
    square: kind === 'avatars',
  });
  const byteSize = image.variants.reduce((sum, v) => sum + v.body.length, 0);
  await admit?.(byteSize);
  const imageKey = newStorageKey(kind);
  try {
    for (const variant of image.variants) {
      await storage.put(`${imageKey}/${variant.width}.webp`, variant.body);
    }
  } catch (error) {
    await storage.deletePrefix(imageKey);
    throw error;
  }
  return {
    imageKey,
    imageWidths: image.variants.map((v) => v.width),
    imageWidth: image.width,
    imageHeight: image.height,
    byteSize,
  };
}
