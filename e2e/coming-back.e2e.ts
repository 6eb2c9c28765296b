// A place to come back to, at 390 px: a guest lights a candle from the memorial and confirms it
// from the emailed link; the family adds the funeral with a livestream link and a moment of the
// life timeline through their forms; a visitor with no account answers that they will come and
// confirms it by email; a member answers too and downloads the event's .ics, which an independent
// iCalendar parser reads; the member follows the memorial, is mailed the week's digest through a
// real SMTP server on loopback, and stops it in one click from the mail's List-Unsubscribe header;
// the family removes the funeral. Every mail of the journey goes through that SMTP server.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMemorial,
  DEMO,
  expectNoAxeViolations,
  screenshotsIn,
  useJourney,
} from './harness.js';

// The digest job looks every two seconds, so the week's digest goes out soon after the restart.
const { server, newPage, signIn, signedInPage, newestMailTo, openEmailedLink, restart } =
  useJourney({
    smtp: true,
    env: { FOLLOW_DIGEST_CHECK_SECONDS: '2' },
  });

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-coming-back';
const TITLE = `Teodoro Alves ${process.pid}`;
const GUEST = { name: 'Inês Prado', email: `ines.${process.pid}@example.com` };
const CANDLE_WORDS = 'For every song you taught us.';
const LIVESTREAM = 'https://live.example.org/teodoro';

let memorialId = '';

/** Waits as a person would before sending a guest's form: one sent sooner is taken for a robot's. */
async function afterFillTime(page: Page, opened: number) {
  await page.waitForTimeout(Math.max(0, 3_500 - (Date.now() - opened)));
}

const shot = screenshotsIn(SHOTS);

beforeAll(async () => {
  const token = (await signIn(DEMO.sponsor)).accessToken;
  memorialId = await createMemorial(server.baseUrl, token, { title: TITLE });
});

