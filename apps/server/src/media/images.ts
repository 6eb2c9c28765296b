import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors.js';

sharp.cache(false);

/** No camera makes wider pictures; a 100000×1 "image" is an attack on the resizer, not a photo. */
const MAX_SIDE = 16_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
export const IMAGE_TYPES_TEXT = 'JPEG, PNG, WebP, GIF or AVIF';

export interface ImageVariant {
  width: number;
  height: number;
  body: Buffer;
}

export interface ProcessedImage {
  width: number;
  height: number;
  variants: ImageVariant[];
}

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

/**
 * Verifies that `input` really is a raster image (by decoding it, never by its name or header),
 * then re-encodes it as WebP at each width up to its own. Re-encoding drops EXIF, GPS and any
 * other metadata; the pixel limit stops decompression bombs before they are decoded.
 */
export async function processImage(
  input: Buffer,
  widths: readonly number[],
  limits: ImageLimits,
  options: { square?: boolean } = {},
): Promise<ProcessedImage> {
  if (input.length === 0) throw AppError.invalidFile('The file is empty.');
  if (input.length > limits.maxBytes) {
    throw AppError.tooLarge(`The image is larger than ${formatBytes(limits.maxBytes)}.`);
  }
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'warning' }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw notAnImage();
  }
  if (meta.width * meta.height > limits.maxPixels) {
    throw AppError.invalidFile('The image has too many pixels. Please use a smaller image.');
  }
  if (meta.width > MAX_SIDE || meta.height > MAX_SIDE) {
    throw AppError.invalidFile(
      `The image is too wide or too tall (at most ${MAX_SIDE} pixels a side).`,
    );
  }
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  // A square picture (an avatar) is cropped to each width exactly, even from a smaller original.
  const targets = options.square ? [...widths] : variantWidths(width, widths);
  try {
    const variants = await Promise.all(
      targets.map(async (target) => {
        const { data, info } = await sharp(input, {
          limitInputPixels: limits.maxPixels,
          failOn: 'warning',
        })
          .rotate()
          .resize(
            options.square
              ? { width: target, height: target, fit: 'cover' }
              : { width: target, withoutEnlargement: true },
          )
          .webp({ quality: 78, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, body: data };
      }),
    );
    return { width, height, variants };
  } catch {
    throw notAnImage();
  }
}

/** The requested widths that fit the image, or its own width when it is smaller than all. */
export function variantWidths(width: number, widths: readonly number[]): number[] {
  const fitting = widths.filter((w) => w <= width);
  return fitting.length > 0 ? fitting : [width];
}

function notAnImage() {
  return AppError.invalidFile(
    `The file is not a valid image. Please choose a ${IMAGE_TYPES_TEXT} picture.`,
  );
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}
