// A Life Legacy that reaches the right people, in Chromium, every mail through a real SMTP server
// on loopback: a member marks entries of their legacy (one to a beneficiary by email, the rest to
// their stewards or private) and names two stewards, who accept from their emailed links; one
// steward reports the death; the member stops it from the emailed one-click link; the other
// steward reports it again; the waiting period passes (the server's test clock, which production
// refuses to start with); the beneficiary opens exactly what was left to them and nothing else;
// a steward starts the member's memorial from the legacy.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  expectNoPageOverflow,
  expectNotice,
  expectNotification,
  newMember,
  screenshotsIn,
  type Member,
  useJourney,
} from './harness.js';

const { server, newPage, signIn, signedInPage, registerMember, newestMailTo, openEmailedLink } =
  useJourney({
    smtp: true,
    // NODE_ENV=test: the test clock is refused in production (config.test.ts shows it).
    env: { NODE_ENV: 'test', TEST_CLOCK_CONTROL: 'true', LEGACY_RELEASE_SWEEP_SECONDS: '3600' },
  });

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-legacy-release';
const member = newMember('Eleanor', 'Quinn');
const stewards = [newMember('Rosa', 'Quinn'), newMember('Tomas', 'Quinn')];
const BENEFICIARY = `cousin.${process.pid}@example.org`;
const FOR_BENEFICIARY = 'The recipe box in the pantry';
const FOR_STEWARDS = 'Founded the village choir';
const PRIVATE = 'Letters I never sent';

const shot = screenshotsIn(SHOTS);

