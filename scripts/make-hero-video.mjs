// Renders the home page's hero loop: a calm dawn sky with drifting light, made here from SVG
// frames (sharp) and encoded with ffmpeg (Debian's `ffmpeg`). The outputs are committed, so this
// runs only when the artwork changes:  node scripts/make-hero-video.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from './lib.mjs';

const WIDTH = 960;
const HEIGHT = 540;
const FPS = 24;
const SECONDS = 10;
const FRAMES = FPS * SECONDS;
const OUT = path.join(ROOT, 'apps/web/public/media');

/** Every moving part is periodic in the loop's length, so the last frame meets the first. */
function frame(i) {
  const phase = (i / FRAMES) * Math.PI * 2;
  const sunY = 300 + Math.sin(phase) * 6;
  const glow = 0.55 + Math.sin(phase) * 0.08;
  const clouds = [0, 1, 2, 3].map((k) => {
    const x = ((i / FRAMES + k / 4) % 1) * (WIDTH + 600) - 300;
    const y = 120 + k * 38 + Math.sin(phase + k) * 4;
    return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${170 + k * 25}" ry="${22 + k * 4}" fill="#fffaf2" opacity="${0.22 + k * 0.05}"/>`;
  });
  const motes = Array.from({ length: 14 }, (_, k) => {
    const t = (i / FRAMES + k / 14) % 1;
    const x = (k * 71) % WIDTH;
    const y = 470 - t * 260;
    const o = Math.sin(t * Math.PI) * 0.5;
    return `<circle cx="${(x + Math.sin(phase * 2 + k) * 12).toFixed(1)}" cy="${y.toFixed(1)}" r="${1.5 + (k % 3)}" fill="#fff6e0" opacity="${o.toFixed(3)}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8e86b5"/><stop offset="0.5" stop-color="#d9a7a0"/><stop offset="1" stop-color="#f6d9b8"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff4dc" stop-opacity="${glow.toFixed(3)}"/><stop offset="1" stop-color="#fff4dc" stop-opacity="0"/>
    </radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="14"/></filter>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <circle cx="${WIDTH / 2}" cy="${sunY.toFixed(1)}" r="260" fill="url(#sun)"/>
  <circle cx="${WIDTH / 2}" cy="${sunY.toFixed(1)}" r="46" fill="#fff7e6"/>
  <g filter="url(#soft)">${clouds.join('')}</g>
  <path d="M0 380 Q160 330 320 370 T640 360 T960 372 L960 540 L0 540 Z" fill="#7b75a0" opacity="0.85"/>
  <path d="M0 440 Q200 400 420 436 T960 430 L960 540 L0 540 Z" fill="#4a4670"/>
  ${motes.join('')}
</svg>`;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'rips-hero-'));
try {
  for (let i = 0; i < FRAMES; i++) {
    await sharp(Buffer.from(frame(i)))
      .png({ compressionLevel: 1 })
      .toFile(path.join(work, `f${String(i).padStart(4, '0')}.png`));
  }
  mkdirSync(OUT, { recursive: true });
  const input = [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    String(FPS),
    '-i',
    path.join(work, 'f%04d.png'),
  ];
  execFileSync('ffmpeg', [
    ...input,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-row-mt',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-an',
    path.join(OUT, 'hero-loop.webm'),
  ]);
  execFileSync('ffmpeg', [
    ...input,
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    path.join(OUT, 'hero-loop.mp4'),
  ]);
  await sharp(path.join(work, 'f0000.png'))
    .webp({ quality: 70 })
    .toFile(path.join(OUT, 'hero-poster.webp'));
  await sharp(path.join(work, 'f0000.png'))
    .resize(480)
    .webp({ quality: 65 })
    .toFile(path.join(OUT, 'hero-poster-480.webp'));
  for (const file of [
    'hero-loop.webm',
    'hero-loop.mp4',
    'hero-poster.webp',
    'hero-poster-480.webp',
  ]) {
    console.log(`${file}: ${(statSync(path.join(OUT, file)).size / 1024).toFixed(1)} KB`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
