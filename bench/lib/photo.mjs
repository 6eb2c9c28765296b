import sharp from 'sharp';

/**
 * A photo-like picture: soft blotches, fine grain and a colour cast. At 640 px its WebP weighs
 * about 40 KB, like a real family photo, so the page weight measured is the weight people get.
 */
export async function photo(seed) {
  const width = 1600;
  const height = 1200;
  const hue = (seed * 53) % 360;
  const coarse = await sharp({
    create: {
      width: 100,
      height: 75,
      channels: 3,
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const blotches = await sharp(coarse)
    .resize(width, height, { kernel: 'cubic' })
    .blur(3)
    .png()
    .toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 10 } },
  })
    .png()
    .toBuffer();
  const tint = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},45%,55%)"/></svg>`,
  );
  return sharp(blotches)
    .composite([
      { input: grain, blend: 'overlay' },
      { input: tint, blend: 'soft-light' },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}
