// Accounts on the production build: edit the profile with a new avatar, the secure password
// reset through the outbox link, the admin page, the static pages and the contact form, with axe
// on every screen (the Edit Profile modal open too).
import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  expectNoAxeViolations,
  fixturePng,
  launchBrowser,
  loginViaApi,
  newPage,
  startServer,
  type RunningServer,
} from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({}, { admin: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PASSWORD = 'Remember-them-2026';

async function registerMember(label: string) {
  const suffix = randomBytes(3).toString('hex');
  const member = {
    fullName: `${label} Whitmore`,
    userName: `${label.toLowerCase()}_${suffix}`,
    email: `${label.toLowerCase()}.${suffix}@example.com`,
    password: PASSWORD,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(member)) form.set(key, value);
  form.set(
    'avatar',
    new Blob([new Uint8Array(await fixturePng(200, 200, '#c9a27e'))], { type: 'image/png' }),
    'me.png',
  );
  const res = await fetch(`${server.baseUrl}/api/v1/users/register`, {
    method: 'POST',
    body: form,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return member;
}

async function apiLogin(userName: string, password: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': randomBytes(2).toString('hex'),
    },
    body: JSON.stringify({ userName, password }),
  });
  return res.status;
}

async function expectNotice(page: Page, role: 'status' | 'alert', text: string) {
  await page.getByRole(role).filter({ hasText: text }).first().waitFor();
}

async function storedUser(page: Page) {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? 'null')?.data?.user ?? null,
  ) as Promise<{
    fullName: string;
    avatar: string;
  } | null>;
}

/** No horizontal scrolling of the page itself at this width. */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The newest .eml in the outbox to `to`, decoded from quoted-printable. */
async function newestMailTo(to: string): Promise<string> {
  const dir = path.join(server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = await readdir(dir).catch(() => [] as string[]);
    const dated = await Promise.all(
      files
        .filter((f) => f.endsWith('.eml'))
        .map(async (f) => ({ f, at: (await stat(path.join(dir, f))).mtimeMs })),
    );
    for (const { f } of dated.sort((a, b) => b.at - a.at)) {
      const raw = await readFile(path.join(dir, f), 'utf8');
      const decoded = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (decoded.includes(`To: ${to}`)) return decoded;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

describe('profile', () => {
  it('shows the account, passes axe with and without the modal, and saves a new avatar', async () => {
    const member = await registerMember('Edith');
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginViaApi(page, server.baseUrl, member.userName, member.password);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: member.userName }).waitFor();
    await page.getByText('Member', { exact: true }).waitFor();
    await expect(
      page.getByRole('link', { name: 'Add Your Life Legacy' }).getAttribute('href'),
    ).resolves.toBe('/profile/life-legacy');
    await expectNoAxeViolations(page, '/profile');
    const before = await storedUser(page);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe(member.email);
    await expect(dialog.getByLabel('Email').getAttribute('readonly')).resolves.not.toBeNull();
    await expectNoAxeViolations(page, '/profile with Edit Profile open');

    await dialog.getByLabel('Avatar').setInputFiles({
      name: 'new.png',
      mimeType: 'image/png',
      buffer: await fixturePng(300, 300, '#5e7d6e'),
    });
    await dialog.getByRole('img', { name: 'Preview of the chosen avatar' }).waitFor();
    await dialog.getByLabel('Full Name').fill('Edith Rose Whitmore');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'status', 'Profile updated successfully!');
    await dialog.waitFor({ state: 'detached' });

    const after = await storedUser(page);
    expect(after?.fullName).toBe('Edith Rose Whitmore');
    expect(after?.avatar).not.toBe(before?.avatar);
    const served = await fetch(`${server.baseUrl}${after!.avatar}`);
    expect(served.status).toBe(200);
    expect((await fetch(`${server.baseUrl}${before!.avatar}`)).status).toBe(404);
    await context.close();
  });

  it('fits a 390 px screen', async () => {
    const member = await registerMember('Narrow');
    const { context, page } = await newPage(browser, server.baseUrl, { width: 390, height: 844 });
    await loginViaApi(page, server.baseUrl, member.userName, member.password);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: member.userName }).waitFor();
    await expectNoPageOverflow(page);
    await context.close();
  });
});

