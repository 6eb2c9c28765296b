import { longDate } from '../archives/archive-html.js';

/** What a memorial page's head says of it; the caller decides `listed` (public and indexable). */
export interface MemorialHeadInput {
  id: string;
  title: string;
  description: string;
  birthPlace: string;
  dateOfBirth: string | null;
  deathDate: string | null;
  /** Whether the memorial has a picture (the preview card shows it). */
  hasPicture: boolean;
  /** Public and indexable: only then do tags carry the person's details. */
  listed: boolean;
}

export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attributes: Record<string, string> }
  | { tag: 'link'; attributes: Record<string, string> }
  | { tag: 'script'; attributes: Record<string, string>; json: unknown };

const SITE_NAME = 'Rips Memorial';

/** "January 5, 1950 – March 2, 2020", or whichever date is known. */
export function lifeDates(dateOfBirth: string | null, deathDate: string | null): string {
  const born = longDate(dateOfBirth);
  const died = longDate(deathDate);
  if (born && died) return `${born} – ${died}`;
  if (born) return `Born ${born}`;
  if (died) return `Died ${died}`;
  return '';
}

/** One line for link previews: the dates, then the start of the family's words. */
export function oneLineDescription(input: MemorialHeadInput): string {
  const dates = lifeDates(input.dateOfBirth, input.deathDate);
  const words = input.description.replace(/\s+/g, ' ').trim();
  const line = [dates, words].filter(Boolean).join('. ');
  const text = line || `In loving memory of ${input.title}.`;
  return text.length > 200 ? `${text.slice(0, 199).trimEnd()}…` : text;
}

/** The head of a memorial page that is not listed: `noindex` and a neutral title, nothing else. */
export function unlistedHeadTags(): HeadTag[] {
  return [
    { tag: 'title', text: SITE_NAME },
    { tag: 'meta', attributes: { name: 'robots', content: 'noindex, nofollow' } },
  ];
}

/**
 * The head tags of a memorial page. A public, indexable memorial gets Open Graph and Twitter card
 * tags (title, a one-line description with the dates, the absolute preview image, the canonical
 * URL) and JSON-LD `Person` with birth and death dates and birth place. Any other memorial gets
 * `noindex` and a neutral title: no name, dates or picture in tags that link previews read.
 */
export function memorialHeadTags(input: MemorialHeadInput, publicUrl: string): HeadTag[] {
  const base = publicUrl.replace(/\/$/, '');
  if (!input.listed) return unlistedHeadTags();
  const url = `${base}/post/${input.id}`;
  const image = `${base}/api/v1/posts/${input.id}/preview.png`;
  const description = oneLineDescription(input);
  const title = `${input.title} · ${SITE_NAME}`;
  const person: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: input.title,
    url,
  };
  if (input.dateOfBirth) person['birthDate'] = input.dateOfBirth;
  if (input.deathDate) person['deathDate'] = input.deathDate;
  if (input.birthPlace) person['birthPlace'] = { '@type': 'Place', name: input.birthPlace };
  if (input.hasPicture) person['image'] = image;
  const meta = (attributes: Record<string, string>): HeadTag => ({ tag: 'meta', attributes });
  return [
    { tag: 'title', text: title },
    meta({ name: 'description', content: description }),
    { tag: 'link', attributes: { rel: 'canonical', href: url } },
    meta({ property: 'og:type', content: 'profile' }),
    meta({ property: 'og:site_name', content: SITE_NAME }),
    meta({ property: 'og:title', content: input.title }),
    meta({ property: 'og:description', content: description }),
    meta({ property: 'og:url', content: url }),
    meta({ property: 'og:image', content: image }),
    meta({ property: 'og:image:width', content: '1200' }),
    meta({ property: 'og:image:height', content: '630' }),
    meta({ property: 'og:image:alt', content: `${input.title}, in loving memory` }),
    meta({ name: 'twitter:card', content: 'summary_large_image' }),
    meta({ name: 'twitter:title', content: input.title }),
    meta({ name: 'twitter:description', content: description }),
    meta({ name: 'twitter:image', content: image }),
    { tag: 'script', attributes: { type: 'application/ld+json' }, json: person },
  ];
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The tags as HTML for the page's head. */
export function renderHeadTags(tags: HeadTag[]): string {
  return tags
    .map((t) => {
      if (t.tag === 'title') return `<title>${escapeAttribute(t.text)}</title>`;
      const attributes = Object.entries(t.attributes)
        .map(([k, v]) => `${k}="${escapeAttribute(v)}"`)
        .join(' ');
      if (t.tag === 'script') return `<script ${attributes}>${scriptJson(t.json)}</script>`;
      return `<${t.tag} ${attributes}>`;
    })
    .join('\n');
}
