import { describe, expect, it } from 'vitest';
import { paths } from './config/paths';
import { pageStatus, render } from './entry-server';

describe('pageStatus', () => {
  it('answers 404 for an address no page of the app has, 200 for every page', () => {
    for (const url of ['/no-such-page', '/post/x/y/z', '/m', '/profile/nothing', '/post/']) {
      expect(pageStatus(url), url).toBe(404);
    }
    for (const url of [
      '/',
      '/memoriams?q=rose',
      '/post/00000000-0000-4000-8000-000000000000',
      '/post/not-a-uuid',
      '/post/abc/manage/people',
      '/m/abcdefgh',
      '/login?next=/profile',
      '/about-us',
      '/accessibility',
      '/permanence',
    ]) {
      expect(pageStatus(url), url).toBe(200);
    }
  });
});

describe('render', () => {
  it('renders the accessibility statement on the server: its title, description, h1 and the footer link to it', async () => {
    const asked: string[] = [];
    const result = await render({
      url: paths.accessibility.href(),
      fetch: async (input) => {
        asked.push(String(input));
        return new Response('{}', { status: 404 });
      },
      viewer: null,
      signal: new AbortController().signal,
    });
    expect(result.kind).toBe('page');
    if (result.kind !== 'page') return;
    expect(result.title).toBe('Accessibility Statement · Rips Memorial');
    expect(result.description).toMatch(/WCAG 2\.2 AA/);
    expect(result.html.match(/<h1\b/g)).toHaveLength(1);
    expect(result.html).toMatch(/<h1[^>]*>Accessibility Statement<\/h1>/);
    expect(result.html).toContain('partially conformant');
    expect(result.html).toMatch(/<a [^>]*href="\/accessibility"[^>]*>Accessibility<\/a>/);
    // A static page asks the API nothing.
    expect(asked).toEqual([]);
  });

  it('renders the promise of permanence on the server, linked from every page', async () => {
    const result = await render({
      url: paths.permanence.href(),
      fetch: async () => new Response('{}', { status: 404 }),
      viewer: null,
      signal: new AbortController().signal,
    });
    expect(result.kind).toBe('page');
    if (result.kind !== 'page') return;
    expect(result.title).toBe('Our Promise of Permanence · Rips Memorial');
    expect(result.description).toMatch(/nothing deleted for non-payment/);
    expect(result.html.match(/<h1\b/g)).toHaveLength(1);
    for (const heading of [
      'Nothing is deleted for non-payment',
      'A copy in the family&#x27;s hands every year',
      'Formats anyone can read',
      'If Rips Memorial ever closes',
    ]) {
      expect(result.html).toContain(heading);
    }
    expect(result.html).toMatch(/<a [^>]*href="\/permanence"[^>]*>Permanence<\/a>/);
  });

  it('keeps the site-wide description for a page that gives none, and links every page to the statement', async () => {
    const result = await render({
      url: paths.aboutUs.href(),
      fetch: async () => new Response('{}', { status: 404 }),
      viewer: null,
      signal: new AbortController().signal,
    });
    expect(result.kind).toBe('page');
    if (result.kind !== 'page') return;
    expect(result.description).toBeUndefined();
    expect(result.html).toMatch(/<a [^>]*href="\/accessibility"[^>]*>Accessibility<\/a>/);
  });
});
