import { describe, expect, it } from 'vitest';
import {
  memorialHeadTags,
  oneLineDescription,
  renderHeadTags,
  type MemorialHeadInput,
} from './head-tags.js';

const ada: MemorialHeadInput = {
  id: '6f1c1b8e-2a7e-4c55-9d0a-2f4f3b1c9e11',
  title: 'Ada Lovelace',
  description: 'She wrote the first program.\nAnd saw what machines could become.',
  birthPlace: 'London',
  dateOfBirth: '1815-12-10',
  deathDate: '1852-11-27',
  hasPicture: true,
  listed: true,
};
const SITE = 'https://memorials.example.org/';

const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];

describe('memorial head tags', () => {
  it('gives a public, indexable memorial Open Graph, Twitter card, canonical and JSON-LD Person', () => {
    const html = renderHeadTags(memorialHeadTags(ada, SITE));
    const url = `https://memorials.example.org/post/${ada.id}`;
    const image = `https://memorials.example.org/api/v1/posts/${ada.id}/preview.png`;
    expect(html).toContain('<title>Ada Lovelace · Rips Memorial</title>');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(attr(html, /property="og:title" content="([^"]+)"/)).toBe('Ada Lovelace');
    expect(attr(html, /property="og:url" content="([^"]+)"/)).toBe(url);
    expect(attr(html, /property="og:image" content="([^"]+)"/)).toBe(image);
    expect(attr(html, /name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
    expect(attr(html, /name="twitter:image" content="([^"]+)"/)).toBe(image);
    const description = attr(html, /property="og:description" content="([^"]+)"/);
    expect(description).toBe(
      'December 10, 1815 – November 27, 1852. She wrote the first program. And saw what machines could become.',
    );
    expect(html).not.toContain('noindex');
    const ld = JSON.parse(attr(html, /<script type="application\/ld\+json">(.+?)<\/script>/)!);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Ada Lovelace',
      url,
      birthDate: '1815-12-10',
      deathDate: '1852-11-27',
      birthPlace: { '@type': 'Place', name: 'London' },
      image,
    });
  });

  it('gives any other memorial noindex and no personal details', () => {
    const html = renderHeadTags(memorialHeadTags({ ...ada, listed: false }, SITE));
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    for (const detail of [
      'Ada',
      'Lovelace',
      'London',
      '1815',
      '1852',
      'og:',
      'twitter:',
      'ld+json',
      ada.id,
    ]) {
      expect(html, detail).not.toContain(detail);
    }
  });

  it('escapes what the family wrote, in attributes and in JSON-LD', () => {
    const hostile = { ...ada, title: '"><script>alert(1)</script>', birthPlace: '</script><b>' };
    const html = renderHeadTags(memorialHeadTags(hostile, SITE));
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('keeps the description to one short line, and says something when nothing was written', () => {
    expect(oneLineDescription({ ...ada, description: 'x'.repeat(500) }).length).toBe(200);
    expect(
      oneLineDescription({ ...ada, description: '', dateOfBirth: null, deathDate: null }),
    ).toBe('In loving memory of Ada Lovelace.');
    expect(oneLineDescription({ ...ada, description: '', dateOfBirth: null })).toBe(
      'Died November 27, 1852',
    );
  });
});
