// Public pages arrive as HTML the server rendered: readable before (and without) any script,
// free of inline scripts, with the data they were rendered from handed over safely, and adopted
// by the app in the browser without a mismatch, for visitors and members alike; a signed-in
// member's session cookie makes their first page their own view.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemorial, DEMO, fixturePng, loginViaApi, useJourney } from './harness.js';

const journey = useJourney();
const { server, newPage, signIn } = journey;

let memorialId: string;

// Markup, a script end tag and replacement patterns: all must stay text. (A line separator is
// refused in a title now, decision 0089; jsonForScript's own test still writes one.)
const HOSTILE_TITLE = 'Ada </script><script>window.__owned=1</script> $& $` <!-- Lovelace';

beforeAll(async () => {
  const token = (await signIn(DEMO.sponsor)).accessToken;
  memorialId = await createMemorial(
    server.baseUrl,
    token,
    {
      title: HOSTILE_TITLE,
      description: 'She wrote the first program & kept <b>notes</b>.',
      traits: 'mathematician poet',
    },
    { png: await fixturePng(900, 600), name: 'ada.png' },
  );
});

async function html(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.baseUrl}${path}`);
  return { status: res.status, text: await res.text() };
}

/** Every script element of a page: external, or inert JSON. */
function scripts(text: string): string[] {
  return [...text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
}

/** Console errors and uncaught exceptions while a page is used. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('server-rendered pages', () => {
  it('send the page itself, with no inline script, for the public routes', async () => {
    const cases: [string, RegExp][] = [
      ['/', /<h1[^>]*>A gentle place to remember the people we love<\/h1>/],
      ['/memoriams', /<h1[^>]*>Memoriams<\/h1>/],
      ['/login', /<h1[^>]*>Login<\/h1>/],
      ['/sign-up', /<h1[^>]*>Sign Up<\/h1>/],
      ['/forgot-password', /<h1[^>]*>Reset password<\/h1>/],
      ['/contact-us', /<h1[^>]*>Contact Us<\/h1>/],
      ['/about-us', /<h1[^>]*>About Us<\/h1>/],
      ['/accessibility', /<h1[^>]*>Accessibility Statement<\/h1>/],
      ['/permanence', /<h1[^>]*>Our Promise of Permanence<\/h1>/],
    ];
    for (const [path, heading] of cases) {
      const page = await html(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toMatch(heading);
      for (const tag of scripts(page.text)) {
        expect(tag, `${path}: ${tag}`).toMatch(/ src="|type="application\/json"/);
      }
      expect(page.text, path).toContain('id="rips-page-data"');
    }
    // The accessibility statement has its own title and description, in place of the site's.
    const statement = (await html('/accessibility')).text;
    expect(statement).toContain('<title>Accessibility Statement · Rips Memorial</title>');
    expect(statement.match(/<meta\s+name="description"/g)).toHaveLength(1);
    expect(statement).toMatch(/<meta name="description" content="[^"]*WCAG 2\.2 AA[^"]*" \/>/);
    // The memorials the list shows are in the HTML, with their pictures.
    expect((await html('/memoriams')).text).toMatch(/<img[^>]+alt="Photo of [^"]+"/);
  });

  it('hand over data that stays text, however it is written', async () => {
    const page = await html(`/post/${memorialId}`);
    expect(page.status).toBe(200);
    // One script element ends the state; nothing in the title could end it early.
    const state = /<script type="application\/json" id="rips-page-data">([^<]*)<\/script>/.exec(
      page.text,
    );
    expect(state, 'the state script').not.toBeNull();
    expect(page.text).not.toContain('<script>window.__owned');
    const parsed = JSON.parse(state![1]!) as {
      queries: { queries: { state: { data?: { title?: string } } }[] };
    };
    expect(parsed.queries.queries.some((q) => q.state.data?.title === HOSTILE_TITLE)).toBe(true);
    // The document title is escaped, and `$&` was not taken as a replacement pattern.
    expect(page.text).toContain('<title>Ada &lt;/script&gt;&lt;script&gt;window.__owned=1');
    expect(page.text).toContain('$&amp; $`');
  });

  it('answer 404 for a memorial that does not exist, and leave members-only pages to the app', async () => {
    const missing = await html('/post/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<div id="root"></div>');
    const profile = await html('/profile');
    expect(profile.status).toBe(200);
    expect(profile.text).toContain('<div id="root"></div>');
    expect(profile.text).not.toContain('rips-page-data');
  });

  it('read without JavaScript, and keep forms from submitting by themselves', async () => {
    const context = await journey.browser.newContext({
      baseURL: server.baseUrl,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 800 },
    });
    try {
      const page = await context.newPage();
      await page.goto(`/post/${memorialId}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        HOSTILE_TITLE,
      );
      await page.getByRole('img', { name: `Photo of ${HOSTILE_TITLE}` }).waitFor();
      // Until the app runs, the login form takes no typing and cannot be sent: the browser would
      // otherwise send it by itself, password and all.
      await page.goto('/login');
      await expect(
        page.getByRole('button', { name: 'Login', exact: true }).isDisabled(),
      ).resolves.toBe(true);
      await expect(page.getByLabel(/username or email/i).isEditable()).resolves.toBe(false);
      await expect(page.getByLabel(/^password/i).isEditable()).resolves.toBe(false);
      await expect(page.locator('form').getAttribute('method')).resolves.toBe('post');
    } finally {
      await context.close();
    }
  });

  it('come alive in the browser without a mismatch, for a visitor', async () => {
    const { context, page } = await newPage({ width: 390 });
    const errors = watchErrors(page);
    try {
      for (const path of ['/', '/memoriams', `/post/${memorialId}`, '/login']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
      }
      // Hydrated: the form works.
      await expect(
        page.getByRole('button', { name: 'Login', exact: true }).isEnabled(),
      ).resolves.toBe(true);
      expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("show a member's own view once the app runs, never a visitor's refusal", async () => {
    const { context, page } = await newPage();
    const errors = watchErrors(page);
    try {
      await loginViaApi(page, server.baseUrl, DEMO.sponsor.userName, DEMO.sponsor.password);
      // Watches the page from its first byte: the refusal meant for visitors must never show.
      await page.addInitScript((refusal) => {
        new MutationObserver(() => {
          if (document.body?.textContent?.includes(refusal)) {
            (window as { __sawRefusal?: boolean }).__sawRefusal = true;
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      }, 'You do not have permission to view this content.');
      await page.goto(`/post/${memorialId}`);
      await page.getByRole('heading', { name: 'Manage this Rip' }).waitFor();
      await page.getByRole('button', { name: 'Photos' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as { __sawRefusal?: boolean }).__sawRefusal)).toBe(
        undefined,
      );
      await page.getByRole('banner').getByRole('button', { name: DEMO.sponsor.userName }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("render a signed-in owner's first page as theirs, before any script, until they sign out", async () => {
    const { context, page } = await newPage();
    const errors = watchErrors(page);
    try {
      await page.goto('/login');
      await page.getByLabel('Username or Email').fill(DEMO.sponsor.userName);
      await page.getByLabel(/^Password/).fill(DEMO.sponsor.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      const cookie = (await context.cookies()).find((c) => c.name === 'rips_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });

      // The raw HTML, with no script at all: the owner's tools and their name are already there.
      const raw = await journey.browser.newContext({
        baseURL: server.baseUrl,
        javaScriptEnabled: false,
      });
      try {
        await raw.addCookies([cookie!]);
        const rawPage = await raw.newPage();
        await rawPage.goto(`/post/${memorialId}`);
        await rawPage.getByRole('heading', { name: 'Manage this Rip' }).waitFor();
        await rawPage
          .getByRole('banner')
          .getByRole('button', { name: DEMO.sponsor.userName })
          .waitFor();
      } finally {
        await raw.close();
      }

      // The app adopts that page without a mismatch.
      await page.goto(`/post/${memorialId}`);
      await page.getByRole('heading', { name: 'Manage this Rip' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);

      // Signing out ends the page session too.
      await page.getByRole('banner').getByRole('button', { name: DEMO.sponsor.userName }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(async () => (await context.cookies()).some((c) => c.name === 'rips_session'))
        .toBe(false);
      const after = await page.request.get(`/post/${memorialId}`);
      expect(await after.text()).not.toContain('Manage this Rip');
    } finally {
      await context.close();
    }
  });
});
