// Short links of memorials not everyone may see, on the production build: a visitor following a
// private memorial's printed link sees its name and "Ask to join" (never the app's error page);
// one whose family takes no requests shows "Memorial not found" with 404 and noindex, exactly as
// an unknown code and as the memorial's own address; the family, signed in, is taken to it at
// once; an unlisted memorial's link, typed as printed (grouped, in capitals), opens it, and its
// page offers the calendar feed beside the link; an unknown address answers 404. Axe at 390 and
// 1280 px.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMemorial,
  DEMO,
  expectNoAxeViolations,
  loginViaApi,
  screenshotsIn,
  useJourney,
} from './harness.js';

const { server, newPage, signIn } = useJourney();

let token = '';
const SHOTS = '/tmp/share-shots';

beforeAll(async () => {
  token = (await signIn(DEMO.sponsor)).accessToken;
});

/** A memorial of the demo sponsor with these settings: its id and its short link's path. */
async function memorial(
  title: string,
  settings: object,
  fields: Record<string, string> = {},
): Promise<{ id: string; path: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const id = await createMemorial(server.baseUrl, token, { title, ...fields });
  const set = await fetch(`${server.baseUrl}/api/v1/posts/${id}/settings`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  expect(set.status).toBe(200);
  const read = await fetch(`${server.baseUrl}/api/v1/posts/post/${id}`, { headers });
  const { shortUrl } = ((await read.json()) as { data: { shortUrl: string } }).data;
  return { id, path: new URL(shortUrl).pathname };
}

const shot = screenshotsIn(SHOTS);

describe('short links of memorials not everyone may see', () => {
  it('shows a visitor a private memorial’s name and "Ask to join", at 390 and 1280 px', async () => {
    const askable = await memorial('Chidi Okafor', {
      visibility: 'private',
      allowAccessRequests: true,
    });
    for (const width of [390, 1280]) {
      const { page, context } = await newPage({ width, height: 844 });
      await page.goto(askable.path);
      await page.waitForURL((url) => url.pathname === `/post/${askable.id}`);
      await page.getByRole('heading', { level: 1, name: 'Chidi Okafor' }).waitFor();
      await page.getByText('This memorial is private.').waitFor();
      await page.getByRole('link', { name: 'log in to ask' }).waitFor();
      expect(await page.title()).toBe('Chidi Okafor · Rips Memorial');
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
      await expectNoAxeViolations(page, `private memorial by its short link at ${width} px`);
      await shot(page, `short-link-private-${width}`);
      await context.close();
    }
  });

  it('shows "Memorial not found" with 404 for a memorial that shows nothing, as for an unknown code and its own address', async () => {
    const closed = await memorial('Ngozi Okafor', { visibility: 'private' });
    const { page, context } = await newPage({ width: 390, height: 844 });
    const seen: { status: number; robots: string | null; text: string }[] = [];
    for (const path of [closed.path, '/m/zzzzzzzz', `/post/${closed.id}`]) {
      const res = await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Memorial not found' }).waitFor();
      seen.push({
        status: res!.status(),
        robots: await res!.headerValue('x-robots-tag'),
        text: await page.locator('main').innerText(),
      });
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    }
    expect(seen[0]).toMatchObject({ status: 404, robots: 'noindex' });
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
    await expectNoAxeViolations(page, 'memorial not found by its short link');
    await shot(page, 'short-link-not-found-390');

    // The family, signed in, is taken to it.
    await loginViaApi(page, server.baseUrl, DEMO.sponsor.userName, DEMO.sponsor.password);
    await page.goto(closed.path);
    await page.waitForURL((url) => url.pathname === `/post/${closed.id}`);
    await page.getByRole('heading', { level: 1, name: 'Ngozi Okafor' }).waitFor();
    await context.close();
  });

  it('opens an unlisted memorial from its long link typed as printed', async () => {
    const unlisted = await memorial('Amara Okafor', { visibility: 'unlisted' });
    const code = unlisted.path.split('/m/')[1]!;
    expect(code).toMatch(/^[a-z2-9]{18}$/);
    const printed = code.match(/.{6}/g)!.join('-').toUpperCase();
    const { page, context } = await newPage();
    await page.goto(`/m/${printed}`);
    await page.waitForURL((url) => url.pathname === `/post/${unlisted.id}`);
    await page.getByRole('heading', { level: 1, name: 'Amara Okafor' }).waitFor();
    await context.close();
  });

  it('offers an unlisted memorial’s anniversaries as a calendar to subscribe to or download', async () => {
    const unlisted = await memorial(
      'Ada Calendar',
      { visibility: 'unlisted', observeYahrzeit: true },
      { dateOfBirth: '1952-02-29', deathDate: '2020-05-01' },
    );
    const { page, context } = await newPage({ width: 390, height: 844 });
    await page.goto(`/post/${unlisted.id}`);
    const subscribe = page.getByRole('link', { name: 'Add anniversaries to your calendar' });
    const feed = `${unlisted.path}/calendar.ics`;
    expect(new URL((await subscribe.getAttribute('href'))!).protocol).toBe('webcal:');
    expect((await subscribe.getAttribute('href'))!.endsWith(feed)).toBe(true);
    const download = page.getByRole('link', { name: 'download the .ics file' });
    expect(new URL((await download.getAttribute('href'))!).pathname).toBe(feed);
    const res = await fetch(`${server.baseUrl}${feed}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await res.text();
    expect(body).toContain('X-WR-CALNAME:In memory of Ada Calendar');
    expect(body).toContain('SUMMARY:Yahrzeit of Ada Calendar');
    await expectNoAxeViolations(page, 'memorial with its calendar links at 390 px');
    await shot(page, 'calendar-links-390');
    await context.close();
  });

  it('answers an unknown address 404 with the not-found page', async () => {
    const { page, context } = await newPage();
    const res = await page.goto('/no-such-page');
    expect(res!.status()).toBe(404);
    expect(await res!.headerValue('x-robots-tag')).toBe('noindex');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await context.close();
  });
});
