import sharp from 'sharp';
import type { FilePart } from './multipart.js';

export async function pngFile(width = 64, height = 48, color = '#8fb8cc'): Promise<FilePart> {
  const body = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { filename: 'picture.png', contentType: 'image/png', body };
}

export async function jpegFile(width = 800, height = 600): Promise<FilePart> {
  const body = await sharp({ create: { width, height, channels: 3, background: '#c98f86' } })
    .jpeg()
    .toBuffer();
  return { filename: 'photo.jpg', contentType: 'image/jpeg', body };
}

/** A PNG carrying EXIF with GPS coordinates, as phones write them. */
export async function pngWithGps(): Promise<FilePart> {
  const body = await sharp({
    create: { width: 320, height: 200, channels: 3, background: '#6f9a86' },
  })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Rips 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .png()
    .toBuffer();
  return { filename: 'gps.png', contentType: 'image/png', body };
}

export function textAsPng(): FilePart {
  return {
    filename: 'avatar.png',
    contentType: 'image/png',
    body: Buffer.from('this is not an image\n'),
  };
}
