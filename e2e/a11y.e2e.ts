// Accessibility on the production build: axe (WCAG 2.0, 2.1 and 2.2, levels A and AA) on EVERY
// route of apps/web/src/config/paths.ts, at 1280 px and 390 px, signed out and signed in as the
// demo sponsor; then every modal of a memorial page the sponsor owns and of /profile, opened from
// the keyboard, checked with axe, focus trapped inside and returned to the button that opened it.
// Then the public pages at 320 and 640 px (400% and 200% zoom of a 1280 px window) with no
// sideways scrolling, the accessibility tree of the home and memorial pages, focus never under the
// sticky header, and a sign-in and a prayer with the keyboard alone. /accessibility states what
// this file checks (docs/decisions/0101): change them together.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths.js';
import {
  DEMO,
  expectNoAxeViolations,
  expectNoPageOverflow,
  fixturePng,
  loginViaApi,
  useJourney,
} from './harness.js';

const { server, newPage, signedInPage, signIn } = useJourney();

/** A seeded memorial the demo sponsor owns, with a prayer and a photo so its lists are not empty. */
let memorialId: string;

async function apiCall<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${server.baseUrl}/api/v1${url}`, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

beforeAll(async () => {
  const token = (await signIn(DEMO.sponsor)).accessToken;
  const own = await apiCall<{ _id: string }[]>('GET', '/posts/get-sponsor-post', token);
  expect(own.length, 'the demo sponsor owns a seeded memorial').toBeGreaterThan(0);
  memorialId = own[0]!._id;
  await apiCall('POST', '/prayers', token, {
    prayerText: 'Rest gently. You are missed every day.',
    postId: memorialId,
  });
  const photo = new FormData();
  photo.set('postId', memorialId);
  photo.set('name', 'Daniel Okafor');
  photo.set(
    'photoImg',
    new Blob([await fixturePng(800, 600)], { type: 'image/png' }),
    'garden.png',
  );
  await apiCall('POST', '/photos', token, photo);
});

/** Every route of the web app, with the seeded memorial for /post/:id. */
function allRoutes(): string[] {
  return Object.values(paths).map((route) =>
    route.path.includes(':id') ? paths.post.href(memorialId) : (route.href as () => string)(),
  );
}

/** Waits until the page has settled: its code and data loaded, its heading shown, no spinner left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  await page
    .locator('main [role="status"][aria-busy="true"], main .mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // Mantine transitions (modals, notifications) run ~200 ms even with reduced motion.
  await page.waitForTimeout(250);
}

async function checkRoutes(width: number, signedIn: boolean) {
  const { context, page } = await newPage({ width });
  if (signedIn)
    await loginViaApi(page, server.baseUrl, DEMO.sponsor.userName, DEMO.sponsor.password);
  const who = signedIn ? 'sponsor' : 'visitor';
  for (const route of allRoutes()) {
    await page.goto(route);
    await settle(page);
    // A members' page sends a visitor to the login page, which its own route checks: the redirect
    // is proved here, and axe is not run on the same page again.
    const landed = new URL(page.url()).pathname;
    if (!signedIn && landed === paths.login.path && !route.startsWith(paths.login.path)) {
      expect(
        await page.locator('main input[type="password"]').count(),
        `login form for ${route}`,
      ).toBe(1);
      continue;
    }
    const title = await page.title();
    expect(title, `title of ${route}`).toMatch(/Rips Memorial/);
    expect(await page.locator('main h1').count(), `one h1 on ${route}`).toBe(1);
    await expectNoAxeViolations(page, `${route} at ${width}px as ${who}`);
  }
  await context.close();
}

async function dialogOf(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog').last();
  await dialog.waitFor({ state: 'visible' });
  await page.waitForTimeout(250);
  return dialog;
}

/**
 * Opens a modal from the keyboard, runs axe on it, proves Tab and Shift+Tab never leave it,
 * closes it with Escape and checks that focus went back to the button that opened it.
 */
async function checkModal(page: Page, trigger: Locator, label: string) {
  await trigger.scrollIntoViewIfNeeded();
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = await dialogOf(page);
  expect(await dialog.getAttribute('aria-modal'), `${label} is modal`).toBe('true');
  const name =
    (await dialog.getAttribute('aria-labelledby')) ?? (await dialog.getAttribute('aria-label'));
  expect(name, `${label} has a name`).toBeTruthy();
  await expectNoAxeViolations(page, `${label} modal`);

  for (const key of [
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
  ]) {
    await page.keyboard.press(key);
    const inside = await dialog.evaluate((el) => el.contains(document.activeElement));
    expect.soft(inside, `focus stays in the ${label} modal after ${key}`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForTimeout(300);
  const returned = await trigger.evaluate((el) => el === document.activeElement);
  expect.soft(returned, `focus returns to the button that opened ${label}`).toBe(true);
}

describe('axe on every route', () => {
  for (const width of [1280, 390]) {
    it(`signed out at ${width}px`, { timeout: 300_000 }, async () => {
      await checkRoutes(width, false);
    });
    it(`signed in as the demo sponsor at ${width}px`, { timeout: 300_000 }, async () => {
      await checkRoutes(width, true);
    });
  }
});

describe('modals, focus and keyboard', () => {
  for (const width of [1280, 390]) {
    it(
      `every modal of the owner's memorial page and of /profile at ${width}px`,
      { timeout: 300_000 },
      async () => {
        const { context, page } = await signedInPage(DEMO.sponsor, { width });

        await page.goto(paths.post.href(memorialId));
        await settle(page);
        for (const name of [
          'Edit',
          'Leave A Flower',
          'Say A Prayer',
          'Photos',
          'Memoreblia',
          'Document',
        ]) {
          await checkModal(
            page,
            page.getByRole('main').getByRole('button', { name, exact: true }).first(),
            name,
          );
        }
        // The seeded photo opens in a viewer; the seeded prayer can be removed after a confirmation.
        await checkModal(
          page,
          page
            .getByRole('main')
            .getByRole('button', { name: /^open photo/i })
            .first(),
          'photo viewer',
        );
        await checkModal(
          page,
          page
            .getByRole('main')
            .getByRole('button', { name: /^remove/i })
            .first(),
          'remove confirmation',
        );

        await page.goto(paths.profile.href());
        await settle(page);
        for (const name of ['Edit Profile', 'Change Password']) {
          await checkModal(
            page,
            page.getByRole('main').getByRole('button', { name, exact: true }),
            name,
          );
        }
        await checkModal(
          page,
          page
            .getByRole('main')
            .getByRole('button', { name: /^delete/i })
            .first(),
          'delete Rip confirmation',
        );

        if (width >= 992) {
          // Desktops: the account menu (a popup, not a modal) is checked open too.
          const account = page.getByRole('banner').getByRole('button', { name: /sponsor/i });
          await account.focus();
          await page.keyboard.press('Enter');
          await page.getByRole('menu').waitFor();
          await expectNoAxeViolations(page, 'account menu');
          await page.keyboard.press('Escape');
          await page.getByRole('menu').waitFor({ state: 'hidden' });
          expect
            .soft(
              await account.evaluate((el) => el === document.activeElement),
              'focus returns to the account button',
            )
            .toBe(true);
        }
        if (width < 992) {
          // Phones: the navigation drawer is a modal too.
          await checkModal(
            page,
            page.getByRole('button', { name: 'Open navigation' }),
            'navigation drawer',
          );
        }
        await context.close();
      },
    );
  }

  it('starts with a skip link that moves focus to the main content', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await settle(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });

  it('announces login errors and ties them to their fields', async () => {
    const { context, page } = await newPage({ width: 390 });
    await page.goto(paths.login.href());
    await settle(page);
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    const field = page.getByLabel(/username or email/i);
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const messages = await Promise.all(
      describedBy
        .split(/\s+/)
        .filter(Boolean)
        .map((id) =>
          page
            .locator(`[id="${id}"]`)
            .innerText()
            .catch(() => ''),
        ),
    );
    expect(messages.join(' ').trim().length, 'the error text is tied to the field').toBeGreaterThan(
      0,
    );
    await expectNoAxeViolations(page, 'login with errors');
    await context.close();
  });

  it('pauses the home video for reduced motion, and anyone can play or pause it', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await settle(page);
    const toggle = page.getByRole('button', { name: 'Play animation' });
    await toggle.waitFor();
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Pause animation' }).waitFor();
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await context.close();
  });
});

