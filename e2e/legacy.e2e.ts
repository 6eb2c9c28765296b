// The Life Legacy on the production build: empty states, the spec's validation messages,
// placeholders that are not values, two entries in every section, the saved legacy on its page
// (at 1280 and 390 px), editing it again, privacy from another member, and axe on both pages.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  expectNoPageOverflow,
  expectNotice,
  newMember,
  useJourney,
} from './harness.js';

const { signedInPage, registerMember: register } = useJourney();

const YEAR = String(new Date().getFullYear());

const registerMember = (label: string) => register(newMember(label, 'Okafor'));

/** Labels carry a hidden required asterisk: match the start of the name. */
const field = (scope: Locator | Page, label: string) => scope.getByLabel(new RegExp(`^${label}`));

const ENTRIES: Record<string, { singular: string; rows: Record<string, string>[] }> = {
  Accomplishments: {
    singular: 'accomplishment',
    rows: [
      {
        Description: 'Founded the river choir',
        'From \\(year\\)': '1988',
        'To \\(year\\)': '1996',
        Beneficiaries: 'Singers of Enugu',
      },
      {
        Description: 'Built the footbridge',
        'From \\(year\\)': '2001',
        'To \\(year\\)': '2003',
        Beneficiaries: 'Two villages',
      },
    ],
  },
  Assets: {
    singular: 'asset',
    rows: [
      {
        Item: 'Blue cottage',
        Description: 'By the harbour',
        Value: '180000',
        Beneficiaries: 'Daughter Ada',
      },
      { Item: 'Violin', Description: 'Made in 1921', Value: '4000', Beneficiaries: 'Grandson Tom' },
    ],
  },
  Relationships: {
    singular: 'relationship',
    rows: [
      { Name: 'Ngozi', 'Last Name': 'Okafor', Relationship: 'Wife' },
      { Name: 'Chidi', 'Last Name': 'Eze', Relationship: 'Best friend' },
    ],
  },
  'Bucket List': {
    singular: 'bucket list item',
    rows: [
      { Type: 'Travel', Place: 'Lake Kivu', Status: 'Planned' },
      { Type: 'Learning', Place: 'Lisbon', Status: 'Done' },
    ],
  },
  Aspirations: {
    singular: 'aspiration',
    rows: [
      { Name: 'Teach fishing', Description: 'To every grandchild', Comment: 'Summers only' },
      { Name: 'Plant a forest', Description: 'One hundred oaks', Comment: 'With the school' },
    ],
  },
};

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

describe('life legacy', () => {
  it('builds a legacy with the spec’s validation, shows it, and keeps it private', async () => {
    const member = await registerMember('Samuel');
    const { context, page } = await signedInPage(member);

    await page.goto('/profile/life-legacy');
    await page.getByRole('heading', { level: 1, name: member.fullName }).waitFor();
    await page.getByText('No accomplishments recorded yet.').waitFor();
    await page.getByText('Your bucket list is empty.').waitFor();
    await expectNoAxeViolations(page, '/profile/life-legacy (empty)');
    await page.getByRole('link', { name: 'Build Your Legacy' }).click();
    await page.waitForURL('**/profile/build-legacy');
    await page.getByRole('heading', { level: 1, name: 'Build Your Legacy' }).waitFor();
    await expectNoAxeViolations(page, '/profile/build-legacy');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, 'alert', 'Please fill out all required fields!');
    const personal = page.getByRole('region', { name: 'Personal details' });
    await field(personal, 'Birth Place').fill('Enugu, Nigeria');
    await field(personal, 'Description').fill('Engineer, storyteller and grandfather.');

    // A new entry starts empty with a placeholder, and its years default to this year.
    await page.getByRole('button', { name: 'Add accomplishment' }).click();
    const first = page.getByRole('group', { name: 'Accomplishment 1' });
    await expect(field(first, 'Description').inputValue()).resolves.toBe('');
    await expect(field(first, 'Description').getAttribute('placeholder')).resolves.toBe(
      'Founded the community choir',
    );
    await expect(field(first, 'From \\(year\\)').inputValue()).resolves.toBe(YEAR);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, 'alert', 'Please fill out all fields in Accomplishments!');
    // Year inputs keep 4 digits.
    await field(first, 'From \\(year\\)').fill('198812');
    await expect(field(first, 'From \\(year\\)').inputValue()).resolves.toBe('1988');
    await page.getByRole('button', { name: 'Remove accomplishment 1' }).click();

    for (const { singular, rows } of Object.values(ENTRIES)) {
      for (const [index, row] of rows.entries()) {
        await page.getByRole('button', { name: `Add ${singular}` }).click();
        const group = page.getByRole('group', { name: `${capital(singular)} ${index + 1}` });
        for (const [label, value] of Object.entries(row)) await field(group, label).fill(value);
      }
    }
    await page.getByRole('button', { name: 'Add relationship' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, 'alert', 'Please fill out all fields in Relationships!');
    await page.getByRole('button', { name: 'Remove relationship 3' }).click();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, 'status', 'Data submitted successfully!');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/profile/life-legacy');
    await page.getByText('Enugu, Nigeria').waitFor();
    for (const { rows } of Object.values(ENTRIES)) {
      for (const row of rows) {
        const values = Object.values(row);
        await page
          .getByRole('cell', { name: values[values.length - 1], exact: true })
          .first()
          .waitFor();
      }
    }
    await page.getByRole('cell', { name: '1988–1996' }).waitFor();
    await page.getByRole('cell', { name: 'Lake Kivu' }).waitFor();
    await expectNoAxeViolations(page, '/profile/life-legacy (filled)');

    // Editing starts from the saved legacy.
    await page.getByRole('link', { name: 'Build Your Legacy' }).click();
    await expect(
      field(page.getByRole('region', { name: 'Personal details' }), 'Birth Place').inputValue(),
    ).resolves.toBe('Enugu, Nigeria');
    await expect(
      field(page.getByRole('group', { name: 'Asset 2' }), 'Item').inputValue(),
    ).resolves.toBe('Violin');
    await context.close();

    // At 390 px the tables scroll inside their frame; the page itself does not.
    const narrow = await signedInPage(member, { width: 390, height: 844 });
    await narrow.page.goto('/profile/life-legacy');
    await narrow.page.getByText('Enugu, Nigeria').waitFor();
    await expectNoPageOverflow(narrow.page);
    await expectNoAxeViolations(narrow.page, '/profile/life-legacy at 390 px');
    await narrow.context.close();

    // Another member sees only their own (empty) legacy.
    const other = await registerMember('Grace');
    const second = await signedInPage(other);
    await second.page.goto('/profile/life-legacy');
    await second.page.getByText('No accomplishments recorded yet.').waitFor();
    await expect(second.page.getByText('Enugu, Nigeria').count()).resolves.toBe(0);
    await second.context.close();
  });
});
