import sharp from 'sharp';
import type { AppContext } from '../../context.js';

/** A stored picture: its key and the widths of its WebP variants. */
export interface StoredPicture {
  imageKey: string | null;
  imageWidths: number[] | null;
}

/**
 * A stored picture as JPEG for a PDF (pdfkit reads JPEG and PNG, the store keeps WebP): the
 * stored variant closest above `printWidth` pixels wide, else the largest, never the original.
 * Only that variant is read, and it is converted in the image pool. A picture gone from the store
 * gives null, so the poster or book is made without it rather than failing.
 */
export async function printPicture(
  ctx: AppContext,
  stored: StoredPicture,
  printWidth: number,
): Promise<Buffer | null> {
  const widths = [...(stored.imageWidths ?? [])].sort((a, b) => a - b);
  if (!stored.imageKey || widths.length === 0) return null;
  const width = widths.find((w) => w >= printWidth) ?? widths[widths.length - 1]!;
  const object = await ctx.storage.get(`${stored.imageKey}/${width}.webp`);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return ctx.imageWork.run(() =>
    sharp(Buffer.concat(chunks))
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}
