// Accounts on the production build: edit the profile with a new avatar, the email change confirmed
// from the new address, the secure password reset through the outbox link (the link opens a form;
// only its submit acts), the admin page, the static pages and the contact form, with axe
// on every screen (the Edit Profile modal open too).
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  expectNoAxeViolations,
  expectNoPageOverflow,
  expectNotice,
  fixturePng,
  newMember,
  PASSWORD,
  useJourney,
} from './harness.js';

const {
  server,
  newPage,
  signedInPage,
  registerMember: register,
  newestMailTo,
} = useJourney({ admin: true });

async function registerMember(label: string) {
  return register(newMember(label, 'Whitmore'), await fixturePng(200, 200, '#c9a27e'));
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

async function storedEmail(page: Page) {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? 'null')?.data?.user?.email ?? null,
  ) as Promise<string | null>;
}

function me(bearer: string): Promise<number> {
  return fetch(`${server.baseUrl}/api/v1/users/me`, {
    headers: { authorization: `Bearer ${bearer}` },
  }).then((r) => r.status);
}

async function storedUser(page: Page) {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? 'null')?.data?.user ?? null,
  ) as Promise<{
    fullName: string;
    avatar: string;
  } | null>;
}

describe('profile', () => {
  it('shows the account, passes axe with and without the modal, and saves a new avatar', async () => {
    const member = await registerMember('Edith');
    const { context, page } = await signedInPage(member);
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
    const { context, page } = await signedInPage(member, { width: 390, height: 844 });
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: member.userName }).waitFor();
    await expectNoPageOverflow(page);
    await context.close();
  });
});

