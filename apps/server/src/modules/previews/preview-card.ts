import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { AppContext } from '../../context.js';
import { longDate } from '../archives/archive-html.js';
import { AppError } from '../../errors.js';
import {
  findVisibleMemorial,
  isIndexable,
  MEMORIAL_NOT_FOUND,
  type MemorialRow,
} from '../memorials/memorials.policy.js';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
const BACKGROUND = '#f4f1ea';
const INK = '#2f3437';
const MUTED = '#5b6166';
const PORTRAIT = 400;
const MARGIN = 80;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits a name into at most `lines` lines of about `width` characters, the last cut with "…". */
export function wrapText(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) {
      line = next;
      continue;
    }
    out.push(line);
    line = word;
  }
  if (line) out.push(line);
  if (out.length <= lines)
    return out.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

/** The text half of the card as SVG: generic serif (DejaVu Serif here), available offline. */
function textSvg(memorial: MemorialRow, left: number): Buffer {
  const width = PREVIEW_WIDTH - left - MARGIN / 2;
  // About 18 characters of DejaVu Serif at 54 px fit the text half's 600 px.
  const name = wrapText(memorial.title, 18, 3);
  const dates = [longDate(memorial.dateOfBirth), longDate(memorial.deathDate)]
    .filter(Boolean)
    .join(' – ');
  const size = name.length > 2 ? 48 : 54;
  const nameTop = PREVIEW_HEIGHT / 2 - ((name.length - 1) * size * 1.15) / 2 - (dates ? 20 : 0);
  const lines = name
    .map(
      (l, i) =>
        `<text x="0" y="${nameTop + i * size * 1.15}" font-size="${size}" fill="${INK}">${escapeXml(l)}</text>`,
    )
    .join('');
  const dateLine = dates
    ? `<text x="0" y="${nameTop + (name.length - 1) * size * 1.15 + 64}" font-size="28" fill="${MUTED}">${escapeXml(dates)}</text>`
    : '';
  const place = memorial.birthPlace
    ? `<text x="0" y="${nameTop + (name.length - 1) * size * 1.15 + 110}" font-size="26" fill="${MUTED}">${escapeXml(wrapText(memorial.birthPlace, 36, 1)[0] ?? '')}</text>`
    : '';
  const rule = `<rect x="0" y="${PREVIEW_HEIGHT - 92}" width="120" height="3" fill="#c9bfa8"/><text x="0" y="${PREVIEW_HEIGHT - 52}" font-size="22" fill="${MUTED}">In loving memory</text>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${PREVIEW_HEIGHT}"><g font-family="DejaVu Serif, serif">${lines}${dateLine}${place}${rule}</g></svg>`,
  );
}

/** The portrait, cropped square with rounded corners, or null when the memorial has none. */
async function portrait(ctx: AppContext, memorial: MemorialRow): Promise<Buffer | null> {
  if (!memorial.imageKey || !memorial.imageWidths.length) return null;
  const width = memorial.imageWidths.find((w) => w >= PORTRAIT) ?? memorial.imageWidths.at(-1)!;
  const stored = await ctx.storage.get(`${memorial.imageKey}/${width}.webp`);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT}" height="${PORTRAIT}"><rect width="${PORTRAIT}" height="${PORTRAIT}" rx="24" ry="24"/></svg>`,
  );
  return sharp(Buffer.concat(chunks))
    .resize(PORTRAIT, PORTRAIT, { fit: 'cover' })
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** Draws the 1,200×630 card: the portrait, the name and the dates on the site's calm background. */
export async function renderPreviewCard(ctx: AppContext, memorial: MemorialRow): Promise<Buffer> {
  const picture = await portrait(ctx, memorial);
  const top = (PREVIEW_HEIGHT - PORTRAIT) / 2;
  const textLeft = picture ? MARGIN + PORTRAIT + 60 : MARGIN + 20;
  const layers: OverlayOptions[] = [{ input: textSvg(memorial, textLeft), left: textLeft, top: 0 }];
  if (picture) layers.unshift({ input: picture, left: MARGIN, top });
  return sharp({
    create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: BACKGROUND },
  })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * The card of a memorial anyone may see, from the cache when it was drawn since the memorial last
 * changed (its key holds `updatedAt`, so an edit makes a new one and the old goes). Not found for a
 * memorial a visitor who is not signed in may not see: previews are for sharing in public.
 */
export async function previewCard(ctx: AppContext, memorialId: string): Promise<Buffer> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, null);
  // Only a public memorial its family left indexable shows its person in link previews.
  if (!isIndexable(memorial)) throw AppError.notFound(MEMORIAL_NOT_FOUND);
  const dir = path.join(ctx.config.dataDir, 'cache', 'previews');
  const file = path.join(dir, `${memorial.id}-${memorial.updatedAt.getTime()}.png`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return cached;
  const png = await ctx.imageWork.run(() => renderPreviewCard(ctx, memorial));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Written whole then renamed, so a reader never sees half a card; older cards of it go.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, png, { mode: 0o600 });
  await rename(temp, file);
  for (const old of await readdir(dir)) {
    if (
      old.startsWith(`${memorial.id}-`) &&
      path.join(dir, old) !== file &&
      !old.endsWith('.tmp')
    ) {
      await rm(path.join(dir, old), { force: true });
    }
  }
  return png;
}
