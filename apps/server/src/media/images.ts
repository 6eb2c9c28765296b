import sharp, { type Metadata, type ResizeOptions, type Sharp, type SharpOptions } from 'sharp';
import { AppError } from '../errors.js';
import type { Semaphore } from '../lib/semaphore.js';

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
  /** What the picture is, for messages ("profile picture"); "image" by default. */
  name?: string;
}

/** Opens a pipeline on the uploaded bytes. A seam for tests, which count how often it is called. */
export type OpenImage = (input: Buffer | string, options: SharpOptions) => Sharp;

/** An uploaded picture: bytes in memory, or a spooled file that sharp reads itself. */
export type ImageSource = Buffer | { path: string; size: number };

/** How image work is run: `gate` bounds how many pictures are worked on at once (decision 0020). */
export interface ImageWork {
  gate: Semaphore;
  open?: OpenImage;
}

/**
 * Verifies that `input` really is a raster image (by decoding it, never by its name or header),
 * then re-encodes it as WebP at each width up to its own. Re-encoding drops EXIF, GPS and any
 * other metadata; the pixel limit stops decompression bombs before they are decoded.
 *
 * The original is decoded once, straight to the largest width (libvips shrinks while it decodes
 * where the format allows), and every smaller width is resized from that small raw copy: an
 * interlaced PNG, which must be decoded whole, is held in memory once, not once per width.
 */
export async function processImage(
  source: ImageSource,
  widths: readonly number[],
  limits: ImageLimits,
  work: ImageWork,
  options: { square?: boolean } = {},
): Promise<ProcessedImage> {
  const input = Buffer.isBuffer(source) ? source : source.path;
  const size = Buffer.isBuffer(source) ? source.length : source.size;
  if (size === 0) throw AppError.invalidFile('The file is empty.');
  if (size > limits.maxBytes) {
    throw AppError.tooLarge(`The image is larger than ${formatBytes(limits.maxBytes)}.`);
  }
  return work.gate.run(async () => {
    const open = work.open ?? sharp;
    const meta = await readHeader(open, input, limits);
    const swapped = (meta.orientation ?? 1) >= 5;
    const width = swapped ? meta.height! : meta.width!;
    const height = swapped ? meta.width! : meta.height!;
    // A square picture (an avatar) is cropped to each width exactly, even from a smaller original.
    const targets = options.square ? [...widths] : variantWidths(width, widths);
    const fit = (target: number): ResizeOptions =>
      options.square
        ? { width: target, height: target, fit: 'cover' }
        : { width: target, withoutEnlargement: true };
    try {
      const largest = Math.max(...targets);
      const decoded = await open(input, { limitInputPixels: limits.maxPixels, failOn: 'warning' })
        .rotate()
        .resize(fit(largest))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = {
        width: decoded.info.width,
        height: decoded.info.height,
        channels: decoded.info.channels,
      };
      const variants: ImageVariant[] = [];
      // One width after another: the work is bounded by the gate, not multiplied inside it.
      for (const target of [...targets].sort((a, b) => a - b)) {
        const pipeline = sharp(decoded.data, { raw });
        if (target !== largest) pipeline.resize(fit(target));
        const { data, info } = await pipeline
          .webp({ quality: 78, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        variants.push({ width: info.width, height: info.height, body: data });
      }
      return { width, height, variants };
    } catch {
      throw notAnImage();
    }
  });
}

/** Reads the header only (no pixels) and refuses what is not a picture we accept. */
async function readHeader(
  open: OpenImage,
  input: Buffer | string,
  limits: ImageLimits,
): Promise<Metadata> {
  let meta: Metadata;
  try {
    // The pixel limit is checked below, with a message that names it; decoding enforces it again.
    meta = await open(input, { limitInputPixels: false, failOn: 'warning' }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw notAnImage();
  }
  if (meta.width * meta.height > limits.maxPixels) {
    throw AppError.invalidFile(
      `The ${limits.name ?? 'image'} has too many pixels (at most ${formatPixels(limits.maxPixels)}). Please use a smaller image.`,
    );
  }
  if (meta.width > MAX_SIDE || meta.height > MAX_SIDE) {
    throw AppError.invalidFile(
      `The image is too wide or too tall (at most ${MAX_SIDE} pixels a side).`,
    );
  }
  return meta;
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
  const gb = 1024 * 1024 * 1024;
  if (bytes >= gb) return `${Number((bytes / gb).toFixed(1))} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

export function formatPixels(pixels: number): string {
  if (pixels < 1_000_000) return `${pixels.toLocaleString('en-US')} pixels`;
  const megapixels = Number((pixels / 1_000_000).toFixed(1));
  return `${megapixels} megapixel${megapixels === 1 ? '' : 's'}`;
}
