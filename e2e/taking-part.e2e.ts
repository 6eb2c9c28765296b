// Everyone who loved them takes part, at 390 px: a cousin scans the memorial's short link and
// leaves a prayer as a guest with a name and an email address, confirms it from the emailed link,
// and the family approves it; a visitor opens the photos the family shares in the slideshow with
// the keyboard; search finds "Rosa María Delgado" from "rosa maria" and offers "Eleanor" for
// "Eleanour". (The invited brother who signs up and lands back on the invitation is step 2a of
// stewardship.e2e.ts, where the invitation is made.)
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMemorial,
  DEMO,
  expectNoAxeViolations,
  fixturePng,
  screenshotsIn,
  useJourney,
} from './harness.js';

const { server, newPage, signIn, signedInPage, newestMailTo } = useJourney();

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-journey';
const TITLE = `Amara Okafor ${process.pid}`;
const PRAYER = 'Auntie Amara, thank you for every Sunday rice. We will keep singing.';
const GUEST = { name: 'Ngozi Eze', email: `ngozi.${process.pid}@example.com` };

let memorialId = '';
let shortPath = '';

const shot = screenshotsIn(SHOTS);

beforeAll(async () => {
  const token = (await signIn(DEMO.sponsor)).accessToken;
  const headers = { authorization: `Bearer ${token}` };
  memorialId = await createMemorial(server.baseUrl, token, { title: TITLE });
  // The family asks to approve tributes first, and shares its photos with every visitor.
  const set = await fetch(`${server.baseUrl}/api/v1/posts/${memorialId}/settings`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ tributeModeration: 'approve', galleryAudience: 'visitors' }),
  });
  expect(set.status, await set.text()).toBe(200);
  for (const [caption, color] of [
    ['At the market in Enugu', '#c9a27e'],
    ['Her garden', '#8fb88f'],
    ['Sunday lunch', '#b8a0c9'],
  ] as const) {
    const form = new FormData();
    form.set('postId', memorialId);
    form.set('name', 'Amara Okafor');
    form.set('caption', caption);
    form.set(
      'photoImg',
      new Blob([new Uint8Array(await fixturePng(640, 480, color))], { type: 'image/png' }),
      'photo.png',
    );
    const res = await fetch(`${server.baseUrl}/api/v1/photos`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(res.status, await res.text()).toBe(201);
  }
  const read = await fetch(`${server.baseUrl}/api/v1/posts/post/${memorialId}`, { headers });
  shortPath = new URL(((await read.json()) as { data: { shortUrl: string } }).data.shortUrl)
    .pathname;
});

describe('everyone who loved them takes part (390 px)', () => {
  it('a guest leaves a prayer from the short link, confirms it by email, and the family approves it', async () => {
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(shortPath);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.getByRole('button', { name: 'Say A Prayer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Say A Prayer' });
      await dialog.getByRole('button', { name: 'Leave it as a guest' }).click();
      // The form refuses what is sent faster than a person types (a robot): the clock starts now.
      const opened = Date.now();
      await dialog.getByLabel('Your prayer').fill(PRAYER);
      await dialog.getByLabel('Your name').fill(GUEST.name);
      await dialog.getByLabel('Your email').fill(GUEST.email);
      await expectNoAxeViolations(page, 'guest prayer form (390)');
      await shot(page, 'guest-form-390');
      await page.waitForTimeout(Math.max(0, 3_500 - (Date.now() - opened)));
      await dialog.getByRole('button', { name: 'Say Prayer' }).click();
      await dialog.getByRole('status').filter({ hasText: 'Check your email' }).waitFor();
      // The dialog's own corner button is "Close" too: the one under the message.
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      // Nothing shows before the emailed link is used.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      expect(await page.getByText(PRAYER).count()).toBe(0);

      const mail = await newestMailTo(GUEST.email, '/guest-tributes/confirm#token=');
      const link = /https?:\/\/\S+\/guest-tributes\/confirm#token=[\w-]+/.exec(mail)?.[0];
      expect(link, mail).toBeTruthy();
      await page.goto(new URL(link!).pathname + new URL(link!).hash);
      await page.getByText(TITLE).first().waitFor();
      await shot(page, 'guest-confirm-390');
      await page.getByRole('button', { name: 'Confirm my prayer' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Thank you, ${GUEST.name}: your prayer waits for the family` })
        .waitFor();
      await expectNoAxeViolations(page, 'guest confirmation (390)');
    } finally {
      await context.close();
    }

    // The family sees it waiting, on the memorial and in the menu, and approves it.
    const { context: family, page: owner } = await signedInPage(DEMO.sponsor, PHONE);
    try {
      await owner.goto(`/post/${memorialId}`);
      await owner.getByRole('link', { name: '1 tribute awaits your approval' }).first().click();
      await owner.waitForURL((url) => url.pathname.endsWith('/manage/moderation'));
      const approve = owner.getByRole('button', { name: `Approve the prayer by ${GUEST.name}` });
      await approve.waitFor();
      expect(await owner.content()).not.toContain(GUEST.email);
      await shot(owner, 'moderation-390');
      await approve.click();
      await owner.getByText('is published.').first().waitFor();
    } finally {
      await family.close();
    }

    const { context: later, page: visitor } = await newPage(PHONE);
    try {
      await visitor.goto(`/post/${memorialId}`);
      const prayers = visitor.locator('section[aria-labelledby="tributes-prayers"] li');
      await expect.poll(() => prayers.first().innerText()).toContain(PRAYER);
      expect(await prayers.first().innerText()).toContain(`${GUEST.name} (guest)`);
      expect(await visitor.content()).not.toContain(GUEST.email);
    } finally {
      await later.close();
    }
  });

  it('a visitor opens the photos the family shares in the slideshow, with the keyboard', async () => {
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/post/${memorialId}`);
      await page.getByRole('heading', { name: 'Photos', exact: true }).waitFor();
      expect(await page.getByText('You do not have permission to view this content.').count()).toBe(
        0,
      );
      const first = page.getByRole('button', { name: /^Open (?!navigation)/ }).first();
      await first.focus();
      await page.keyboard.press('Enter');
      const show = page.getByRole('dialog');
      await show.getByText('1 of 3').waitFor();
      await expectNoAxeViolations(page, 'slideshow (390)');
      await shot(page, 'slideshow-390');
      await page.keyboard.press('ArrowRight');
      await show.getByText('2 of 3').waitFor();
      await page.keyboard.press('End');
      await show.getByText('3 of 3').waitFor();
      await page.keyboard.press('Escape');
      await show.waitFor({ state: 'detached' });
      // Focus goes back to the picture it was opened from.
      expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('search finds a name typed without its accents, and suggests the nearest for a misspelt one', async () => {
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto('/memoriams');
      const box = page.getByLabel('Search Rips');
      await box.fill('rosa maria');
      await page.getByText('Rosa María Delgado').first().waitFor();
      await box.fill('Eleanour');
      const suggestion = page.locator('[data-search-suggestions]');
      await suggestion.getByText('Did you mean').waitFor();
      await shot(page, 'did-you-mean-390');
      await suggestion
        .getByRole('link', { name: /Eleanor/ })
        .first()
        .click();
      await page.getByText('Eleanor Grace Whitmore').first().waitFor();
      await expectNoAxeViolations(page, 'search (390)');
    } finally {
      await context.close();
    }
  });
});
