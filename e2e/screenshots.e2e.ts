// Full-page screenshots of the main screens at a phone width (390 px) and a desktop width
// (1280 px), for a person to look at: home (signed out and signed in), memoriams, a memorial
// with photos and prayers, profile and the life legacy. Written to e2e/screenshots/ (ignored by
// git). Each shot also checks that nothing is wider than the screen (no sideways scrolling).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, fixturePng, loginViaApi, SCREENSHOT_DIR, useJourney } from './harness.js';

const { server, newPage, signIn } = useJourney();

let memorialId: string;

beforeAll(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const { accessToken } = await signIn(DEMO.sponsor);
  const auth = { authorization: `Bearer ${accessToken}` };
  const own = await fetch(`${server.baseUrl}/api/v1/posts/get-sponsor-post`, { headers: auth });
  memorialId = ((await own.json()) as { data: { _id: string }[] }).data[0]!._id;
  const colours = ['#b9a6c9', '#9fb8d6', '#a5cfb0', '#e3b291', '#c7e1cd', '#d9a7a0'];
  for (const [i, colour] of colours.entries()) {
    const form = new FormData();
    form.set('postId', memorialId);
    form.set('name', 'Daniel Okafor');
    form.set(
      'photoImg',
      new Blob([await fixturePng(960, 720, colour)], { type: 'image/png' }),
      `photo-${i}.png`,
    );
    const res = await fetch(`${server.baseUrl}/api/v1/photos`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  const prayer = await fetch(`${server.baseUrl}/api/v1/prayers`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      prayerText: 'We planted your roses again this spring.',
      postId: memorialId,
    }),
  });
  expect(prayer.status).toBe(201);
});

/** Loads the page, scrolls once through it so lazy images arrive, and saves it whole. */
async function shoot(page: Page, route: string, name: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await page.locator('main h1').first().waitFor();
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${route} is no wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe('screenshots', () => {
  for (const width of [390, 1280]) {
    it(`main screens at ${width}px`, { timeout: 180_000 }, async () => {
      const { context, page } = await newPage({ width });
      await shoot(page, '/', `home-signed-out-${width}`);
      await loginViaApi(page, server.baseUrl, DEMO.sponsor.userName, DEMO.sponsor.password);
      await shoot(page, '/', `home-signed-in-${width}`);
      await shoot(page, '/memoriams', `memoriams-${width}`);
      await shoot(page, `/post/${memorialId}`, `memorial-${width}`);
      await shoot(page, '/profile', `profile-${width}`);
      await shoot(page, '/profile/life-legacy', `legacy-${width}`);
      await context.close();
    });
  }
});
