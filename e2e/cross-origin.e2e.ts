// A client on another origin, as a developer would write one against spec section 7: a page
// served from a second loopback origin logs in, lists memorials, shows an image from the API's
// absolute media URL and leaves a prayer, through CORS_ORIGINS. Also: the API reference at
// /api/docs renders with no console error and no CSP violation.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useJourney } from './harness.js';

/** The other origin's whole app: plain fetch against the API named in the query string. */
function clientPage(apiBase: string): string {
  const credentials = JSON.stringify({
    email: '',
    userName: DEMO.visitor.userName,
    password: DEMO.visitor.password,
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Other origin</title></head>
<body><p id="status">starting</p><ul id="memorials"></ul><img id="picture" alt="memorial">
<ul id="prayers"></ul>
<script>
const api = ${JSON.stringify(apiBase)} + '/api/v1';
const say = (text) => { document.getElementById('status').textContent = text; };
(async () => {
  try {
    const login = await (await fetch(api + '/users/login', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ${JSON.stringify(credentials)},
    })).json();
    const auth = { Authorization: 'Bearer ' + login.data.accessToken };
    const posts = await (await fetch(api + '/posts')).json();
    for (const post of posts.data) {
      const li = document.createElement('li'); li.textContent = post.title;
      document.getElementById('memorials').append(li);
    }
    const pictured = posts.data.find((p) => p.postImg);
    const img = document.getElementById('picture');
    await new Promise((resolve, reject) => { img.onload = resolve; img.onerror = reject; img.src = pictured.postImg; });
    const made = await fetch(api + '/prayers', {
      method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ postId: pictured._id, prayerText: 'From another origin.' }),
    });
    const prayer = (await made.json()).data;
    const prayers = await (await fetch(api + '/prayers/post/' + pictured._id, { headers: auth })).json();
    for (const p of prayers.data) {
      const li = document.createElement('li'); li.textContent = p.prayerText + ' by ' + p.owner.fullName;
      document.getElementById('prayers').append(li);
    }
    say('done ' + made.status + ' ' + prayer._id + ' ' + login.data.user.userName);
  } catch (error) {
    say('failed: ' + error);
  }
})();
</script></body></html>`;
}

let pages: http.Server;
let pageOrigin: string;

beforeAll(async () => {
  pages = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(clientPage(server.baseUrl));
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
}, 90_000);

afterAll(async () => {
  await new Promise((resolve) => pages?.close(resolve));
});

// The API answers the other origin: its server starts once that origin is known.
const journey = useJourney({ env: () => ({ CORS_ORIGINS: pageOrigin }) });
const { server } = journey;

describe('a client on another origin', () => {
  it('logs in, lists memorials, shows an image and leaves a prayer', async () => {
    const context = await journey.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${pageOrigin}/`);
    await page.waitForFunction(
      () => document.getElementById('status')?.textContent !== 'starting',
      null,
      {
        timeout: 20_000,
      },
    );
    const status = await page.textContent('#status');
    expect(status).toMatch(new RegExp(`^done 201 \\S+ ${DEMO.visitor.userName}$`));
    expect(await page.locator('#memorials li').count()).toBeGreaterThan(0);
    const picture = await page.$eval('#picture', (img) => ({
      src: (img as HTMLImageElement).currentSrc,
      width: (img as HTMLImageElement).naturalWidth,
    }));
    expect(picture.src.startsWith(`${server.baseUrl}/media/`)).toBe(true);
    expect(picture.width).toBeGreaterThan(0);
    expect(await page.textContent('#prayers')).toContain('From another origin.');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('the API reference', () => {
  it('renders /api/docs with no console error and no CSP violation', async () => {
    const context = await journey.browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text()))
        problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${server.baseUrl}/api/docs`);
    await page
      .getByText('/api/v1/users/login', { exact: false })
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByText('Rips Memorial API').first().waitFor();
    const violations = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let count = 0;
          document.addEventListener('securitypolicyviolation', () => count++);
          setTimeout(() => resolve(count), 500);
        }),
    );
    expect(violations).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
