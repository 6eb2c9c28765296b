// The memorial journey on the production build: become a sponsor, create a Rip with a picture,
// find it by a word and by a tag, open, edit, share (short link, QR code, poster) and print it, add
// and remove a contributor, like it, and delete it.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  expectNoPageOverflow,
  expectNotification as expectNotice,
  fixturePng,
  PASSWORD,
  useJourney,
} from './harness.js';

const { server, signedInPage, registerMember } = useJourney({
  env: { SEED_DEMO: 'false' },
});

const suffix = randomBytes(3).toString('hex');

async function register(userName: string, fullName: string): Promise<void> {
  const member = { fullName, email: `${userName}@example.com`, userName, password: PASSWORD };
  await registerMember(member, await fixturePng(128, 128));
}

describe('memorials journey', () => {
  it('creates, finds, opens, edits, shares, likes and deletes a Rip', async () => {
    const owner = `family_${suffix}`;
    const helper = `helper_${suffix}`;
    await register(owner, 'Rosa Family');
    await register(helper, 'Hugo Helper');

    const { page } = await signedInPage({ userName: owner, password: PASSWORD });

    // Become a sponsor from the list page; the add button replaces the warning.
    await page.goto('/memoriams');
    await page.getByRole('heading', { level: 1, name: 'Memoriams' }).waitFor();
    await expectNotice(page, 'No posts found matching your query.');
    await expectNoAxeViolations(page, '/memoriams');
    await page.getByRole('button', { name: "Become sponsor to Add the Rip's" }).click();
    await expectNotice(page, 'You are now a sponsor!');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored.data.roles).toBe('sponsor');

    // Create a Rip with a picture.
    await page.getByRole('link', { name: 'Add a Rip' }).click();
    await page.waitForURL('**/create-post');
    await page.getByRole('heading', { level: 1, name: 'Add a Rip' }).waitFor();
    expect(await page.getByLabel('Owner').inputValue()).toBe('Rosa Family');
    await expectNoAxeViolations(page, '/create-post');
    const word = `lighthouse${suffix}`;
    const tag = `Beekeeper${suffix}`;
    await page.getByLabel('Title', { exact: false }).first().fill(`Marta Ilves ${suffix}`);
    await page
      .getByLabel('Description')
      .fill(`She kept the ${word} lamp burning for forty winters.`);
    await page.getByLabel('Birth Place').fill('Tallinn');
    await page.getByLabel('Burial').fill('Rahumäe cemetery');
    await page.getByLabel('Plot').fill('B-12');
    await page.getByLabel('Traits').fill(`gentle ${tag} gentle`);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'marta.png',
      mimeType: 'image/png',
      buffer: await fixturePng(900, 600, '#b7a58c'),
    });
    await page.getByRole('img', { name: 'Preview of the chosen picture' }).waitFor();
    await page.getByRole('button', { name: 'Create Rip' }).click();
    await expectNotice(page, 'Post Created Successfully');
    await page.waitForURL((url) => url.pathname === '/');

    // Find it by a word of its description, then by its tag in another letter case.
    await page.goto('/memoriams');
    const search = page.getByPlaceholder("Search Rip's...");
    await search.fill(word.toUpperCase());
    await page.waitForURL((url) => url.searchParams.get('q') === word.toUpperCase());
    const card = page.getByRole('link', { name: new RegExp(`Marta Ilves ${suffix}`) });
    await card.waitFor();
    await search.fill(tag.toLowerCase());
    await page.waitForURL((url) => url.searchParams.get('q') === tag.toLowerCase());
    await card.waitFor();
    await card.getByText(tag, { exact: true }).waitFor();
    const img = card.getByRole('img', { name: `Photo of Marta Ilves ${suffix}` });
    expect(await img.getAttribute('srcset')).toMatch(/320w/);
    await search.fill('nothing-matches-this-' + suffix);
    await expectNotice(page, 'No posts found matching your query.');

    // Open it from the search results.
    await search.fill(tag.toUpperCase());
    await card.click();
    await page.waitForURL(/\/post\/[0-9a-f-]{36}$/);
    const postUrl = page.url();
    await page.getByRole('heading', { level: 1, name: `Marta Ilves ${suffix}` }).waitFor();
    await page.getByText('sponsored by Rosa Family').waitFor();
    await page.getByText('this post has been liked by 0 people!').waitFor();
    await expectNoAxeViolations(page, '/post/{id}');

    // Edit it without choosing a new picture.
    await page.getByRole('button', { name: 'Edit' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Rip' });
    await modal.getByLabel('Rip Name').fill(`Marta Ilves-Kask ${suffix}`);
    await modal
      .getByLabel('Description')
      .fill(`She kept the ${word} lamp burning, and taught us to swim.`);
    await modal.getByLabel('Poster line').fill('The light stays on');
    await expectNoAxeViolations(page, 'Edit Rip modal');
    await modal.getByRole('button', { name: 'Update Rip' }).click();
    await expectNotice(page, 'Post updated successfully!');
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: `Marta Ilves-Kask ${suffix}` }).waitFor();
    await page.getByText('taught us to swim').waitFor();
    await page.getByRole('img', { name: `Photo of Marta Ilves-Kask ${suffix}` }).waitFor();

    // Share: the short link is copied, the QR code shows, the poster downloads as a PDF.
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this memorial' });
    const shortUrl = await share.getByLabel('Link to this memorial').inputValue();
    expect(shortUrl).toMatch(new RegExp(`^${server.baseUrl}/m/[2-9a-hjkmnp-z]{8}$`));
    await share.getByRole('button', { name: 'Copy link' }).click();
    await share.getByText(`Link copied: ${shortUrl}`).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);
    await share.getByRole('img', { name: /^QR code that opens the memorial of Marta/ }).waitFor();
    const [poster] = await Promise.all([
      page.waitForEvent('download'),
      share.getByRole('button', { name: 'Poster (A4)' }).click(),
    ]);
    expect(poster.suggestedFilename()).toBe(`marta-ilves-kask-${suffix}-poster-a4.pdf`);
    const pdf = await readFile((await poster.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
    await expectNoAxeViolations(page, 'Share dialog');
    await page.setViewportSize({ width: 390, height: 844 });
    await share.getByRole('button', { name: 'Poster (Letter)' }).waitFor();
    await expectNoPageOverflow(page, 'no sideways scrolling at 390 px');
    await expectNoAxeViolations(page, 'Share dialog at 390 px');
    await mkdir('/tmp/share-shots', { recursive: true });
    await page.screenshot({ path: '/tmp/share-shots/share-dialog-390.png' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
    await share.waitFor({ state: 'detached' });

    // The short link opens the memorial; a code nobody has opens what a memorial's address shows
    // when there is nothing to show.
    await page.goto(shortUrl);
    await page.waitForURL(postUrl);
    await page.getByRole('heading', { level: 1, name: `Marta Ilves-Kask ${suffix}` }).waitFor();
    const unknown = await page.goto('/m/zzzzzzzz');
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Memorial not found' }).waitFor();

    // Printed, the page is the memorial alone: no navigation, buttons or footer; photo and text.
    await page.goto(postUrl);
    await page.getByRole('button', { name: 'Share' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    const heading = page.getByRole('heading', { level: 1, name: `Marta Ilves-Kask ${suffix}` });
    expect(await heading.isVisible()).toBe(true);
    expect(
      await page.getByRole('img', { name: `Photo of Marta Ilves-Kask ${suffix}` }).isVisible(),
    ).toBe(true);
    expect(await page.getByText('taught us to swim').isVisible()).toBe(true);
    for (const hidden of [
      page.locator('header'),
      page.locator('footer'),
      page.getByRole('button', { name: 'Share' }),
      page.getByRole('button', { name: 'Edit' }),
    ]) {
      expect(await hidden.isVisible()).toBe(false);
    }
    await page.screenshot({ path: '/tmp/share-shots/memorial-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // Add a contributor.
    const picker = page.getByRole('combobox', { name: 'Add Contributer' });
    await picker.fill(helper);
    await page.getByRole('option', { name: new RegExp(helper) }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectNotice(page, 'Contributer has been added to this rip successfully!');

    // The helper now sees the galleries; the owner removes them (after confirming), on a phone.
    const contributors = page.getByRole('region', { name: 'Contributors' });
    await contributors.getByText('Hugo Helper').waitFor();
    const helperView = await signedInPage(
      { userName: helper, password: PASSWORD },
      { width: 390, height: 844 },
    );
    await helperView.page.goto(postUrl);
    await helperView.page.getByRole('button', { name: 'Document', exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await contributors
      .getByRole('button', { name: 'Remove Hugo Helper as a contributor' })
      .waitFor();
    await expectNoPageOverflow(page, 'no sideways scrolling at 390 px');
    await expectNoAxeViolations(page, '/post/{id} manage panel with contributors');
    await contributors.getByRole('button', { name: 'Remove Hugo Helper as a contributor' }).click();
    const removeDialog = page.getByRole('dialog', { name: 'Remove this contributor?' });
    await removeDialog.getByText('Hugo Helper will no longer see or add photos').waitFor();
    await expectNoAxeViolations(page, 'Remove contributor modal');
    await removeDialog.getByRole('button', { name: 'Remove' }).click();
    await expectNotice(page, 'The contributor has been removed from this rip.');
    await removeDialog.waitFor({ state: 'detached' });
    await contributors.getByText('No contributors yet.').waitFor();
    await helperView.page.reload();
    await helperView.page.getByText('You do not have permission to view this content.').waitFor();
    expect(
      await helperView.page.getByRole('button', { name: 'Document', exact: true }).count(),
    ).toBe(0);
    await helperView.context.close();
    await page.setViewportSize({ width: 1280, height: 900 });

    // Added again, for the steps below.
    await picker.fill(helper);
    await page.getByRole('option', { name: new RegExp(helper) }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectNotice(page, 'Contributer has been added to this rip successfully!');
    await contributors.getByText('Hugo Helper').waitFor();

    // Like it; the count follows, and survives a reload.
    await page.getByRole('button', { name: 'Like' }).click();
    await page.getByText('this post has been liked by 1 people!').waitFor();
    await page.reload();
    await page.getByText('this post has been liked by 1 people!').waitFor();
    expect(await page.getByRole('button', { name: 'Liked' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Delete it from the profile, after confirming.
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Your Rips' }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this Rip?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectNotice(page, 'The Rip has been deleted.');
    await page.getByText('You have not added a Rip yet.').waitFor();

    await page.goto(postUrl);
    await page.getByRole('heading', { level: 1, name: 'Memorial not found' }).waitFor();
  });

  it('sends members who are not sponsors from /create-post to /memoriams', async () => {
    const member = `member_${suffix}`;
    await register(member, 'Mia Member');
    const { page } = await signedInPage(
      { userName: member, password: PASSWORD },
      { width: 390, height: 844 },
    );
    await page.goto('/create-post');
    await page.waitForURL('**/memoriams');
    await page.getByRole('button', { name: "Become sponsor to Add the Rip's" }).waitFor();
    await expectNoAxeViolations(page, '/memoriams at 390 px');
  });
});
