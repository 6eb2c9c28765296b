// Tributes and galleries on /post/{id}: flowers (bouquet and upload), prayers, the galleries'
// permission message, a contributor's uploads and a real document download, and axe on every modal.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfFile } from '../apps/server/test/fixtures.js';
import {
  DEMO,
  expectNoAxeViolations,
  expectNotification,
  fixturePng,
  loginViaApi,
  useJourney,
} from './harness.js';

let memorial: { _id: string; title: string };
const contributor = {
  userName: `clara_${process.pid}`,
  password: 'Gentle-river-2026',
  fullName: 'Clara Bennett',
};

const { server, newPage, registerMember } = useJourney();

beforeAll(async () => {
  const list = await fetch(`${server.baseUrl}/api/v1/posts?limit=1`);
  memorial = ((await list.json()) as { data: Array<{ _id: string; title: string }> }).data[0]!;
  await registerMember({ ...contributor, email: `${contributor.userName}@example.com` });
});

async function openMemorial(page: Page) {
  await page.goto(`/post/${memorial._id}`);
  await page.getByRole('heading', { level: 1, name: memorial.title }).waitFor();
  await page.getByRole('heading', { name: 'Flowers', exact: true }).waitFor();
}

function dialog(page: Page, name: string) {
  return page.getByRole('dialog', { name });
}