async function reportDeath(steward: Member) {
  const { context, page } = await signedInPage(steward, PHONE);
  try {
    await page.goto('/legacy/stewarding');
    await page.getByRole('heading', { level: 1, name: 'People who trust you' }).waitFor();
    await page.getByRole('button', { name: `Report ${member.fullName}'s death` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Report the death' }).click();
    await expectNotification(page, 'Thank you. Your report is in.');
    await page.getByText(/^Your report is in\./).waitFor();
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  for (const person of [member, ...stewards]) await registerMember(person);
  // The legacy's entries, written as through its form before this journey (that form's own
  // journey is account.e2e.ts); the marks are set here, in the browser.
  const { accessToken } = await signIn(member);
  const res = await fetch(`${server.baseUrl}/api/v1/legacies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      birthPlace: 'Galway',
      description: 'A life of songs and letters.',
      accomplishments: [
        { description: FOR_STEWARDS, from: 1975, to: 2010, beneficiaries: 'The village' },
        { description: PRIVATE, from: 1960, to: 1965, beneficiaries: 'Nobody' },
      ],
      aspirations: [{ name: 'Recipes', description: FOR_BENEFICIARY, comment: 'Keep cooking' }],
    }),
  });
  expect(res.status, await res.text()).toBe(201);
});

describe('a Life Legacy that reaches the right people', () => {
  it('the member marks entries, sets the rules and names two stewards, who accept', async () => {
    const { context, page } = await signedInPage(member);
    try {
      // The private entry stays private forever; the recipe goes to the cousin by email.
      await page.goto('/profile/build-legacy');
      const choices = page.getByLabel('Released after my death to');
      await choices.first().waitFor();
      await choices.nth(1).selectOption({ label: 'Private forever' });
      await choices.nth(2).selectOption({ label: 'These beneficiaries' });
      await page.getByLabel('Email addresses of the beneficiaries').fill(BENEFICIARY);
      await shot(page, 'build-legacy-marks-1280');
      await page
        .getByRole('button', { name: /^save|submit/i })
        .last()
        .click();
      await expectNotice(page, 'status', 'Data submitted successfully!');

      await page.goto('/profile/legacy-release');
      await page.getByRole('heading', { level: 1, name: 'After my death' }).waitFor();
      await page.getByLabel('About me').selectOption({ label: 'To my stewards' });
      await page.getByLabel('Accomplishments').selectOption({ label: 'To my stewards' });
      await page.getByRole('button', { name: 'Save my choices' }).click();
      await expectNotice(page, 'status', 'Your choices are saved.');
      for (const steward of stewards) {
        await page.getByLabel("Steward's email address").fill(steward.email);
        await page.getByRole('button', { name: 'Invite steward', exact: true }).click();
        await expectNotice(page, 'status', `We emailed ${steward.email} an invitation.`);
      }
      await expectNoAxeViolations(page, 'after my death (1280)');
      await shot(page, 'after-my-death-1280');
    } finally {
      await context.close();
    }

    for (const steward of stewards) {
      const signed = await signedInPage(steward, PHONE);
      try {
        await openEmailedLink(signed.page, steward.email, '/legacy/steward');
        await signed.page.getByRole('heading', { level: 1, name: 'Become a steward' }).waitFor();
        await expectNoAxeViolations(signed.page, 'become a steward (390)');
        await signed.page.getByRole('button', { name: 'Accept' }).click();
        await signed.page
          .getByRole('heading', { level: 1, name: 'People who trust you' })
          .waitFor();
        await signed.page.getByRole('heading', { name: member.fullName }).waitFor();
        await expectNoPageOverflow(signed.page, 'people who trust you (390)');
      } finally {
        await signed.context.close();
      }
    }
  });

  it('a steward reports the death; the member stops it from the email; the other reports again', async () => {
    await reportDeath(stewards[0]!);
    // The member, alive, stops it from the mail's one-click link, on a phone, not signed in.
    const { context, page } = await newPage(PHONE);
    try {
      await openEmailedLink(page, member.email, '/legacy/stop');
      await page.getByRole('heading', { level: 1, name: 'Stop the release' }).waitFor();
      await expectNoAxeViolations(page, 'stop the release (390)');
      await page.getByRole('button', { name: 'Stop the release' }).click();
      await page.getByText('Stopped. Your stewards have been told.').waitFor();
      await shot(page, 'stopped-390');
    } finally {
      await context.close();
    }
    const told = await newestMailTo(stewards[1]!.email, 'stopped the release');
    expect(told).toContain(`${member.fullName} stopped the release of their Life Legacy`);

    await reportDeath(stewards[1]!);
    const again = await signedInPage(member);
    try {
      await again.page.goto('/profile/legacy-release');
      await again.page
        .getByText(/Your Life Legacy will be released on .+ unless you stop it\./)
        .waitFor();
    } finally {
      await again.context.close();
    }
  });

  it('the period passes; the beneficiary opens exactly their part, and a steward starts the memorial', async () => {
    const advanced = await fetch(`${server.baseUrl}/api/v1/test-clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 8 * 86_400 }),
    });
    expect(advanced.status, await advanced.text()).toBe(200);

    const { context, page } = await newPage(PHONE);
    try {
      await openEmailedLink(page, BENEFICIARY, '/legacy/released');
      await page.getByRole('heading', { level: 1, name: 'What was left for you' }).waitFor();
      await page.getByRole('button', { name: 'Open what was left for you' }).click();
      await page.getByText(`From ${member.fullName}'s Life Legacy`).waitFor();
      await page.getByText(FOR_BENEFICIARY).first().waitFor();
      const text = await page.locator('main').innerText();
      expect(text).not.toContain(FOR_STEWARDS);
      expect(text).not.toContain(PRIVATE);
      expect(text).not.toContain('A life of songs and letters.');
      await expectNoAxeViolations(page, 'what was left for you (390)');
      await expectNoPageOverflow(page, 'what was left for you (390)');
      await shot(page, 'released-390');
    } finally {
      await context.close();
    }

    // A steward's part: what was marked for the stewards, never the private entry.
    const stewardMail = await newestMailTo(stewards[0]!.email, '/legacy/released#token=');
    const token = /\/legacy\/released#token=([\w-]+)/.exec(stewardMail)![1]!;
    const part = await fetch(`${server.baseUrl}/api/v1/legacy-access/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const body = JSON.stringify(await part.json());
    expect(body).toContain(FOR_STEWARDS);
    expect(body).not.toContain(PRIVATE);
    expect(body).not.toContain(FOR_BENEFICIARY);

    const signed = await signedInPage(stewards[1]!);
    try {
      await signed.page.goto('/legacy/stewarding');
      await signed.page
        .getByRole('heading', { name: `A memorial for ${member.fullName}` })
        .waitFor();
      await signed.page.getByLabel('Date of death: day').fill('3');
      await signed.page.getByLabel('Date of death: month').selectOption('11');
      await signed.page.getByLabel('Date of death: year').fill('2026');
      await shot(signed.page, 'start-memorial-1280');
      await signed.page
        .getByRole('button', { name: `Start ${member.fullName}'s memorial` })
        .click();
      await signed.page.waitForURL(/\/post\/[0-9a-f-]{36}/);
      await signed.page.getByRole('heading', { level: 1, name: member.fullName }).waitFor();
      await signed.page.getByText(FOR_STEWARDS).first().waitFor();
      expect(await signed.page.locator('main').innerText()).not.toContain(PRIVATE);
      await shot(signed.page, 'memorial-from-legacy-1280');
    } finally {
      await signed.context.close();
    }
  });
});
