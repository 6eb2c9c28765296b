// Accessibility on the production build: axe (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA) on EVERY route of
// apps/web/src/config/paths.ts, at 1280 px and 390 px, signed out and signed in as the demo
// sponsor; then every modal of a memorial page the sponsor owns and of /profile, opened from the
// keyboard, checked with axe, focus trapped inside and returned to the button that opened it.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths.js';
import { DEMO, expectNoAxeViolations, fixturePng, loginViaApi, useJourney } from './harness.js';

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