describe('account details and password', () => {
  it('changes the email once the new address’s link is confirmed with the current password; the old address can say "not me"', async () => {
    const member = await registerMember('Mover');
    const { context, page, session } = await signedInPage(member);
    const newEmail = `new.${member.email}`;

    await page.goto('/profile/update-account-details');
    await page.getByRole('heading', { level: 1, name: 'Account details' }).waitFor();
    await page.getByLabel(/^Email/).fill(newEmail);
    // A different email says what happens; no password is asked here.
    await page.getByText('We will send a confirmation link to the new address').waitFor();
    await expectNoAxeViolations(page, '/profile/update-account-details with a new email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'status', `We have sent a confirmation link to ${newEmail}.`);
    // Nothing about the email changed yet; the page says which one waits.
    expect(await storedEmail(page)).toBe(member.email);
    expect(await apiLogin(member.email, PASSWORD)).toBe(200);
    await page.reload();
    await page.getByText(`${newEmail} becomes your email once you open the link`).waitFor();

    const notice = await newestMailTo(member.email);
    expect(notice).toContain('A new email was requested');
    expect(notice).toMatch(/\/account\/cancel-email-change#token=[A-Za-z0-9_-]{43}/);
    const link = /http:\/\/127\.0\.0\.1:\d+\/account\/confirm-email\?token=[A-Za-z0-9_-]{43}/.exec(
      await newestMailTo(newEmail),
    )?.[0];
    expect(link).toBeDefined();

    // Opening the link changes nothing; the password and the button do.
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Confirm your new email' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expectNoAxeViolations(page, '/account/confirm-email');
    expect(await apiLogin(member.email, PASSWORD)).toBe(200);
    expect(await apiLogin(newEmail, PASSWORD)).toBe(401);
    await page.getByRole('button', { name: 'Confirm New Email' }).click();
    await page.getByText('Please enter your current password to confirm.').first().waitFor();
    await page.getByLabel(/^Current Password/).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Confirm New Email' }).click();
    await page.getByText('Your current password is not correct.').first().waitFor();
    await page.getByLabel(/^Current Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirm New Email' }).click();
    await expectNotice(page, 'status', 'Your new email is confirmed.');
    expect(await apiLogin(newEmail, PASSWORD)).toBe(200);
    expect(await storedEmail(page)).toBe(newEmail);
    // The other session ended; this browser carries on with a fresh token.
    expect(await me(session.accessToken)).toBe(401);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: member.userName }).waitFor();
    await context.close();
  });

  it('"this was not me" from the current address cancels the change and signs out every session', async () => {
    const member = await registerMember('Notme');
    const { context, page, session } = await signedInPage(member, { width: 390, height: 844 });
    const newEmail = `thief.${member.email}`;
    await page.goto('/profile/update-account-details');
    await page.getByLabel(/^Email/).fill(newEmail);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'status', `We have sent a confirmation link to ${newEmail}.`);

    const notMe =
      /http:\/\/127\.0\.0\.1:\d+\/account\/cancel-email-change#token=[A-Za-z0-9_-]{43}/.exec(
        await newestMailTo(member.email),
      )?.[0];
    expect(notMe).toBeDefined();
    await page.goto(notMe!);
    await page.getByRole('heading', { level: 1, name: 'Cancel the email change' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await expectNoAxeViolations(page, '/account/cancel-email-change');
    await expectNoPageOverflow(page);
    expect(await me(session.accessToken)).toBe(200);
    await page.getByRole('button', { name: 'This Was Not Me' }).click();
    await expectNotice(page, 'status', 'The email change was cancelled');
    expect(await me(session.accessToken)).toBe(401);
    expect(await apiLogin(member.email, PASSWORD)).toBe(200);
    await context.close();
  });

  it('changes the password; this tab stays signed in with a fresh token, and the account is told', async () => {
    const member = await registerMember('Changer');
    const { context, page, session } = await signedInPage(member);

    await page.goto('/profile/update-account-details');
    await page.getByRole('heading', { level: 1, name: 'Account details' }).waitFor();
    await expectNoAxeViolations(page, '/profile/update-account-details');
    await page.getByLabel(/^Full Name/).fill('Changer Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/profile');
    expect((await storedUser(page))?.fullName).toBe('Changer Renamed');

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
    expect(await me(session.accessToken)).toBe(401);
    expect(await me(token)).toBe(200);
    expect(await newestMailTo(member.email)).toContain('If this was not you');
    // Still signed in here: the profile loads without the session-expired notice.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: member.userName }).waitFor();
    await context.close();
  });
});

describe('password reset', () => {
  const RESET_ANSWER =
    'If an account matches, we have emailed it a link. Open the link and type your new password there to set it';
  const resetLink = (mail: string) =>
    /http:\/\/127\.0\.0\.1:\d+\/reset-password\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(mail)?.[0];

  it('changes the password only when the link holder submits it on the page, and only once', async () => {
    const member = await registerMember('Reset');
    const { context, page } = await newPage();
    await page.goto('/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await expectNoAxeViolations(page, '/forgot-password');

    await page.getByLabel('Username').fill(member.userName);
    await page.getByLabel(/^New Password/).fill('Fresh-start-2027');
    await page.getByLabel('Confirm New Password').fill('Fresh-start-2027');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectNotice(page, 'status', RESET_ANSWER);

    const link = resetLink(await newestMailTo(member.email, '/reset-password/confirm?token='));
    expect(link).toBeDefined();
    expect(await apiLogin(member.userName, PASSWORD)).toBe(200);

    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Set your new password' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expectNoAxeViolations(page, '/reset-password/confirm');
    // The page is open and nothing changed.
    expect(await apiLogin(member.userName, PASSWORD)).toBe(200);

    // A password other than the requested one is refused, with the reason on the field.
    await page.getByLabel(/^New Password/).fill('Something-else-44');
    await page.getByLabel('Confirm New Password').fill('Something-else-44');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page
      .getByText('This is not the new password chosen on the reset form.')
      .first()
      .waitFor();
    expect(await apiLogin(member.userName, PASSWORD)).toBe(200);

    await page.getByLabel(/^New Password/).fill('Fresh-start-2027');
    await page.getByLabel('Confirm New Password').fill('Fresh-start-2027');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expectNotice(page, 'status', 'Your new password is now active.');
    expect(await apiLogin(member.userName, PASSWORD)).toBe(401);
    expect(await apiLogin(member.userName, 'Fresh-start-2027')).toBe(200);
    expect(
      await newestMailTo(member.email, 'Subject: Your Rips Memorial password was changed'),
    ).toContain('If this was not you');

    await page.goto(link!);
    await page.getByLabel(/^New Password/).fill('Fresh-start-2027');
    await page.getByLabel('Confirm New Password').fill('Fresh-start-2027');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expectNotice(page, 'alert', 'This link is invalid or has expired.');
    expect(await apiLogin(member.userName, 'Fresh-start-2027')).toBe(200);
    await context.close();
  });

  it('an attacker’s request, then the victim opening the link without submitting, changes nothing', async () => {
    const victim = await registerMember('Victim');
    const attackerPassword = 'Attacker-chose-2027';
    const res = await fetch(`${server.baseUrl}/api/v1/users/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
      body: JSON.stringify({
        userName: victim.userName,
        email: '',
        newPassword: attackerPassword,
        confirmNewPassword: attackerPassword,
      }),
    });
    expect(res.status).toBe(200);
    const link = resetLink(await newestMailTo(victim.email, '/reset-password/confirm?token='));
    expect(link).toBeDefined();

    const { context, page } = await newPage();
    await page.goto(link!);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Give any request the page might make on load time to land.
    await page.waitForLoadState('networkidle');
    expect(await apiLogin(victim.userName, PASSWORD)).toBe(200);
    expect(await apiLogin(victim.userName, attackerPassword)).toBe(401);
    await page.getByRole('heading', { level: 1, name: 'Set your new password' }).waitFor();
    await page.getByText('Nothing has changed yet').waitFor();
    await context.close();
  });
});

describe('administration', () => {
  it('lets the admin find a member and grant the sponsor role; passes axe on every tab', async () => {
    const member = await registerMember('Sponsorable');
    const { context, page } = await signedInPage(DEMO.admin);
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
    await page.getByText(/^The newest flowers, prayers and candles on every memorial\./).waitFor();
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
    const { context, page } = await newPage();
    for (const [url, title] of pages) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
      await expectNoAxeViolations(page, url);
    }
    await context.close();
  });

  it('sends the contact form to the care address', async () => {
    const { context, page } = await newPage({ width: 390, height: 844 });
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
