// Nothing a family types is lost or silently changed: a typo'd death date stays as typed and is
// refused with the rule, a pasted life story over the limit is kept and refused (never cut),
// Esc on a dialog with writing asks first and the writing comes back as a draft, friends find
// "Robert James Hale" by "Robert Hale", and a visitor sent to log in from a memorial comes back
// to it. Screenshots at 390 and 1280 px go to /tmp/ux-shots (or UX_SHOTS_DIR) to be looked at.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, fixturePng, useJourney } from './harness.js';

const { server, newPage, signedInPage } = useJourney();

const SHOTS = process.env.UX_SHOTS_DIR ?? '/tmp/ux-shots';
const DEATH_DATE_RULE = 'The date of death cannot be in the future or before the date of birth.';
const suffix = Date.now().toString(36);
const NAME = `Robert James Hale ${suffix}`;
const CAPTION = 'The harbour at dawn, where he kept the boats';

let memorialPath = '';

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

async function shoot(page: Page, name: string, fullPage = true) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (!fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage });
  }
}

async function typeDate(
  page: Page | Locator,
  label: string,
  day: string,
  month: string,
  year: string,
) {
  await page.getByLabel(`${label}: day`).fill(day);
  await page.getByLabel(`${label}: month`).selectOption(month);
  await page.getByLabel(`${label}: year`).fill(year);
}

