import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { Semaphore } from '../lib/semaphore.js';
import { processImage, type OpenImage } from './images.js';

const LIMITS = { maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 };

const png = (width: number, height: number, interlace = false) =>
  sharp({ create: { width, height, channels: 3, background: '#7a9cb5' } })
    .png({ progressive: interlace })
    .toBuffer();

/**
 * Opens pipelines through sharp, counting how often the original is opened and how many of
 * those pipelines work at the same moment.
 */
function countingOpen() {
  const seen = { opens: 0, active: 0, peak: 0 };
  const open: OpenImage = (input, options) => {
    seen.opens += 1;
    const pipeline: Sharp = sharp(input, options);
    for (const method of ['toBuffer', 'metadata'] as const) {
      const original = pipeline[method].bind(pipeline) as (...args: unknown[]) => Promise<unknown>;
      (pipeline as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        seen.active += 1;
        seen.peak = Math.max(seen.peak, seen.active);
        try {
          return await original(...args);
        } finally {
          seen.active -= 1;
        }
      };
    }
    return pipeline;
  };
  return { seen, open };
}

describe('processImage', () => {
  it('decodes the original once, however many widths it makes', async () => {
    const { seen, open } = countingOpen();
    const image = await processImage(await png(2000, 1500, true), [320, 640, 960, 1440], LIMITS, {
      gate: new Semaphore(1),
      open,
    });
    // One look at the header, one decode of the pixels: not one decode per width.
    expect(seen.opens).toBe(2);
    expect(image.width).toBe(2000);
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [640, 480],
      [960, 720],
      [1440, 1080],
    ]);
    for (const variant of image.variants) {
      const meta = await sharp(variant.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'webp',
        variant.width,
        variant.height,
      ]);
    }
  });

  it('crops a square picture to every width from the one decode', async () => {
    const { seen, open } = countingOpen();
    const image = await processImage(
      await png(900, 500),
      [96, 256],
      LIMITS,
      { gate: new Semaphore(1), open },
      { square: true },
    );
    expect(seen.opens).toBe(2);
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [96, 96],
      [256, 256],
    ]);
  });

  it.each([1, 2])('never works on more than %i image(s) at once', async (limit) => {
    const { seen, open } = countingOpen();
    const input = await png(1600, 1200);
    const work = { gate: new Semaphore(limit), open };
    const images = await Promise.all(
      Array.from({ length: 5 }, () => processImage(input, [320, 640, 1440], LIMITS, work)),
    );
    expect(images).toHaveLength(5);
    expect(seen.opens).toBeGreaterThanOrEqual(10);
    expect(seen.peak).toBe(limit);
  });

  it('names the pixel limit when a picture has too many pixels', async () => {
    await expect(
      processImage(
        await png(1200, 1000),
        [320],
        { maxBytes: LIMITS.maxBytes, maxPixels: 1_000_000 },
        {
          gate: new Semaphore(1),
        },
      ),
    ).rejects.toMatchObject({ statusCode: 422, message: expect.stringMatching(/1 megapixel/) });
  });
});
