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

/** A minimal but well-formed one-page PDF, with a correct cross-reference table. */
export function pdfFile(filename = 'Order of service.pdf'): FilePart {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    '<< /Length 35 >>\nstream\nBT /F1 12 Tf 20 100 Td (Ada) Tj ET\nendstream',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { filename, contentType: 'application/pdf', body: Buffer.from(body) };
}