describe('forms that forgive', () => {
  it('keeps a typo in a date as typed, refuses it with the rule, and shows the life span', async () => {
    const { context, page } = await signedInPage(DEMO.sponsor);
    await page.goto('/create-post');
    await page.getByRole('heading', { level: 1, name: 'Add a Rip' }).waitFor();
    await page.getByLabel('Title', { exact: false }).first().fill(NAME);
    await page.getByLabel('Birth Place').fill('Leeds');
    await typeDate(page, 'Date of Birth', '12', '03', '1948');
    // "2062" for "2026": kept exactly, refused with the rule once the field is left.
    await typeDate(page, 'Death Date', '2', '11', '2062');
    await page.getByLabel('Burial').click();
    await page.getByText(DEATH_DATE_RULE).waitFor();
    // No life span is offered for dates that break the rules.
    expect(await page.getByText('Will be shown as:').count()).toBe(0);
    expect(await page.getByLabel('Death Date: year').inputValue()).toBe('2062');
    expect(await page.getByLabel('Death Date: day').inputValue()).toBe('2');
    expect(await page.getByLabel('Death Date: month').inputValue()).toBe('11');
    await shoot(page, 'create-form-date-error');
    await expectNoAxeViolations(page, '/create-post with a date error');

    // Before the birth is refused the same way; the submit sends nothing while it stands.
    await page.getByLabel('Death Date: year').fill('1947');
    await page.getByRole('button', { name: 'Create Rip' }).click();
    await page.getByText(DEATH_DATE_RULE).waitFor();
    expect(page.url()).toMatch(/\/create-post$/);

    await page.getByLabel('Death Date: year').fill('2026');
    await page.getByText('March 12, 1948 – November 2, 2026 · aged 78').waitFor();
    expect(await page.getByText(DEATH_DATE_RULE).count()).toBe(0);

    // A pasted life story over the limit is kept whole and refused with the limit; never cut.
    const story = 'He loved the sea and every boat on it. '.repeat(520);
    expect(story.length).toBeGreaterThan(20_000);
    const description = page.getByLabel('Description');
    await description.fill(story);
    expect((await description.inputValue()).length).toBe(story.length);
    await page.getByText(/characters: [\d,]+ over the limit\./).waitFor();
    await page.getByRole('button', { name: 'Create Rip' }).click();
    await page.getByText('The description must be at most 20000 characters.').waitFor();
    expect((await description.inputValue()).length).toBe(story.length);
    expect(page.url()).toMatch(/\/create-post$/);

    const fits = story.slice(0, 19_990);
    await description.fill(fits);
    await page.getByRole('button', { name: 'Create Rip' }).click();
    await page.getByText('Post Created Successfully').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    // The memorial shows the life span under the name, and the whole story.
    const own = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('user') ?? '{}');
      const res = await fetch('/api/v1/posts/get-sponsor-post', {
        headers: { authorization: `Bearer ${session.data.accessToken}` },
      });
      return (await res.json()).data as Array<{ _id: string; title: string; description: string }>;
    });
    const created = own.find((m) => m.title === NAME)!;
    expect(created.description).toBe(fits.trim());
    memorialPath = `/post/${created._id}`;
    await page.goto(memorialPath);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await page.getByText('March 12, 1948 – November 2, 2026 · aged 78').waitFor();
    await shoot(page, 'memorial-hero-life-span', false);
    await context.close();
  });

  it('uploads several photos at once, each with its own result, and pages through them', async () => {
    const { context, page } = await signedInPage(DEMO.sponsor);
    await page.goto(memorialPath);
    // The page is rendered on the server: a click before it has come alive does nothing.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Photos', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Photo' });
    // The limits are stated before a file is chosen.
    await dialog.getByText(/JPEG, PNG, WebP, GIF or AVIF, up to 10\.0 MB each/).waitFor();
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'harbour.png', mimeType: 'image/png', buffer: await fixturePng(900, 600, '#9fb8d6') },
      { name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('just text') },
      { name: 'boats.png', mimeType: 'image/png', buffer: await fixturePng(600, 900, '#e3b291') },
    ]);
    // Each picture may be told of: a caption and its day. A day in the future is refused first.
    const harbour = dialog.getByRole('group', { name: 'harbour.png' });
    await harbour.getByLabel('Caption').fill(CAPTION);
    await typeDate(harbour, 'Date', '14', '07', '2999');
    await dialog.getByRole('button', { name: 'Add Photo' }).click();
    await harbour.getByText('The date cannot be in the future.').waitFor();
    expect(await dialog.getByRole('list', { name: 'Your files' }).count()).toBe(0);
    await harbour.getByLabel('Date: year').fill('1998');
    await dialog.getByRole('button', { name: 'Add Photo' }).click();
    const files = dialog.getByRole('list', { name: 'Your files' });
    await files.locator('[data-upload-state="done"]').nth(1).waitFor();
    await files.locator('[data-upload-state="failed"]').waitFor();
    expect(await files.locator('[data-upload-state="done"]').count()).toBe(2);
    // Retrying cannot make text a picture: the reason says what to do, not "please try again".
    const reason = await files.locator('[data-upload-state="failed"]').innerText();
    expect(reason).toMatch(/not-a-picture\.png/);
    expect(reason).toMatch(/Error Adding Photo\. /);
    expect(reason).not.toMatch(/try again/);
    await page.getByText('2 of 3 files were added.', { exact: false }).first().waitFor();
    await shoot(page, 'gallery-several-files', false);
    await expectNoAxeViolations(page, 'Add Photo with several results');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await dialog.waitFor({ state: 'hidden' });

    // Each card shows its caption and day.
    await page.getByText(CAPTION).first().waitFor();
    await page.getByText('July 14, 1998').first().waitFor();

    // The lightbox moves by button, arrow key (and swipe on phones).
    // The "2 of 3" notice closes by itself after a while; on a slow machine it may be gone already.
    const notice = page.getByRole('button', { name: 'Dismiss notification' }).first();
    await notice
      .click({ timeout: 3000 })
      .catch(() => notice.waitFor({ state: 'detached', timeout: 15_000 }));
    await page
      .getByRole('button', { name: new RegExp(`^Open Photo of ${NAME}`) })
      .first()
      .click();
    const lightbox = page.getByRole('dialog', { name: /^Photo shared by/ });
    await lightbox.getByText('1 of 2').waitFor();
    await page.keyboard.press('ArrowRight');
    await lightbox.getByText('2 of 2').waitFor();
    await lightbox.getByRole('button', { name: 'Next picture' }).click();
    await lightbox.getByText('1 of 2').waitFor();
    await lightbox.getByRole('button', { name: 'Previous picture' }).click();
    await lightbox.getByText('2 of 2').waitFor();
    await page.keyboard.press('ArrowLeft');
    await lightbox.getByText('1 of 2').waitFor();
    await expect
      .poll(() => lightbox.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // The caption and day show under the picture they were given to, not the other.
    const told = [await lightbox.innerText()];
    await page.keyboard.press('ArrowRight');
    await lightbox.getByText('2 of 2').waitFor();
    told.push(await lightbox.innerText());
    expect(
      told.filter((text) => text.includes(CAPTION) && text.includes('July 14, 1998')),
    ).toHaveLength(1);
    await page.keyboard.press('ArrowLeft');
    await lightbox.getByText('1 of 2').waitFor();
    await shoot(page, 'gallery-lightbox', false);
    await expectNoAxeViolations(page, 'lightbox with paging');
    await context.close();
  });

  it('asks before Esc throws away a prayer, keeps it as a draft, and refuses one over the limit', async () => {
    const { context, page } = await signedInPage(DEMO.visitor);
    await page.goto(memorialPath);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Say A Prayer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Say A Prayer' });
    const prayer = dialog.getByRole('textbox');
    await prayer.fill('Rest now, Robert. The boats are in.');
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await prayer.inputValue()).toBe('Rest now, Robert. The boats are in.');

    // The page goes away (a reload, a closed tab): the prayer comes back when the form reopens.
    await page.waitForTimeout(700);
    await page.reload();
    await page.getByRole('button', { name: 'Say A Prayer' }).click();
    await dialog.getByText('You have unsaved writing').waitFor();
    await dialog.getByRole('button', { name: 'Restore my writing' }).click();
    expect(await prayer.inputValue()).toBe('Rest now, Robert. The boats are in.');

    // A paste over 2,000 characters stays whole and is refused with the limit.
    const long = 'We remember you every evening by the harbour. '.repeat(50);
    await prayer.fill(long);
    expect((await prayer.inputValue()).length).toBe(long.length);
    await dialog.getByRole('button', { name: 'Say Prayer' }).click();
    await dialog.getByText('A prayer can be at most 2000 characters.').waitFor();
    expect((await prayer.inputValue()).length).toBe(long.length);

    await prayer.fill('Rest now, Robert. The boats are in.');
    await dialog.getByRole('button', { name: 'Say Prayer' }).click();
    await page.getByText('Prayer Created Successfully').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Sent: no draft is offered any more.
    await page.getByRole('button', { name: 'Say A Prayer' }).click();
    await dialog.getByRole('textbox').waitFor();
    expect(await dialog.getByText('You have unsaved writing').count()).toBe(0);
    // Unchanged: Esc closes at once.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('finds "Robert James Hale" by "Robert Hale", with dates and birth place on the card', async () => {
    const { context, page } = await signedInPage(DEMO.visitor);
    await page.goto('/memoriams');
    const search = page.getByPlaceholder("Search Rip's...");
    for (const query of [`Robert Hale ${suffix}`, `${suffix} hale ROBERT`]) {
      await search.fill(query);
      const card = page.getByRole('link', { name: new RegExp(NAME) });
      await card.waitFor();
      await card.getByText('March 12, 1948 – November 2, 2026 · aged 78 · Born in Leeds').waitFor();
    }
    await search.fill(`Robert Hale ${suffix} nobody`);
    await page.getByText('No posts found matching your query.').first().waitFor();
    await context.close();
  });

  it('brings a visitor sent to log in from a memorial back to it', async () => {
    const { context, page } = await newPage();
    await page.goto(memorialPath);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Leave A Flower' }).click();
    // Signed out, a public memorial offers to leave it as a guest, or to log in or sign up first.
    await page.getByRole('dialog').getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(memorialPath);
    await page.getByLabel(/username or email/i).fill(DEMO.visitor.userName);
    await page.getByLabel(/^password/i).fill(DEMO.visitor.password);
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await page.waitForURL((url) => url.pathname === memorialPath);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();

    // A direct visit to /login still lands on the home page, and no address leads off the site.
    for (const start of ['/login', '/login?next=%2F%2Fevil.example%2F']) {
      await page.evaluate(() => localStorage.removeItem('user'));
      await page.goto(start);
      await page.getByLabel(/username or email/i).fill(DEMO.visitor.userName);
      await page.getByLabel(/^password/i).fill(DEMO.visitor.password);
      await page.getByRole('button', { name: /^log ?in$/i }).click();
      await page.waitForURL(
        (url) => url.pathname === '/' && url.host === new URL(server.baseUrl).host,
      );
    }
    await context.close();
  });
});