/** The pages anyone may open without signing in: the sitemap's, the sign-in pages and a memorial. */
function publicRoutes(): string[] {
  return [
    paths.home.href(),
    paths.memoriams.href(),
    paths.login.href(),
    paths.signUp.href(),
    paths.forgotPassword.href(),
    paths.aboutUs.href(),
    paths.userGuide.href(),
    paths.contactUs.href(),
    paths.terms.href(),
    paths.policy.href(),
    paths.accessibility.href(),
    paths.permanence.href(),
    paths.post.href(memorialId),
  ];
}

/** Roles a screen reader cannot use without a name. */
const NEEDS_A_NAME = 'button|link|img|textbox|searchbox|combobox|checkbox|radio|switch|slider';

/**
 * What is wrong in an accessibility tree (Playwright's aria snapshot, one `- role "name"` a line):
 * a missing landmark, not exactly one h1, a heading level skipped, a control or picture unnamed.
 */
function treeProblems(tree: string): string[] {
  const problems: string[] = [];
  for (const landmark of ['banner', 'main', 'contentinfo']) {
    if (!new RegExp(`^\\s*- ${landmark}:`, 'm').test(tree)) problems.push(`no ${landmark}`);
  }
  if (!/^\s*- navigation "Main":/m.test(tree)) problems.push('no navigation named "Main"');
  const levels = [...tree.matchAll(/^\s*- heading .*\[level=(\d)\]/gm)].map((m) => Number(m[1]));
  const h1s = levels.filter((level) => level === 1).length;
  if (h1s !== 1) problems.push(`${h1s} level-one headings`);
  levels.forEach((level, i) => {
    if (i > 0 && level > levels[i - 1]! + 1)
      problems.push(`heading h${levels[i - 1]} to h${level}`);
  });
  const unnamed = new RegExp(`^\\s*- (${NEEDS_A_NAME})(?:$|:| \\[)`, 'gm');
  for (const match of tree.matchAll(unnamed)) problems.push(`a ${match[1]} without a name`);
  return problems;
}