describe('tributes and galleries', () => {
  it('a member leaves a bouquet, an uploaded flower and a prayer, and sees the galleries refused', async () => {
    const { context, page } = await newPage();
    try {
      await loginViaApi(page, server.baseUrl, DEMO.visitor.userName, DEMO.visitor.password);
      await openMemorial(page);
      await page.getByText('You do not have permission to view this content.').waitFor();
      expect(await page.getByRole('button', { name: 'Photos', exact: true }).count()).toBe(0);

      await page.getByRole('button', { name: 'Leave A Flower' }).click();
      const flowerDialog = dialog(page, 'Leave A Flower');
      await flowerDialog.getByText('Red roses').click();
      await flowerDialog.getByRole('button', { name: 'Leave Flower' }).click();
      await expectNotification(page, 'Flower Added Successfully');
      await flowerDialog.waitFor({ state: 'detached' });
      const flowers = page.locator('section[aria-labelledby="tributes-flowers"] li');
      await expect.poll(() => flowers.first().innerText()).toContain('Red roses');
      const first = await flowers.first().innerText();
      expect(first).toContain('Left By');
      expect(first).toContain('Maya Lindqvist');
      expect(first).toMatch(
        /On (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/,
      );

      await page.getByRole('button', { name: 'Leave A Flower' }).click();
      await dialog(page, 'Leave A Flower')
        .locator('input[type=file]')
        .setInputFiles({
          name: 'tulips.png',
          mimeType: 'image/png',
          buffer: await fixturePng(640, 480, '#d9a3b5'),
        });
      await dialog(page, 'Leave A Flower')
        .getByAltText('Preview of the picture you chose')
        .waitFor();
      await dialog(page, 'Leave A Flower').getByRole('button', { name: 'Leave Flower' }).click();
      await expectNotification(page, 'Flower Added Successfully');
      const uploaded = flowers.first().locator('img');
      await expect.poll(() => uploaded.getAttribute('srcset')).toMatch(/\/media\/flowers\/.+ 160w/);
      expect(await uploaded.getAttribute('alt')).toBe(
        `Flower left by Maya Lindqvist for ${memorial.title}`,
      );
      expect(await uploaded.getAttribute('sizes')).toBeTruthy();
      expect(Number(await uploaded.getAttribute('width'))).toBe(640);

      await page.getByRole('button', { name: 'Say A Prayer' }).click();
      await dialog(page, 'Say A Prayer')
        .getByLabel('Your prayer')
        .fill('May you rest in gentle peace.');
      await dialog(page, 'Say A Prayer').getByRole('button', { name: 'Say Prayer' }).click();
      await expectNotification(page, 'Prayer Created Successfully');
      const prayers = page.locator('section[aria-labelledby="tributes-prayers"] li');
      await expect
        .poll(() => prayers.first().innerText())
        .toContain('May you rest in gentle peace.');

      await expectNoAxeViolations(page, 'memorial page as a member');
    } finally {
      await context.close();
    }
  });

  it('the owner adds a contributor through the page', async () => {
    const { context, page } = await newPage();
    try {
      await loginViaApi(page, server.baseUrl, DEMO.sponsor.userName, DEMO.sponsor.password);
      await openMemorial(page);
      await page.getByRole('combobox', { name: 'Add Contributer' }).fill(contributor.userName);
      await page.getByRole('option', { name: new RegExp(contributor.userName) }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expectNotification(page, 'Contributer has been added to this rip successfully!');

      // Moderation: the owner removes the member's prayer, after confirming.
      const prayers = page.locator('section[aria-labelledby="tributes-prayers"] li');
      const before = await prayers.count();
      const target = prayers.filter({ hasText: 'May you rest in gentle peace.' });
      await target
        .getByRole('button', { name: 'Remove the prayer left by Maya Lindqvist' })
        .click();
      const confirm = dialog(page, 'Remove this prayer?');
      await confirm.waitFor();
      await expectNoAxeViolations(page, 'remove confirmation');
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await expectNotification(page, 'The prayer has been removed.');
      await expect.poll(() => prayers.count()).toBe(before - 1);
      expect(await page.getByText('May you rest in gentle peace.').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the contributor uploads a photo, a memorablia image and a PDF, then downloads the PDF', async () => {
    const { context, page } = await newPage();
    try {
      await loginViaApi(page, server.baseUrl, contributor.userName, contributor.password);
      await openMemorial(page);
      await page.getByText('No photo added yet. Be the first to leave one.').waitFor();
      await page.getByText('No memorablia added yet. Be the first to leave one.').waitFor();
      await page.getByText('No document added yet. Be the first to leave one.').waitFor();

      await page.getByRole('button', { name: 'Photos', exact: true }).click();
      const photoDialog = dialog(page, 'Add Photo');
      expect(await photoDialog.getByLabel('Your Name').inputValue()).toBe(contributor.fullName);
      await photoDialog.locator('input[type=file]').setInputFiles({
        name: 'garden.png',
        mimeType: 'image/png',
        buffer: await fixturePng(1200, 800, '#a7c4a0'),
      });
      await photoDialog.getByAltText('Preview of the picture you chose').waitFor();
      await photoDialog.getByRole('button', { name: 'Add Photo' }).click();
      await expectNotification(page, 'Photo Has Been Added Successfully');
      const photo = page
        .getByAltText(`Photo of ${memorial.title} shared by ${contributor.fullName}`)
        .first();
      await photo.waitFor();

      // The lightbox shows the large variant, in an accessible modal.
      await page
        .getByRole('button', {
          name: `Open Photo of ${memorial.title} shared by ${contributor.fullName}`,
        })
        .click();
      const lightbox = dialog(page, `Photo shared by ${contributor.fullName}`);
      await lightbox.waitFor();
      await expect
        .poll(() =>
          lightbox
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await expectNoAxeViolations(page, 'photo lightbox');
      await lightbox.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Memoreblia', exact: true }).click();
      const memorabliaDialog = dialog(page, 'Add Memorablia');
      await memorabliaDialog.locator('input[type=file]').setInputFiles({
        name: 'medal.png',
        mimeType: 'image/png',
        buffer: await fixturePng(600, 600, '#c9b37a'),
      });
      await memorabliaDialog.getByRole('button', { name: 'Add Memorablia' }).click();
      await expectNotification(page, 'Memorablia Has Been Added Successfully');
      await page
        .getByAltText(`Memorablia of ${memorial.title} shared by ${contributor.fullName}`)
        .first()
        .waitFor();

      await page.getByRole('button', { name: 'Document', exact: true }).click();
      const documentDialog = dialog(page, 'Add Document');
      expect(await documentDialog.getByLabel('Your Name').isDisabled()).toBe(true);
      await documentDialog.getByRole('button', { name: 'Add Document' }).click();
      await expectNotification(page, 'Please select a document to upload.');
      const pdf = pdfFile().body;
      await documentDialog.locator('input[type=file]').setInputFiles({
        name: 'Order of service.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await documentDialog.getByRole('button', { name: 'Add Document' }).click();
      await expectNotification(page, 'Document uploaded successfully');
      expect(new URL(page.url()).pathname).toBe(`/post/${memorial._id}`);
      await page.getByText('Order of service.pdf').waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Order of service.pdf' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Order of service.pdf');
      const saved = await download.path();
      expect((await readFile(saved)).equals(pdf)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a document that is not what its name says is refused with the reason shown', async () => {
    const { context, page } = await newPage();
    try {
      await loginViaApi(page, server.baseUrl, contributor.userName, contributor.password);
      await openMemorial(page);
      await page.getByRole('button', { name: 'Document', exact: true }).click();
      const documentDialog = dialog(page, 'Add Document');
      await documentDialog.locator('input[type=file]').setInputFiles({
        name: 'invoice.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('<!doctype html><p>not a pdf</p>'),
      });
      await documentDialog.getByRole('button', { name: 'Add Document' }).click();
      await page
        .getByText(
          // Sending the same file again cannot help: the text does not ask for it.
          /^Error uploading document\. This file is not a PDF or Word document/,
        )
        .first()
        .waitFor();
      await documentDialog.getByText(/This file is not a PDF or Word document/).waitFor();
    } finally {
      await context.close();
    }
  });

  it('axe finds no violations on the memorial page with each modal open', async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await newPage({ width });
      try {
        await loginViaApi(page, server.baseUrl, contributor.userName, contributor.password);
        await openMemorial(page);
        await page.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
        await expectNoAxeViolations(page, `memorial page at ${width}px`);
        for (const [button, title] of [
          ['Leave A Flower', 'Leave A Flower'],
          ['Say A Prayer', 'Say A Prayer'],
          ['Photos', 'Add Photo'],
          ['Memoreblia', 'Add Memorablia'],
          ['Document', 'Add Document'],
        ] as const) {
          await page.getByRole('button', { name: button, exact: true }).click();
          const modal = dialog(page, title);
          await modal.waitFor();
          await expectNoAxeViolations(page, `${title} modal at ${width}px`);
          await modal.getByRole('button', { name: 'Cancel' }).click();
          await modal.waitFor({ state: 'detached' });
        }
      } finally {
        await context.close();
      }
    }
  });

  it('/add-flower leaves a flower from its own page and returns to the memorial', async () => {
    const { context, page } = await newPage({ width: 390 });
    try {
      await loginViaApi(page, server.baseUrl, DEMO.visitor.userName, DEMO.visitor.password);
      await page.goto(`/add-flower?postId=${memorial._id}`);
      await page.getByRole('heading', { level: 1, name: 'Leave A Flower' }).waitFor();
      await page.getByText('Lavender').click();
      await expectNoAxeViolations(page, '/add-flower');
      await page.getByRole('button', { name: 'Leave Flower' }).click();
      await expectNotification(page, 'Flower Added Successfully');
      await page.waitForURL((url) => url.pathname === `/post/${memorial._id}`);
      const flowers = page.locator('section[aria-labelledby="tributes-flowers"] li');
      await expect.poll(() => flowers.first().innerText()).toContain('Lavender');
    } finally {
      await context.close();
    }
  });
});
