import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_MOMENTS } from '@rips/shared/timeline';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createMemorialRow, createUser, useMemorialCast } from '../../../test/factories.js';
import { memorialActivity, memorialMoments, memorialPeople } from '../../db/schema/index.js';

const t = useTestApp();
const cast = useMemorialCast(t);

const post = (auth: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/timeline', headers: auth, payload });
const list = (id: string, auth: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/timeline/post/${id}`, headers: auth });

async function activityOf(memorialId: string): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ action: memorialActivity.action, target: memorialActivity.targetName })
    .from(memorialActivity)
    .where(eq(memorialActivity.memorialId, memorialId));
  return rows.map((r) => `${r.action}: ${r.target}`);
}

describe(`life timeline (${TEST_ENGINE})`, () => {
  it('shows moments in date order at their own precision, whatever order they were added in', async () => {
    const memorial = await createMemorialRow(t.app, cast.owner, { title: 'Ordered' });
    const moments = [
      { year: 1962, month: 6, day: 14, title: 'Born in Leeds', place: 'Leeds' },
      { year: 1980, title: 'Moved to Bristol' },
      { year: 1962, title: 'A year of firsts' },
      { year: 1962, month: 6, title: 'Summer' },
      { year: 2024, month: 2, day: 29, title: 'Leap day party', text: 'Cake.\nMore cake.' },
    ];
    for (const moment of moments) {
      const res = await post(cast.owner.auth, { postId: memorial.id, ...moment });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.status).toBe('published');
    }
    const res = await list(memorial.id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { dateText: string; title: string; place: string }[];
    expect(data.map((m) => m.dateText)).toEqual([
      '1962',
      'June 1962',
      'June 14, 1962',
      '1980',
      'February 29, 2024',
    ]);
    expect(data[2]).toMatchObject({ title: 'Born in Leeds', place: 'Leeds' });
    expect(await activityOf(memorial.id)).toContain(
      'added a timeline moment: Leap day party (February 29, 2024)',
    );
  });

  it('refuses dates that never were, out of range, or a day without its month, with clear words', async () => {
    const next = new Date().getUTCFullYear() + 1;
    const cases: [object, string][] = [
      [{ year: 2023, month: 2, day: 29 }, '2023 is not a leap year: February has 28 days.'],
      [{ year: 1900, month: 2, day: 29 }, '1900 is not a leap year: February has 28 days.'],
      [{ year: 1990, month: 4, day: 31 }, 'April has 30 days.'],
      [{ year: 1990, month: 13 }, 'The month must be between 1 and 12.'],
      [{ year: 1990, day: 3 }, 'A day needs its month: please choose the month too.'],
      [{ year: 999 }, `The year must be between 1000 and ${next}.`],
      [{ year: next + 1 }, `The year must be between 1000 and ${next}.`],
      [{ year: 1990.5 }, 'The year must be a whole number.'],
    ];
    for (const [date, message] of cases) {
      const res = await post(cast.owner.auth, { postId: cast.memorialId, title: 'X', ...date });
      expect(res.statusCode, JSON.stringify(date)).toBe(400);
      expect(res.body).toContain(message);
    }
    const blank = await post(cast.owner.auth, { postId: cast.memorialId, year: 1990, title: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Please give the moment a title.');
    const long = await post(cast.owner.auth, {
      postId: cast.memorialId,
      year: 1990,
      title: 'x'.repeat(121),
    });
    expect(long.body).toContain('The title must be at most 120 characters.');
    // 2000 was a leap year (divisible by 400).
    const leap = await post(cast.owner.auth, {
      postId: cast.memorialId,
      year: 2000,
      month: 2,
      day: 29,
      title: 'Millennium leap day',
    });
    expect(leap.statusCode, leap.body).toBe(201);
  });

  it("keeps a contributor's moment waiting until a manager approves or declines it", async () => {
    const memorial = await createMemorialRow(t.app, cast.owner, { title: 'Suggestions' });
    const contributor = await createUser(t.app, { fullName: 'Ruth Cousin' });
    const manager = await createUser(t.app, { fullName: 'Sam Manager' });
    await t.app.ctx.db.insert(memorialPeople).values([
      { memorialId: memorial.id, userId: contributor.row.id, role: 'contributor' },
      { memorialId: memorial.id, userId: manager.row.id, role: 'manager' },
    ]);
    const suggest = (title: string) =>
      post(contributor.auth, { postId: memorial.id, year: 1975, month: 5, title });
    const first = await suggest('Wedding day');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Thank you: your moment waits for the family to approve it.',
      data: { status: 'pending', suggestedBy: null },
    });
    const second = (await suggest('A second thought')).json().data;

    // A visitor sees none of it; the contributor their own; a manager every suggestion, by whom.
    expect((await list(memorial.id)).json().data).toEqual([]);
    expect((await list(memorial.id, contributor.auth)).json().data).toHaveLength(2);
    const forManager = (await list(memorial.id, manager.auth)).json().data;
    expect(forManager.map((m: { suggestedBy: string }) => m.suggestedBy)).toEqual([
      'Ruth Cousin',
      'Ruth Cousin',
    ]);

    // A contributor cannot publish, edit or decide; a visitor is told it does not exist.
    const id = first.json().data._id;
    const approveAs = (auth: Record<string, string>, which = id) =>
      t.app.inject({ method: 'POST', url: `/api/v1/timeline/${which}/approve`, headers: auth });
    expect((await approveAs(contributor.auth)).statusCode).toBe(403);
    expect((await approveAs(cast.member.auth)).statusCode).toBe(404);

    const approved = await approveAs(manager.auth);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('published');
    expect((await approveAs(manager.auth)).statusCode).toBe(409);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/v1/timeline/${second._id}/decline`,
      headers: manager.auth,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const shown = (await list(memorial.id)).json().data;
    expect(shown.map((m: { title: string }) => m.title)).toEqual(['Wedding day']);
    expect(await activityOf(memorial.id)).toEqual(
      expect.arrayContaining([
        'suggested a timeline moment: Wedding day (May 1975)',
        'approved a suggested moment: Wedding day (May 1975)',
        'declined a suggested moment: A second thought (May 1975)',
      ]),
    );

    // A contributor may withdraw their own waiting suggestion, not a published moment.
    const third = (await suggest('Withdrawn')).json().data;
    const withdraw = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/timeline/${third._id}`,
      headers: contributor.auth,
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const removePublished = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/timeline/${id}`,
      headers: contributor.auth,
    });
    expect(removePublished.statusCode).toBe(403);
  });

  it('lets a manager edit and remove a moment, and a member who is not a contributor do neither', async () => {
    const created = (
      await post(cast.owner.auth, { postId: cast.memorialId, year: 1950, title: 'First job' })
    ).json().data;
    const patch = (auth: Record<string, string>, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/timeline/${created._id}`,
        headers: auth,
        payload,
      });
    const edited = await patch(cast.owner.auth, {
      year: 1951,
      month: 3,
      day: 1,
      title: 'First job, at the docks',
      place: 'Liverpool',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ dateText: 'March 1, 1951', place: 'Liverpool' });
    expect((await patch(cast.member.auth, { year: 1951, title: 'No' })).statusCode).toBe(403);
    expect(
      (await post(cast.member.auth, { postId: cast.memorialId, year: 1951, title: 'No' }))
        .statusCode,
    ).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/timeline/${created._id}`,
      headers: cast.owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/timeline/${created._id}`,
      headers: cast.owner.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it(`holds at most ${MAX_MOMENTS} moments on a memorial, and says so`, async () => {
    const memorial = await createMemorialRow(t.app, cast.owner, { title: 'Full' });
    await t.app.ctx.db.insert(memorialMoments).values(
      Array.from({ length: MAX_MOMENTS }, (_, i) => ({
        memorialId: memorial.id,
        year: 1900 + (i % 100),
        title: `Moment ${i}`,
      })),
    );
    const res = await post(cast.owner.auth, { postId: memorial.id, year: 2000, title: 'One more' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `This timeline already holds ${MAX_MOMENTS} moments, the most a memorial keeps. Please remove one first.`,
    );
  });

  it('the database refuses a day without its month', async () => {
    const memorial = await createMemorialRow(t.app, cast.owner);
    await expect(
      t.app.ctx.db
        .insert(memorialMoments)
        .values({ memorialId: memorial.id, year: 1990, day: 4, title: 'Bad' }),
    ).rejects.toThrow();
    const rows = await t.app.ctx.db
      .select()
      .from(memorialMoments)
      .where(and(eq(memorialMoments.memorialId, memorial.id)));
    expect(rows).toEqual([]);
  });
});

describe(`in lieu of flowers (${TEST_ENGINE})`, () => {
  const put = (id: string, auth: Record<string, string>, charities: object[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/posts/${id}/charities`,
      headers: auth,
      payload: { charities },
    });

  it('keeps up to three charities in order, shows them to visitors, and records the change', async () => {
    const memorial = await createMemorialRow(t.app, cast.owner, { title: 'Charities' });
    const res = await put(memorial.id, cast.owner.auth, [
      {
        name: 'Macmillan Cancer Support',
        url: 'https://www.macmillan.org.uk/donate',
        registeredNumber: '261017',
        reason: 'They cared for her at home.',
      },
      { name: 'RNLI', url: 'https://rnli.org/support-us/give-money' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/charities/post/${memorial.id}`,
    });
    expect(shown.json().data).toEqual([
      {
        name: 'Macmillan Cancer Support',
        url: 'https://www.macmillan.org.uk/donate',
        registeredNumber: '261017',
        reason: 'They cared for her at home.',
      },
      {
        name: 'RNLI',
        url: 'https://rnli.org/support-us/give-money',
        registeredNumber: '',
        reason: '',
      },
    ]);
    expect(await activityOf(memorial.id)).toEqual([
      'changed the charities in lieu of flowers: null',
    ]);
    expect((await put(memorial.id, cast.owner.auth, [])).statusCode).toBe(200);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/v1/charities/post/${memorial.id}`,
    });
    expect(none.json().data).toEqual([]);
  });

  it('refuses a fourth charity, a link that is not https, and a missing name, with clear words', async () => {
    const one = { name: 'A', url: 'https://a.example.org' };
    const cases: [object[], string][] = [
      [[one, one, one, one], 'A memorial names at most 3 charities.'],
      [[{ name: 'A', url: 'http://a.example.org' }], 'The link must be a full https:// address'],
      [[{ name: 'A', url: 'javascript:alert(1)' }], 'The link must be a full https:// address'],
      [
        [{ name: 'A', url: 'https://user:pw@a.example.org' }],
        'The link must be a full https:// address',
      ],
      [[{ name: '', url: 'https://a.example.org' }], 'Please give the charity’s name.'],
      [[{ name: 'A' }], 'Please give the link to the charity’s donation page.'],
      [[{ ...one, reason: 'x'.repeat(201) }], 'The line of why must be at most 200 characters.'],
    ];
    for (const [charities, message] of cases) {
      const res = await put(cast.memorialId, cast.owner.auth, charities);
      expect(res.statusCode, JSON.stringify(charities)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await put(cast.memorialId, cast.contributor.auth, [one])).statusCode).toBe(403);
  });
});
