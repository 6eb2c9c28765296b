// The web shell and the account journey on the production build: sign up with an avatar, log in
// by username and by email, the header for visitors, sponsors and admins, sign out, session
// expiry (by the clock and by a revoked token), the fallback page, and axe on every step.
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, expectNoAxeViolations, expectNotice, fixturePng, useJourney } from './harness.js';

const { server, newPage } = useJourney({ admin: true });

const suffix = randomBytes(3).toString('hex');
const member = {
  fullName: 'Ada Lindqvist',
  userName: `ada_${suffix}`,
  email: `ada.${suffix}@example.com`,
  password: 'Remember-them-2026',
};

function header(page: Page): Locator {
  return page.getByRole('banner');
}

async function expectLoggedOutHeader(page: Page) {
  const banner = header(page);
  await banner.getByRole('link', { name: 'Login', exact: true }).waitFor();
  await banner.getByRole('link', { name: 'Sign Up', exact: true }).waitFor();
  for (const name of ['Rips Memorial', 'Home', 'About Us', 'User Guide']) {
    await expect(banner.getByRole('link', { name, exact: true }).count()).resolves.toBeGreaterThan(
      0,
    );
  }
  await expect(banner.getByRole('link', { name: 'Memoriams' }).count()).resolves.toBe(0);
  await expect(banner.getByRole('link', { name: 'Your Legacy' }).count()).resolves.toBe(0);
  await expect(banner.getByRole('link', { name: 'Add Rip' }).count()).resolves.toBe(0);
}

async function expectLoggedInHeader(
  page: Page,
  userName: string,
  { sponsor }: { sponsor: boolean },
) {
  const banner = header(page);
  await banner.getByRole('button', { name: userName }).waitFor();
  await banner.getByRole('link', { name: 'Memoriams', exact: true }).waitFor();
  await expect(
    banner.getByRole('link', { name: 'Your Legacy', exact: true }).getAttribute('href'),
  ).resolves.toBe('/profile/life-legacy');
  await expect(banner.getByRole('link', { name: 'Login', exact: true }).count()).resolves.toBe(0);
  await expect(banner.getByRole('link', { name: 'Sign Up', exact: true }).count()).resolves.toBe(0);
  if (sponsor) {
    await expect(
      banner.getByRole('link', { name: 'Add Rip', exact: true }).getAttribute('href'),
    ).resolves.toBe('/create-post');
  } else {
    await expect(banner.getByRole('link', { name: 'Add Rip' }).count()).resolves.toBe(0);
  }
}

async function storedSession(
  page: Page,
): Promise<{ data: { accessToken: string; roles: string; user: { userName: string } } } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('user');
    return raw ? JSON.parse(raw) : null;
  });
}