describe('a place to come back to (390 px)', () => {
  it('a guest lights a candle and confirms it from the emailed link', async () => {
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto(`/post/${memorialId}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.getByRole('button', { name: 'Light a candle' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Light a candle' });
      await dialog.getByRole('button', { name: 'Leave it as a guest' }).click();
      const opened = Date.now();
      await dialog.getByLabel('A few words (optional)').fill(CANDLE_WORDS);
      await dialog.getByLabel('Your name').fill(GUEST.name);
      await dialog.getByLabel('Your email').fill(GUEST.email);
      await expectNoAxeViolations(page, 'guest candle form (390)');
      await afterFillTime(page, opened);
      await dialog.getByRole('button', { name: 'Light the candle' }).click();
      await dialog.getByRole('status').filter({ hasText: 'Check your email' }).waitFor();

      await openEmailedLink(page, GUEST.email, '/guest-tributes/confirm');
      await page.getByRole('button', { name: 'Confirm my candle' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Thank you, ${GUEST.name}: your candle is now on the memorial` })
        .waitFor();

      await page.goto(`/post/${memorialId}`);
      await page.getByText('1 candle lit').first().waitFor();
      await page.getByText(CANDLE_WORDS).first().waitFor();
      expect(await page.content()).not.toContain(GUEST.email);
      await shot(page, 'candle-390');
    } finally {
      await context.close();
    }
  });

  it('the family adds the funeral with a livestream link, and a moment of the life', async () => {
    const { context, page } = await signedInPage(DEMO.sponsor, PHONE);
    try {
      await page.goto(`/post/${memorialId}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.getByRole('button', { name: 'Add an event' }).click();
      const form = page.getByRole('dialog', { name: 'Add an event' });
      await form.getByLabel('Kind', { exact: true }).click();
      await page.getByRole('option', { name: 'Funeral' }).click();
      await form.getByLabel('Title').fill('Funeral of Teodoro');
      await form.getByLabel('Starts').fill('2031-03-14T14:00');
      await form.getByLabel('Ends').fill('2031-03-14T15:30');
      // Lisbon keeps UTC in March until the last Sunday, so 14:00 there is 14:00Z.
      await form.getByLabel('Time zone of the place').fill('Europe/Lisbon');
      await page.getByRole('option', { name: 'Europe/Lisbon' }).click();
      await form.getByLabel('Place', { exact: true }).fill('St. Anne’s Chapel');
      await form.getByLabel('Address').fill('12 Harbour Road, Porto');
      await form.getByLabel('Livestream link (optional)').fill(LIVESTREAM);
      await expectNoAxeViolations(page, 'event form (390)');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'hidden' });
      const card = page.getByRole('article').filter({ hasText: 'Funeral of Teodoro' });
      await card.first().waitFor();
      // Visitors get the livestream link from 15 minutes before; the family sees it and says so.
      const stream = card.first().getByRole('link', { name: 'livestream link' });
      expect(await stream.getAttribute('href')).toBe(LIVESTREAM);
      await card.first().getByText('shows to visitors from 15 minutes before the start').waitFor();

      await page.getByRole('button', { name: 'Add a moment' }).click();
      const moment = page.getByRole('dialog', { name: 'Add a moment' });
      await moment.getByLabel('Year').fill('1968');
      await moment.getByLabel('Month (optional)').selectOption('6');
      await moment.getByLabel('Title').fill('Opened the bakery on Rua Nova');
      await moment.getByRole('button', { name: 'Add moment' }).click();
      await moment.waitFor({ state: 'hidden' });
      await page.getByText('Opened the bakery on Rua Nova').first().waitFor();
      await page.getByText('June 1968').first().waitFor();
      await shot(page, 'family-390');
    } finally {
      await context.close();
    }
  });

  it('a visitor with no account answers that they will come and confirms it by email', async () => {
    const { context, page } = await newPage(PHONE);
    const visitor = { name: 'Rui Costa', email: `rui.${process.pid}@example.com` };
    try {
      await page.goto(`/post/${memorialId}`);
      const card = page.getByRole('article').filter({ hasText: 'Funeral of Teodoro' }).first();
      await card.getByRole('button', { name: 'I will come' }).click();
      const opened = Date.now();
      await card.getByLabel('Your name').fill(visitor.name);
      await card.getByLabel('How many people, you included').fill('2');
      await card.getByLabel('Your email address').fill(visitor.email);
      await expectNoAxeViolations(page, 'guest answer form (390)');
      await afterFillTime(page, opened);
      await card.getByRole('button', { name: 'Send my answer' }).click();
      await card.getByRole('status').filter({ hasText: 'open its link to count' }).waitFor();

      await openEmailedLink(page, visitor.email, '/event-rsvps/confirm');
      await page.getByRole('button', { name: 'Confirm my answer' }).click();
      await page
        .getByRole('status')
        .filter({
          hasText: `Thank you, ${visitor.name}: your answer to Funeral of Teodoro is counted.`,
        })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('a member answers that they will come, downloads the .ics, and follows the memorial', async () => {
    const { context, page } = await signedInPage(DEMO.visitor, PHONE);
    try {
      await page.goto(`/post/${memorialId}`);
      const card = page.getByRole('article').filter({ hasText: 'Funeral of Teodoro' }).first();
      await card.waitFor();
      // Far from the start, a visitor is not shown the livestream link.
      expect(await card.getByRole('link', { name: 'Watch the livestream' }).count()).toBe(0);
      await card.getByRole('button', { name: 'I will come' }).click();
      await card.getByLabel('Your name').fill('Marta Alves');
      await card.getByLabel('How many people, you included').fill('3');
      await card.getByRole('button', { name: 'Send my answer' }).click();
      await card.getByText('You answered: 3 people.').waitFor();

      const href = await card.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
      expect(href).toMatch(/\/m\/[^/]+\/events\/[\w-]+\.ics$/);
      const res = await page.request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('text/calendar');
      const calendar = new ICAL.Component(ICAL.parse(await res.text()));
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(events).toHaveLength(1);
      expect(events[0]!.summary).toContain('Funeral of Teodoro');
      expect(events[0]!.location).toContain('12 Harbour Road, Porto');
      // 14:00 in Lisbon, as an instant.
      expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2031-03-14T14:00:00.000Z');
      expect(events[0]!.endDate.toJSDate().toISOString()).toBe('2031-03-14T15:30:00.000Z');

      await page.getByRole('button', { name: 'Follow this memorial' }).click();
      await page.getByRole('button', { name: 'Stop following' }).waitFor();
      await expectNoAxeViolations(page, 'memorial with events, candles and following (390)');
      await shot(page, 'member-390');
    } finally {
      await context.close();
    }
  });

  it('the follower is mailed the week’s digest and stops it in one click from its header', async () => {
    // A week passes while the server is stopped: the candle, the funeral and the moment move eight
    // days back, the follow two weeks back (it must be older than what it tells of), and the
    // digests counted for it so far are forgotten. The server's own digest run then finds the
    // week's digest due, as it would on Monday.
    await restart(async (dataDir) => {
      const db = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm, unaccent } });
      try {
        const week = `interval '8 days'`;
        const fortnight = `interval '15 days'`;
        await db.query(
          `delete from follow_digests where follow_id in (select id from follows where memorial_id = $1)`,
          [memorialId],
        );
        await db.query(
          `update follows set created_at = created_at - ${fortnight},
             confirmed_at = confirmed_at - ${fortnight},
             covered_until = null where memorial_id = $1`,
          [memorialId],
        );
        for (const table of ['candles', 'memorial_events', 'memorial_moments'])
          await db.query(
            `update ${table} set created_at = created_at - ${week} where memorial_id = $1`,
            [memorialId],
          );
      } finally {
        await db.close();
      }
    });
    const member = await signIn(DEMO.visitor);
    const mail = await newestMailTo(member.user.email, `Subject: New in memory of ${TITLE}`);
    expect(mail).toContain(`in memory of ${TITLE}`);
    expect(mail).toContain('Candles (1)');
    expect(mail).toContain('Life timeline (1)');
    expect(mail).toContain('Services and events (1)');
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const stop = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail)?.[1];
    expect(stop, mail).toMatch(/\/follows\/unsubscribe\?token=/);

    // What a mail program's "Unsubscribe" sends (RFC 8058): one POST, no cookie, no page.
    const res = await fetch(stop!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);

    const { context, page } = await signedInPage(DEMO.visitor, PHONE);
    try {
      await page.goto(`/post/${memorialId}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.getByRole('button', { name: 'Follow this memorial' }).waitFor();
      expect(await page.getByRole('button', { name: 'Stop following' }).count()).toBe(0);
      // The mail's link opened in a browser shows a page whose button would stop the emails;
      // pressed after the one click, it says they already stopped.
      await page.goto(new URL(stop!).pathname + new URL(stop!).search);
      await page.getByRole('heading', { level: 1, name: 'Stop these emails' }).waitFor();
      await expectNoAxeViolations(page, 'unsubscribe page (390)');
      await page.getByRole('button', { name: 'Stop the emails' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'the emails may already have stopped' })
        .waitFor();
      expect(await page.getByRole('button', { name: 'Stop the emails' }).count()).toBe(0);
      await shot(page, 'unsubscribed-390');
    } finally {
      await context.close();
    }
  });

  it('the family removes the funeral, asked once more in a dialog', async () => {
    const { context, page } = await signedInPage(DEMO.sponsor, PHONE);
    try {
      await page.goto(`/post/${memorialId}`);
      const card = page.getByRole('article').filter({ hasText: 'Funeral of Teodoro' }).first();
      await card.getByRole('button', { name: 'Remove' }).click();
      const ask = page.getByRole('dialog', { name: 'Remove this event?' });
      await ask.getByText('every answer to it will be removed').waitFor();
      await expectNoAxeViolations(page, 'remove an event (390)');
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'hidden' });
      await card.getByRole('button', { name: 'Remove' }).click();
      await ask.getByRole('button', { name: 'Remove the event' }).click();
      await ask.waitFor({ state: 'hidden' });
      await card.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
