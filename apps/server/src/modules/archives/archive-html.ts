import {
  capitalized,
  KIND_LIST,
  kindsHeading,
  type ArchiveDisplay,
  type KindSpec,
} from '@rips/shared/kinds';
import { BOUQUET_SIZE, findBouquet } from '@rips/shared/tributes';
import { EVENT_KIND_NAMES, localDateText, localTimeText } from '@rips/shared/events';
import { CHARITY_NO_MONEY_NOTE, momentDateIso, momentDateText } from '@rips/shared/timeline';
import type {
  ArchiveCharity,
  ArchiveEvent,
  ArchiveMoment,
  ArchiveFile,
  ArchiveItemBase,
  ArchivePicture,
  MemorialArchive,
} from './archive-format.js';

/** Text into HTML, attribute-safe. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The spec's long US date: "January 5, 1950". */
export function longDate(value: string | null): string {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A relative path as an href: each segment encoded, so the page opens from any folder. */
const href = (path: string) => path.split('/').map(encodeURIComponent).join('/');

function picture(p: ArchivePicture, alt: string, sizes: string): string {
  const sorted = [...p.variants].sort((a, b) => a.width - b.width);
  const src = (sorted.find((v) => v.width >= 640) ?? sorted[sorted.length - 1]!).path;
  const largest = sorted[sorted.length - 1]!.path;
  const srcset = sorted.map((v) => `${href(v.path)} ${v.width}w`).join(', ');
  return `<a href="${href(largest)}"><img src="${href(src)}" srcset="${srcset}" sizes="${sizes}" width="${p.width}" height="${p.height}" alt="${escapeHtml(alt)}" loading="lazy"></a>`;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:Georgia,'Times New Roman',serif;background:#f4f1ea;color:#2f3437;line-height:1.6}
main{max-width:960px;margin:0 auto;padding:32px 20px 64px}
header.memorial{display:grid;gap:24px;grid-template-columns:minmax(0,320px) 1fr;align-items:start;background:#fffdf8;border:1px solid #e3ddd0;border-radius:12px;padding:24px}
@media (max-width:640px){header.memorial{grid-template-columns:1fr}}
header.memorial img{width:100%;height:auto;border-radius:8px;display:block}
h1{font-size:2rem;margin:0 0 4px;font-weight:normal}
h2{font-size:1.3rem;font-weight:normal;border-bottom:1px solid #d8d1c1;padding-bottom:4px;margin:40px 0 16px}
.dates{font-size:1.1rem;color:#5b6166;margin:0 0 12px}
.poster-line{font-style:italic;margin:0 0 12px}
figcaption .caption{color:#2f3437;font-size:.95rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 16px;margin:12px 0}
dt{color:#6b7176}dd{margin:0}
.description{white-space:pre-wrap}
.tags span{display:inline-block;background:#e8e2d4;border-radius:999px;padding:0 10px;margin:2px 4px 2px 0;font-size:.9rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px}
figure{margin:0;background:#fffdf8;border:1px solid #e3ddd0;border-radius:8px;padding:8px}
figure img{width:100%;height:auto;border-radius:4px;display:block}
figcaption,.by{font-size:.85rem;color:#6b7176}
.prayer{background:#fffdf8;border:1px solid #e3ddd0;border-radius:8px;padding:12px 16px;margin:0 0 12px}
.prayer p{margin:0 0 4px;white-space:pre-wrap}
.bouquet{display:flex;align-items:center;justify-content:center;aspect-ratio:1;background:#efe9dc;border-radius:4px;font-size:1.1rem;text-align:center;padding:8px}
ul.documents{padding-left:20px}
.empty{color:#6b7176;font-style:italic}
ol.timeline{list-style:none;padding:0;margin:0;border-left:2px solid #d8d1c1}
ol.timeline li{padding:0 0 16px 16px}
ol.timeline time{display:block;font-size:1.1rem;color:#5b6166}
ol.timeline .place,.charity .number{color:#6b7176;font-size:.9rem}
ol.timeline p{margin:4px 0 0;white-space:pre-wrap}
ul.charities{padding-left:20px}
footer{margin-top:48px;font-size:.85rem;color:#6b7176;border-top:1px solid #d8d1c1;padding-top:12px}
`;

const leftBy = (item: ArchiveItemBase) =>
  `<span class="by">Left By ${escapeHtml(item.author.fullName)} · On ${longDate(item.createdAt)}</span>`;

type Item = ArchiveItemBase & Record<string, unknown>;

function section(title: string, items: Item[], empty: string, render: (items: Item[]) => string) {
  return `<section><h2>${escapeHtml(title)}</h2>${items.length ? render(items) : `<p class="empty">${escapeHtml(empty)}</p>`}</section>`;
}

/** An item's text field, or '' when it has none. */
const textOf = (item: Item, field: string) =>
  typeof item[field] === 'string' ? (item[field] as string) : '';

function gallery(items: Item[], what: string): string {
  return `<div class="grid">${items
    .map((item) => {
      const name = textOf(item, 'name');
      const caption = textOf(item, 'caption');
      const date = longDate(textOf(item, 'date') || null);
      const shown = item.picture
        ? picture(
            item.picture,
            caption || (name ? `${what} shared by ${name}` : what),
            '(max-width: 640px) 100vw, 300px',
          )
        : `<div class="bouquet">${escapeHtml(what)} (file missing)</div>`;
      const told = [
        caption ? `<span class="caption">${escapeHtml(caption)}</span>` : '',
        date ? `<span class="date">${escapeHtml(date)}</span>` : '',
        name ? escapeHtml(name) : '',
      ].filter(Boolean);
      return `<figure>${shown}<figcaption>${told.map((t) => `${t}<br>`).join('')}${leftBy(item)}</figcaption></figure>`;
    })
    .join('')}</div>`;
}

/** The archive's own copy of each shipped bouquet's picture, by bouquet id. */
export type BouquetPictures = Record<string, string>;

function flowers(items: Item[], bouquets: BouquetPictures): string {
  return `<div class="grid">${items
    .map((item) => {
      const bouquet = findBouquet(textOf(item, 'bouquet'));
      const copy = bouquet ? bouquets[bouquet.id] : undefined;
      const shown = item.picture
        ? picture(item.picture, 'A flower', '(max-width: 640px) 100vw, 200px')
        : bouquet && copy
          ? `<img src="${href(copy)}" width="${BOUQUET_SIZE}" height="${BOUQUET_SIZE}" alt="${escapeHtml(bouquet.name)}" loading="lazy">`
          : `<div class="bouquet">${escapeHtml(bouquet?.name ?? 'A bouquet')}</div>`;
      return `<figure>${shown}<figcaption>${bouquet ? `${escapeHtml(bouquet.name)}<br>` : ''}${leftBy(item)}</figcaption></figure>`;
    })
    .join('')}</div>`;
}

/** Words left on a memorial (a prayer): the archive keeps them in the item's `text` field. */
function texts(items: Item[]): string {
  return items
    .map(
      (item) =>
        `<div class="prayer"><p>${escapeHtml(String(item['text'] ?? ''))}</p>${leftBy(item)}</div>`,
    )
    .join('');
}

function documents(items: Item[]): string {
  return `<ul class="documents">${items
    .map((item) => {
      const file = item.file as ArchiveFile | null | undefined;
      const fileName = textOf(item, 'fileName');
      const title = textOf(item, 'title');
      const label = escapeHtml(title || fileName || 'Document');
      const link = file
        ? `<a href="${href(file.path)}" download>${label}</a>`
        : `${label} (file missing)`;
      const named = title && fileName ? ` <span class="by">(${escapeHtml(fileName)})</span>` : '';
      return `<li>${link}${named} ${leftBy(item)}</li>`;
    })
    .join('')}</ul>`;
}

/** How each way of showing a kind renders its items (`KindSpec.archive`). */
const DISPLAYS: Record<
  ArchiveDisplay,
  (items: Item[], kind: KindSpec, bouquets: BouquetPictures) => string
> = {
  flower: (list, _kind, bouquets) => flowers(list, bouquets),
  text: (list) => texts(list),
  picture: (list, kind) => gallery(list, capitalized(kind.noun)),
  document: (list) => documents(list),
};

/** One kind's section, drawn from the shared list of kinds: every kind has one. */
function kindSection(kind: KindSpec, items: Item[], bouquets: BouquetPictures): string {
  return section(kindsHeading([kind]), items, `No ${kind.plural} yet.`, (list) =>
    DISPLAYS[kind.archive](list, kind, bouquets),
  );
}

/** The life timeline, in the date order the archive keeps. */
function timelineSection(moments: ArchiveMoment[]): string {
  if (moments.length === 0) return '';
  const entries = moments
    .map(
      (m) =>
        `<li><time datetime="${momentDateIso(m)}">${escapeHtml(momentDateText(m))}</time><strong>${escapeHtml(m.title)}</strong>${m.place ? ` <span class="place">${escapeHtml(m.place)}</span>` : ''}${m.text ? `<p>${escapeHtml(m.text)}</p>` : ''}</li>`,
    )
    .join('');
  return `<section><h2>Life</h2><ol class="timeline">${entries}</ol></section>`;
}

/** The services and events, each at its time in its own zone, and where. */
function eventsSection(events: ArchiveEvent[]): string {
  if (events.length === 0) return '';
  const entries = events
    .map((e) => {
      const place = [e.placeName, e.placeAddress].filter(Boolean).join(', ');
      const when = `${localDateText(e.startsLocal)}, ${localTimeText(e.startsLocal)} (${e.timeZone} time)`;
      return `<li><time datetime="${escapeHtml(e.startsLocal)}">${escapeHtml(when)}</time> <strong>${escapeHtml(e.title)}</strong> <span class="place">${escapeHtml(EVENT_KIND_NAMES[e.kind])}${place ? `, ${escapeHtml(place)}` : ''}</span>${e.notes ? `<p>${escapeHtml(e.notes)}</p>` : ''}${e.recordingUrl ? `<p><a href="${escapeHtml(e.recordingUrl)}" rel="noopener noreferrer">Recording</a></p>` : ''}</li>`;
    })
    .join('');
  return `<section><h2>Services and events</h2><ol class="timeline">${entries}</ol></section>`;
}

/** The charities named in lieu of flowers; the links lead to their own sites. */
function charitiesSection(charities: ArchiveCharity[]): string {
  if (charities.length === 0) return '';
  const entries = charities
    .map(
      (c) =>
        `<li class="charity"><a href="${escapeHtml(c.url)}" rel="noopener noreferrer">${escapeHtml(c.name)}</a>${c.registeredNumber ? ` <span class="number">Registered charity ${escapeHtml(c.registeredNumber)}</span>` : ''}${c.reason ? `<br>${escapeHtml(c.reason)}` : ''}</li>`,
    )
    .join('');
  return `<section><h2>In lieu of flowers</h2><ul class="charities">${entries}</ul><p>${escapeHtml(CHARITY_NO_MONEY_NOTE)}</p></section>`;
}

/**
 * The memorial as one static page that opens from disk: no script, no network, styles inline,
 * every picture and document linked by a path relative to the page.
 */
export function renderArchivePage(
  archive: MemorialArchive,
  bouquets: BouquetPictures = {},
): string {
  const m = archive.memorial;
  const items = archive.items as Record<string, Item[]>;
  const dates = [longDate(m.dateOfBirth), longDate(m.deathDate)].filter(Boolean).join(' – ');
  const facts: [string, string][] = [
    ['Born', [longDate(m.dateOfBirth), m.birthPlace].filter(Boolean).join(', ')],
    ['Died', longDate(m.deathDate)],
    ['Burial', m.burial],
    ['Plot', m.plot],
    ['Sponsored by', m.sponsor.fullName],
  ];
  const portrait = m.picture
    ? picture(m.picture, `Portrait of ${m.title}`, '(max-width: 640px) 100vw, 320px')
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(m.title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<header class="memorial">
<div>${portrait}</div>
<div>
<h1>${escapeHtml(m.title)}</h1>
${dates ? `<p class="dates">${escapeHtml(dates)}</p>` : ''}
${m.posterLine ? `<p class="poster-line">${escapeHtml(m.posterLine)}</p>` : ''}
<dl>${facts
    .filter(([, value]) => value)
    .map(([label, value]) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('')}</dl>
${m.description ? `<p class="description">${escapeHtml(m.description)}</p>` : ''}
${m.tags.length ? `<p class="tags">${m.tags.map((t) => `<span>${escapeHtml(t)}</span>`).join('')}</p>` : ''}
</div>
</header>
${timelineSection(m.timeline)}
${eventsSection(m.events)}
${charitiesSection(m.charities)}
${KIND_LIST.map((kind) => kindSection(kind, items[kind.path] ?? [], bouquets)).join('\n')}
<footer>Kept from ${escapeHtml(archive.source)} on ${longDate(archive.exportedAt)}. Everything in this folder belongs to the family: memorial.json holds every field, media/ every file, manifest.json the checksum of each.</footer>
</main>
</body>
</html>
`;
}