describe('account details and password', () => {
  it('changes the email and the password; this tab stays signed in with a fresh token', async () => {
    const member = await registerMember('Changer');
    const { context, page } = await newPage(browser, server.baseUrl);
    const session = await loginViaApi(page, server.baseUrl, member.userName, member.password);

    await page.goto('/profile/update-account-details');
    await page.getByRole('heading', { level: 1, name: 'Account details' }).waitFor();
    await expectNoAxeViolations(page, '/profile/update-account-details');
    await page.getByLabel(/^Email/).fill(`new.${member.email}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/profile');
    await expect(
      page.evaluate(() => JSON.parse(localStorage.getItem('user')!).data.user.email),
    ).resolves.toBe(`new.${member.email}`);

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel(/^Current Password/).fill(PASSWORD);
    await dialog.getByLabel(/^New Password/).fill('Another-start-31');
    await dialog.getByLabel(/^Confirm New Password/).fill('Another-start-31');
    await expectNoAxeViolations(page, '/profile with Change Password open');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expectNotice(page, 'status', 'Your password has been changed.');
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user')!).data.accessToken as string,
    );
    expect(token).not.toBe(session.accessToken);
    const me = (bearer: string) =>
      fetch(`${server.baseUrl}/api/v1/users/me`, {
        headers: { authorization: `Bearer ${bearer}` },
      }).then((r) => r.status);
    expect(await me(session.accessToken)).toBe(401);
    expect(await me(token)).toBe(200);
    // Still signed in here: the profile loads without the session-expired notice.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: member.userName }).waitFor();
    await context.close();
  });
});

describe('password reset', () => {
  it('changes the password only when the emailed link is opened, and only once', async () => {
    const member = await registerMember('Reset');
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await expectNoAxeViolations(page, '/forgot-password');

    await page.getByLabel('Username').fill(member.userName);
    await page.getByLabel(/^New Password/).fill('Fresh-start-2027');
    await page.getByLabel('Confirm New Password').fill('Fresh-start-2027');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const answer =
      'If an account matches, we have emailed a link to confirm your new password. It expires in 30 minutes.';
    await expectNotice(page, 'status', answer);

    const mail = await newestMailTo(member.email);
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(
      mail,
    )?.[0];
    expect(link).toBeDefined();
    // Nothing changed yet.
    expect(await apiLogin(member.userName, PASSWORD)).toBe(200);

    await page.goto(link!);
    await expectNotice(page, 'status', 'Your new password is now active. Please log in with it.');
    expect(new URL(page.url()).search).toBe('');
    await expectNoAxeViolations(page, '/reset-password/confirm');
    expect(await apiLogin(member.userName, PASSWORD)).toBe(401);
    expect(await apiLogin(member.userName, 'Fresh-start-2027')).toBe(200);

    await page.goto(link!);
    await expectNotice(page, 'alert', 'This link is invalid or has expired.');
    expect(await apiLogin(member.userName, 'Fresh-start-2027')).toBe(200);
    await context.close();
  });
});

describe('administration', () => {
  it('lets the admin find a member and grant the sponsor role; passes axe on every tab', async () => {
    const member = await registerMember('Sponsorable');
    const { context, page } = await newPage(browser, server.baseUrl);
    await loginViaApi(page, server.baseUrl, DEMO.admin.userName, DEMO.admin.password);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await page.getByLabel('Search members by name, username or email').fill(member.userName);
    const grant = page.getByRole('button', { name: `Grant sponsor to ${member.userName}` });
    await grant.waitFor();
    await expectNoAxeViolations(page, '/admin members');
    await grant.click();
    await expectNotice(page, 'status', 'Sponsor role granted.');
    await page.getByRole('button', { name: `Revoke sponsor from ${member.userName}` }).waitFor();

    await page.getByRole('tab', { name: 'Memorials' }).click();
    await page.getByRole('columnheader', { name: 'Sponsored by' }).waitFor();
    await expectNoAxeViolations(page, '/admin memorials');
    await page.getByRole('tab', { name: 'Tributes' }).click();
    await page.getByText('The newest flowers and prayers on every memorial.').waitFor();
    await page
      .getByRole('button', { name: /^Remove / })
      .first()
      .waitFor();
    await expectNoAxeViolations(page, '/admin tributes');
    await context.close();
  });
});

describe('static pages', () => {
  const pages = [
    ['/about-us', 'About Us'],
    ['/user-guide', 'User Guide'],
    ['/terms', 'Terms and Conditions'],
    ['/policy', 'Privacy Policy'],
    ['/contact-us', 'Contact Us'],
  ] as const;

  it('render one heading each and pass axe', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    for (const [url, title] of pages) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
      await expectNoAxeViolations(page, url);
    }
    await context.close();
  });

  it('sends the contact form to the care address', async () => {
    const { context, page } = await newPage(browser, server.baseUrl, { width: 390, height: 844 });
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please enter your name.').waitFor();
    await page.getByLabel('Your name').fill('June Park');
    await page.getByLabel('Your email').fill('june@example.com');
    await page.getByLabel('Message').fill('Thank you for the memorial of my grandmother.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectNotice(page, 'status', 'Thank you. Your message has been sent.');
    const mail = await newestMailTo('care@localhost');
    expect(mail).toContain('Reply-To: june@example.com');
    expect(mail).toContain('Thank you for the memorial of my grandmother.');
    await expectNoPageOverflow(page);
    await context.close();
  });
});