async function logInThroughForm(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(identifier);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function fillSignUp(page: Page, values: typeof member) {
  await page.getByLabel('Full Name').fill(values.fullName);
  await page.getByLabel(/^Email/).fill(values.email);
  await page.getByLabel(/^Username/).fill(values.userName);
  await page.getByLabel(/^Password/).fill(values.password);
  await page.getByLabel('Avatar').setInputFiles({
    name: 'ada.png',
    mimeType: 'image/png',
    buffer: await fixturePng(256, 256, '#b1c4ba'),
  });
}

/** A JWT-shaped token whose `exp` has passed; the app must judge it by the clock alone. */
function expiredToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 60;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'someone', ver: 0, role: 'visitor', exp })}.c2lnbmF0dXJl`;
}

describe('web shell and accounts', () => {
  it('signs up with an avatar, logs in by username and by email, and signs out', async () => {
    const { page, context } = await newPage();

    await page.goto('/');
    await expect(page.title()).resolves.toBe('Rips Memorial');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectLoggedOutHeader(page);
    // The skip link is the first thing a keyboard reaches, and it leads to <main id="main">.
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Skip to main content',
    );
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await expectNoAxeViolations(page, '/ (logged out)');

    // Sign up: nothing is sent without an avatar, and field errors are tied to their fields.
    await header(page).getByRole('link', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL('**/sign-up');
    await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
    await expect.poll(() => page.title()).toBe('Sign Up · Rips Memorial');
    await expectNoAxeViolations(page, '/sign-up');
    await page.getByLabel('Full Name').fill(member.fullName);
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByLabel(/^Username/).fill(member.userName);
    await page.getByLabel(/^Password/).fill('short');
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/users/register')) registerCalls += 1;
    });
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectNotice(page, 'alert', 'Please select an avatar image.');
    const email = page.getByLabel(/^Email/);
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    const emailError = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy,
    );
    expect(emailError).toContain('Enter a valid email address.');
    await page.getByText('Password must be at least 8 characters.').waitFor();
    await expectNoAxeViolations(page, '/sign-up with errors');
    expect(registerCalls).toBe(0);

    await fillSignUp(page, member);
    await page.getByAltText('Preview of the chosen avatar').waitFor();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectNotice(page, 'status', 'User Registered Successfully');
    await page.waitForURL('**/login');
    expect(registerCalls).toBe(1);

    // The same email or username again: the spec's texts, tied to the field.
    await page.goto('/sign-up');
    await fillSignUp(page, { ...member, userName: `other_${suffix}` });
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectNotice(page, 'alert', 'Email Already Exists');
    await page.goto('/sign-up');
    await fillSignUp(page, { ...member, email: `other.${suffix}@example.com` });
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectNotice(page, 'alert', 'Username Already Exists');

    // A wrong password: the server's own message.
    await logInThroughForm(page, member.userName, 'Not-the-password-1');
    await expectNotice(page, 'alert', 'Invalid username, email or password.');
    await expect.poll(() => page.title()).toBe('Login · Rips Memorial');
    await expectNoAxeViolations(page, '/login');

    // Log in by username.
    await logInThroughForm(page, member.userName, member.password);
    await expectNotice(page, 'status', 'Login Successful');
    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInHeader(page, member.userName, { sponsor: false });
    const session = await storedSession(page);
    expect(session?.data.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(session?.data.user.userName).toBe(member.userName);
    expect(session?.data.roles).toBe('visitor');
    await page.getByRole('link', { name: 'Visit the memoriams' }).first().waitFor();
    await expectNoAxeViolations(page, '/ (logged in)');

    // The avatar menu: Profile and Sign out, no Admin for a visitor.
    await header(page).getByRole('button', { name: member.userName }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await expect(page.getByRole('menuitem', { name: 'Admin' }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page, 'user menu open');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectNotice(page, 'status', 'Logout Successful');
    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedOutHeader(page);
    await expect(storedSession(page)).resolves.toBeNull();

    // Log in by email (typed in the same box).
    await logInThroughForm(page, member.email.toUpperCase(), member.password);
    await expectNotice(page, 'status', 'Login Successful');
    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInHeader(page, member.userName, { sponsor: false });

    // Become a sponsor elsewhere; after a reload the header offers Add Rip.
    const token = (await storedSession(page))?.data.accessToken;
    const res = await fetch(`${server.baseUrl}/api/v1/users/become-sponsor`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    await page.reload();
    await expectLoggedInHeader(page, member.userName, { sponsor: true });
    await expect.poll(async () => (await storedSession(page))?.data.roles).toBe('sponsor');
    await expectNoAxeViolations(page, '/ (sponsor)');

    await context.close();
  });

  it('gives admins an Admin entry in the avatar menu', async () => {
    const { page, context } = await newPage();
    await logInThroughForm(page, DEMO.admin.userName, DEMO.admin.password);
    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInHeader(page, DEMO.admin.userName, { sponsor: true });
    await header(page).getByRole('button', { name: DEMO.admin.userName }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin' }).getAttribute('href')).resolves.toBe(
      '/admin',
    );
    await context.close();
  });

  it('ends a session whose token has expired, once, on the next start', async () => {
    const { page, context } = await newPage();
    // The session is written from a file of the site that runs no app: an app still starting on
    // the page would find the expired session first and end it there, before "/" opens below.
    await page.goto('/robots.txt');
    await page.evaluate((accessToken) => {
      const user = {
        _id: '00000000-0000-4000-8000-000000000000',
        userName: 'gone',
        fullName: 'Gone Away',
        avatar: null,
        email: 'gone@example.com',
        roles: 'visitor',
        createdAt: new Date().toISOString(),
      };
      localStorage.setItem(
        'user',
        JSON.stringify({ data: { accessToken, user, roles: 'visitor' } }),
      );
    }, expiredToken());
    await page.goto('/');
    await expectNotice(page, 'alert', 'Session expired. Please log in again.');
    await expectLoggedOutHeader(page);
    await expect(storedSession(page)).resolves.toBeNull();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Session expired' }).count(),
    ).resolves.toBe(1);
    await context.close();
  });

  it('ends a session the server no longer accepts (signed out elsewhere)', async () => {
    const { page, context } = await newPage();
    await logInThroughForm(page, DEMO.visitor.userName, DEMO.visitor.password);
    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInHeader(page, DEMO.visitor.userName, { sponsor: false });
    const token = (await storedSession(page))?.data.accessToken;
    const res = await fetch(`${server.baseUrl}/api/v1/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    // On reload the app asks who is signed in; the revoked token answers 401.
    await page.reload();
    await expectNotice(page, 'alert', 'Session expired. Please log in again.');
    await expectLoggedOutHeader(page);
    await context.close();
  });

  it('shows the not-found page for an unknown address', async () => {
    const { page, context } = await newPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Page not found · Rips Memorial');
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    await expectNoAxeViolations(page, 'fallback (logged out)');
    await logInThroughForm(page, DEMO.visitor.userName, DEMO.visitor.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/post/x/y/z');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectNoAxeViolations(page, 'fallback (logged in)');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('offers the same links in a drawer on a phone', async () => {
    const { page, context } = await newPage({ width: 390, height: 844 });
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await burger.click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'User Guide', exact: true }).waitFor();
    await drawer.getByRole('link', { name: 'Login', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'drawer open (logged out)');
    await drawer.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/login');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectNoAxeViolations(page, '/login on a phone');
    await context.close();
  });
});
