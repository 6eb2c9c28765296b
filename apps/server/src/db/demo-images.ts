import sharp from 'sharp';

interface Palette {
  sky: [string, string, string];
  sun: string;
  far: string;
  near: string;
  water?: string;
}

/** Calm landscapes drawn here, so the demo needs no downloaded pictures. */
// prettier-ignore
export const DEMO_PALETTES: Palette[] = [
  { sky: ['#f6d5b8', '#e9a88f', '#8f7aa8'], sun: '#fff1d6', far: '#7d6f97', near: '#4d4868' },
  { sky: ['#d9ecf2', '#a9cfe0', '#6f9fbf'], sun: '#fdfbf3', far: '#6b8fa5', near: '#3f5f73', water: '#8fb8cc' },
  { sky: ['#fbe9d0', '#f3c9a0', '#c98f86'], sun: '#fff7e8', far: '#a77f7c', near: '#6c5558' },
  { sky: ['#e4efe3', '#bcd8c1', '#7fa99a'], sun: '#fbfdf6', far: '#6f9a86', near: '#3e6356' },
  { sky: ['#ece6f3', '#c9bddf', '#8e86b5'], sun: '#fffaf0', far: '#7b75a0', near: '#4a4670', water: '#a59fc9' },
  { sky: ['#f3ead9', '#dcc7a4', '#a89276'], sun: '#fffdf5', far: '#8d7b64', near: '#5c4f41' },
];

function hills(y: number, amplitude: number, seed: number, width: number): string {
  let d = `M0 ${y}`;
  for (let x = 0; x <= width; x += width / 8) {
    const wave = Math.sin((x / width) * Math.PI * 2 + seed) * amplitude;
    d += ` Q${x + width / 16} ${y + wave - amplitude / 2} ${x + width / 8} ${y + wave}`;
  }
  return `${d} L${width} 800 L0 800 Z`;
}

export function landscapeSvg(index: number, width = 1200, height = 800): string {
  const p = DEMO_PALETTES[index % DEMO_PALETTES.length]!;
  const water = p.water
    ? `<rect x="0" y="560" width="${width}" height="240" fill="${p.water}" opacity="0.85"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} 800" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.sky[2]}"/><stop offset="0.55" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[0]}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${p.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="800" fill="url(#sky)"/>
  <circle cx="${width * (0.3 + (index % 3) * 0.2)}" cy="430" r="260" fill="url(#glow)"/>
  <circle cx="${width * (0.3 + (index % 3) * 0.2)}" cy="430" r="70" fill="${p.sun}"/>
  <path d="${hills(470, 60, index, width)}" fill="${p.far}" opacity="0.8"/>
  ${water}
  <path d="${hills(600, 40, index + 2, width)}" fill="${p.near}"/>
</svg>`;
}

export function landscapePng(index: number, width?: number, height?: number): Promise<Buffer> {
  return sharp(Buffer.from(landscapeSvg(index, width, height)))
    .png()
    .toBuffer();
}
