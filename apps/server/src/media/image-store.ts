import { randomUUID } from 'node:crypto';
import type { Storage } from '../storage/storage.js';
import { processImage, type ImageLimits } from './images.js';

/** What the database keeps of a stored picture. */
export interface StoredImage {
  imageKey: string;
  imageWidths: number[];
  imageWidth: number;
  imageHeight: number;
}

export type ImageKind = 'avatars' | 'memorials' | 'flowers' | 'photos' | 'memorabilia';

export const IMAGE_WIDTHS: Record<ImageKind, readonly number[]> = {
  avatars: [96, 256],
  memorials: [320, 640, 960, 1440],
  flowers: [160, 320, 640],
  photos: [320, 640, 960, 1440],
  memorabilia: [320, 640, 960, 1440],
};

export function newStorageKey(kind: string): string {
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${kind}/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

/**
 * Verifies, re-encodes and stores an uploaded picture under a new server-made key.
 * The caller removes `imageKey` again if its database write fails.
 */
export async function storeImage(
  storage: Storage,
  kind: ImageKind,
  input: Buffer,
  limits: ImageLimits,
): Promise<StoredImage> {
  const image = await processImage(input, IMAGE_WIDTHS[kind], limits, {
    square: kind === 'avatars',
  });
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
  };
}