/** Presses Tab until `target` has the focus, as someone with only a keyboard would. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`);
}

describe('zoom, the accessibility tree and the keyboard alone', () => {
  it(
    'reflows the public pages at 320 and 640 px (400% and 200% zoom) with no sideways scrolling',
    { timeout: 300_000 },
    async () => {
      for (const width of [320, 640]) {
        const { context, page } = await newPage({ width, height: 800 });
        for (const route of publicRoutes()) {
          await page.goto(route);
          await settle(page);
          await expectNoPageOverflow(page, `${route} at ${width}px scrolls sideways`);
        }
        await context.close();
      }
    },
  );

  it('gives screen readers landmarks, one h1, no skipped heading and named controls', async () => {
    const visitor = await newPage();
    const owner = await signedInPage(DEMO.sponsor);
    const views: [Page, string, string][] = [
      [visitor.page, paths.home.href(), 'home as a visitor'],
      [visitor.page, paths.post.href(memorialId), 'memorial as a visitor'],
      [owner.page, paths.post.href(memorialId), 'memorial as its owner'],
    ];
    for (const [page, route, label] of views) {
      await page.goto(route);
      await settle(page);
      const tree = await page.locator('body').ariaSnapshot();
      expect(tree, label).toMatch(/- heading "[^"]+" \[level=1\]/);
      expect(treeProblems(tree), `${label}:\n${tree}`).toEqual([]);
    }
    await visitor.context.close();
    await owner.context.close();
  });

  it('never hides the focused element under the sticky header, tabbing forwards or back', async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await newPage({ width, height: 700 });
      for (const route of [
        paths.memoriams.href(),
        paths.userGuide.href(),
        paths.accessibility.href(),
      ]) {
        await page.goto(route);
        await settle(page);
        const keys = [...Array<string>(40).fill('Tab'), ...Array<string>(40).fill('Shift+Tab')];
        for (const key of keys) {
          await page.keyboard.press(key);
          // What is drawn at the middle of the focused element: the header, when it covers it.
          const covered = await page.evaluate(() => {
            const el = document.activeElement;
            const header = document.querySelector('header');
            if (!el || el === document.body || !header || header.contains(el)) return null;
            const box = el.getBoundingClientRect();
            const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return top && header.contains(top) ? (el.textContent ?? el.tagName).slice(0, 60) : null;
          });
          expect.soft(covered, `${route} at ${width}px after ${key}`).toBeNull();
        }
      }
      await context.close();
    }
  });

  it('lets a visitor sign in and say a prayer with the keyboard alone', async () => {
    const { context, page } = await newPage({ width: 390 });
    const memorial = paths.post.href(memorialId);
    await page.goto(paths.login.href(memorial));
    await settle(page);
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await expect.poll(() => login.isEnabled()).toBe(true);

    await tabTo(page, page.getByLabel(/username or email/i));
    await page.keyboard.type(DEMO.visitor.userName);
    await tabTo(page, page.getByLabel(/^password/i));
    await page.keyboard.type(DEMO.visitor.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === memorial);
    await settle(page);

    const sayAPrayer = page.getByRole('main').getByRole('button', { name: 'Say A Prayer' });
    await tabTo(page, sayAPrayer);
    await page.keyboard.press('Enter');
    const dialog = await dialogOf(page);
    const words = 'Said without a mouse: rest gently.';
    await tabTo(page, dialog.getByRole('textbox'), 10);
    await page.keyboard.type(words);
    await tabTo(page, dialog.getByRole('button', { name: 'Say Prayer' }), 10);
    await page.keyboard.press('Enter');
    await page.getByText('Prayer Created Successfully').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('main').getByText(words).waitFor();
    await context.close();
  });
});
