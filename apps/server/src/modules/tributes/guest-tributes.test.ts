import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GUEST_LINK_DAYS, GUEST_REFUSED_MESSAGE } from '@rips/shared/guest-tributes';
import { createTestApp, TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { mailTo } from '../../../test/accounts.js';
import { createMemorialRow, createUser } from '../../../test/factories.js';
import { pngFile } from '../../../test/fixtures.js';
import { multipartRequest } from '../../../test/multipart.js';
import { guestTributes, memorialPeople, memorials, prayers, users } from '../../db/schema/index.js';
import {
  claimGuestTributesByLink,
  createGuestItem,
  GUEST_CLAIM_GONE,
  guestEmailHash,
  sweepGuestTributes,
} from './guest-tributes.service.js';
import { TRIBUTE_KIND_BY_PATH } from './tribute-kinds.js';

const t = useTestApp({
  GUEST_TRIBUTE_LIMIT_PER_IP: '1000',
  GUEST_TRIBUTE_LIMIT_PER_EMAIL: '1000',
  RESET_CONFIRM_LIMIT_PER_IP: '1000',
});

let counter = 0;
/** A guest's address no other test uses. */
const freshEmail = () => `guest${++counter}.${Date.now()}@Example.com`;

/** A guest's prayer as the web form sends it: opened 10 s ago, the honeypot empty. */
function guestPrayer(postId: string, fields: Record<string, unknown> = {}, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/prayers',
    payload: {
      postId,
      prayerText: 'Rest well, dear aunt.',
      guestName: 'Ann Lee',
      guestEmail: freshEmail(),
      startedAt: Date.now() - 10_000,
      website: '',
      ...fields,
    },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function newMemorial(values: Partial<typeof memorials.$inferInsert> = {}) {
  const owner = await createUser(t.app, { role: 'sponsor', fullName: 'Grace Hopper' });
  const memorial = await createMemorialRow(t.app, owner, { title: 'Ada Lovelace', ...values });
  await t.app.ctx.db
    .insert(memorialPeople)
    .values({ memorialId: memorial.id, userId: owner.row.id, role: 'owner' });
  return { owner, memorialId: memorial.id };
}

/** Leaves a guest prayer and answers the token of the link emailed for it. */
async function prayerWithLink(postId: string, email = freshEmail(), name = 'Ann Lee') {
  const since = t.mail.length;
  const res = await guestPrayer(postId, { guestEmail: email, guestName: name });
  expect(res.statusCode, res.body).toBe(202);
  const mail = await mailTo(t, email.toLowerCase(), since);
  const token = /\/guest-tributes\/confirm#token=([A-Za-z0-9_-]{43})\n/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeDefined();
  return { res, mail, token: token! };
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const prayerList = (postId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/prayers/post/${postId}`, headers });

describe(`guest tributes (${TEST_ENGINE})`, () => {
  it('takes a prayer without an account, shows it only once the emailed link is confirmed', async () => {
    const { memorialId } = await newMemorial();
    const { res, mail, token } = await prayerWithLink(memorialId, 'Ann.Lee@Example.com');
    const receipt = res.json();
    expect(receipt.data).toMatchObject({
      status: 'awaiting_email',
      kind: 'prayers',
      postId: memorialId,
      guestName: 'Ann Lee',
    });
    expect(receipt.message).toMatch(/Check your email/);
    expect(mail.subject).toBe('Confirm your prayer on the memorial of Ada Lovelace');
    expect((await prayerList(memorialId)).json().data).toEqual([]);

    // Opening the page asks what the link is for, and changes nothing.
    const preview = await post('/api/v1/guest-tributes/preview', { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({
      kind: 'prayers',
      noun: 'prayer',
      postId: memorialId,
      memorialTitle: 'Ada Lovelace',
      guestName: 'Ann Lee',
    });
    expect((await prayerList(memorialId)).json().data).toEqual([]);

    const confirmed = await post('/api/v1/guest-tributes/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe('published');
    expect(confirmed.json().message).toBe('Thank you: your prayer is on the memorial.');
    const list = (await prayerList(memorialId)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      prayerText: 'Rest well, dear aunt.',
      guest: true,
      owner: { _id: null, fullName: 'Ann Lee' },
      importedAuthor: null,
      abilities: { remove: false },
    });

    // The link works once.
    const again = await post('/api/v1/guest-tributes/confirm', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/already been used or has expired/);
    expect((await post('/api/v1/guest-tributes/preview', { token })).statusCode).toBe(404);
  });

  it('leaves a bouquet as a guest, but never a picture', async () => {
    const { memorialId } = await newMemorial();
    const base = {
      postId: memorialId,
      guestName: 'Tom',
      guestEmail: freshEmail(),
      startedAt: String(Date.now() - 5000),
    };
    const bouquet = await t.app.inject(
      multipartRequest('POST', '/api/v1/flowers', {}, { ...base, bouquet: 'lavender' }),
    );
    expect(bouquet.statusCode, bouquet.body).toBe(202);
    const picture = await t.app.inject(
      multipartRequest('POST', '/api/v1/flowers', {}, base, { flowerImg: await pngFile() }),
    );
    expect(picture.statusCode).toBe(400);
    expect(picture.json().message).toMatch(/Guests may choose one of the bouquets/);
    const neither = await post('/api/v1/flowers', base);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe('Please choose a bouquet or a picture of a flower.');
  });

  it('goes to the family for approval after the link when the memorial asks it', async () => {
    const { owner, memorialId } = await newMemorial({ tributeModeration: 'approve' });
    const { token } = await prayerWithLink(memorialId, freshEmail(), 'Bea Guest');
    const since = t.mail.length;
    const confirmed = await post('/api/v1/guest-tributes/confirm', { token });
    expect(confirmed.json().data.status).toBe('pending');
    expect(confirmed.json().message).toBe(
      'Thank you: your prayer will show once the family approves it.',
    );
    const notice = await mailTo(t, owner.row.email, since);
    expect(notice.text).toContain('left by Bea Guest (a guest).');
    expect((await prayerList(memorialId)).json().data).toEqual([]);

    const queue = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${memorialId}/moderation`,
      headers: owner.auth,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const [pending] = queue.json().data.pending;
    expect(pending.author).toEqual({ _id: null, fullName: 'Bea Guest (guest)' });
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${memorialId}/moderation`,
      headers: owner.auth,
      payload: { kind: 'prayers', itemId: pending.itemId, action: 'approve' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await prayerList(memorialId)).json().data[0].owner.fullName).toBe('Bea Guest');
  });

  it('refuses robots calmly: a filled honeypot, a form sent too soon, or no time at all', async () => {
    const { memorialId } = await newMemorial();
    for (const fields of [
      { website: 'https://spam.example' },
      { startedAt: Date.now() - 500 },
      { startedAt: undefined },
    ]) {
      const res = await guestPrayer(memorialId, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(GUEST_REFUSED_MESSAGE);
    }
    const [{ count } = { count: -1 }] = await t.app.ctx.db
      .select({ count: guestTributes.id })
      .from(guestTributes)
      .where(eq(guestTributes.memorialId, memorialId));
    expect(count).toBe(-1);
  });

  it('checks the name and the address with clear messages, and needs one of them to be a guest', async () => {
    const { memorialId } = await newMemorial();
    const noName = await guestPrayer(memorialId, { guestName: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toContainEqual({
      path: 'guestName',
      message: 'Please enter your name.',
    });
    const long = await guestPrayer(memorialId, { guestName: 'x'.repeat(101) });
    expect(long.json().message).toBe('Your name can be at most 100 characters.');
    const badEmail = await guestPrayer(memorialId, { guestEmail: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors[0].path).toBe('guestEmail');
    const noEmail = await guestPrayer(memorialId, { guestEmail: undefined });
    expect(noEmail.json().message).toBe('Please enter your email address: we send the link there.');
    // Without a token or a guest's fields, the spec's member call still asks to log in.
    const member = await post('/api/v1/prayers', { postId: memorialId, prayerText: 'Peace.' });
    expect(member.statusCode).toBe(401);
  });

  it('is refused where the family switched it off, and the switch is logged in words', async () => {
    const { owner, memorialId } = await newMemorial();
    const { token } = await prayerWithLink(memorialId);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${memorialId}/settings`,
      headers: owner.auth,
      payload: { allowGuestTributes: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.allowGuestTributes).toBe(false);
    const refused = await guestPrayer(memorialId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/not to take tributes from guests/);
    // A link sent before the switch was turned off no longer publishes anything.
    expect((await post('/api/v1/guest-tributes/confirm', { token })).statusCode).toBe(403);

    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${memorialId}/activity`,
      headers: owner.auth,
    });
    // Every kind guests may leave is named (flowers, prayers and candles today).
    expect(activity.body).toContain('only members may leave flowers, prayers and candles');
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/posts/post/${memorialId}` });
    expect(detail.json().data.allowGuestTributes).toBe(false);
  });

  it('is "not found" on a memorial only members or its people may see', async () => {
    for (const visibility of ['members', 'private'] as const) {
      const { memorialId } = await newMemorial({ visibility });
      const res = await guestPrayer(memorialId);
      expect(res.statusCode, visibility).toBe(404);
    }
    const { memorialId } = await newMemorial({ visibility: 'unlisted' });
    expect((await guestPrayer(memorialId)).statusCode).toBe(202);
  });

  it('never shows the address: not in answers, lists, the archive or the stored row', async () => {
    const { owner, memorialId } = await newMemorial();
    const email = freshEmail();
    const { res, token } = await prayerWithLink(memorialId, email);
    const confirmed = await post('/api/v1/guest-tributes/confirm', { token });
    const list = await prayerList(memorialId, owner.auth);
    const [stored] = await t.app.ctx.db
      .select()
      .from(guestTributes)
      .where(eq(guestTributes.memorialId, memorialId));
    const needle = email.toLowerCase().split('@')[0]!;
    for (const text of [res.body, confirmed.body, list.body, JSON.stringify(stored)]) {
      expect(text.toLowerCase()).not.toContain(needle);
    }
  });

  it('caps the tributes one guest address is sent in a day, from every memorial together', async () => {
    const capped = await createTestApp({
      GUEST_TRIBUTE_LIMIT_PER_IP: '1000',
      GUEST_TRIBUTE_LIMIT_PER_EMAIL: '1000',
      GUEST_TRIBUTE_DAILY_LIMIT_PER_EMAIL: '2',
    });
    try {
      const owner = await createUser(capped.app, { role: 'sponsor' });
      const first = await createMemorialRow(capped.app, owner);
      const second = await createMemorialRow(capped.app, owner);
      const send = (postId: string, email: string) =>
        capped.app.inject({
          method: 'POST',
          url: '/api/v1/prayers',
          payload: {
            postId,
            prayerText: 'Peace.',
            guestName: 'Ann',
            guestEmail: email,
            startedAt: Date.now() - 5000,
          },
        });
      expect((await send(first.id, 'daily@example.com')).statusCode).toBe(202);
      expect((await send(second.id, 'daily@example.com')).statusCode).toBe(202);
      const third = await send(first.id, 'Daily@Example.com');
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/has been sent 2 tributes to confirm today/);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      // Another address is not held back, and nothing was stored or mailed for the third.
      expect((await send(first.id, 'other@example.com')).statusCode).toBe(202);
      const stored = await capped.app.ctx.db
        .select()
        .from(guestTributes)
        .where(eq(guestTributes.emailHash, guestEmailHash('daily@example.com')));
      expect(stored).toHaveLength(2);
      // A day later by the site's clock, the address may be sent one again.
      const tomorrow = new Date(Date.now() + 24 * 3600_000 + 60_000);
      const later = await createGuestItem(
        { ...capped.app.ctx, now: () => tomorrow },
        TRIBUTE_KIND_BY_PATH.prayers,
        {
          fields: {
            postId: first.id,
            prayerText: 'Peace again.',
            guestName: 'Ann',
            guestEmail: 'daily@example.com',
            startedAt: tomorrow.getTime() - 5000,
          },
          files: {},
        } as never,
        '10.9.1.1',
      );
      expect(later.status).toBe('awaiting_email');
    } finally {
      await capped.close();
    }
  });

  it('bounds guests per client address and per address', async () => {
    const bounded = await createTestApp({
      GUEST_TRIBUTE_LIMIT_PER_IP: '2',
      GUEST_TRIBUTE_LIMIT_PER_EMAIL: '1',
    });
    try {
      const owner = await createUser(bounded.app, { role: 'sponsor' });
      const { id } = await createMemorialRow(bounded.app, owner);
      const send = (email: string, remoteAddress: string) =>
        bounded.app.inject({
          method: 'POST',
          url: '/api/v1/prayers',
          payload: {
            postId: id,
            prayerText: 'Peace.',
            guestName: 'Ann',
            guestEmail: email,
            startedAt: Date.now() - 5000,
          },
          remoteAddress,
        });
      expect((await send('one@example.com', '10.9.0.1')).statusCode).toBe(202);
      const sameEmail = await send('ONE@example.com', '10.9.0.2');
      expect(sameEmail.statusCode).toBe(429);
      expect(sameEmail.json().message).toMatch(/for this email address/);
      expect((await send('two@example.com', '10.9.0.1')).statusCode).toBe(202);
      const sameAddress = await send('three@example.com', '10.9.0.1');
      expect(sameAddress.statusCode).toBe(429);
      expect(sameAddress.json().message).toMatch(/from this address/);
    } finally {
      await bounded.close();
    }
  });

  it('removes a guest tribute whose link expired unused, on the sweep', async () => {
    const { memorialId } = await newMemorial();
    const { token } = await prayerWithLink(memorialId);
    const { token: confirmedToken } = await prayerWithLink(memorialId);
    await post('/api/v1/guest-tributes/confirm', { token: confirmedToken });
    const rowsOf = () =>
      t.app.ctx.db.select().from(guestTributes).where(eq(guestTributes.memorialId, memorialId));
    expect(await rowsOf()).toHaveLength(2);

    const sixDays = new Date(Date.now() + (GUEST_LINK_DAYS - 1) * 24 * 3600_000);
    expect(await sweepGuestTributes({ ...t.app.ctx, now: () => sixDays })).toBe(0);
    const later = new Date(Date.now() + (GUEST_LINK_DAYS + 1) * 24 * 3600_000);
    expect(await sweepGuestTributes({ ...t.app.ctx, now: () => later })).toBeGreaterThanOrEqual(1);
    const left = await rowsOf();
    // The confirmed one stays (an account may claim it later); the unconfirmed one is gone.
    expect(left).toHaveLength(1);
    expect(left[0]!.usedAt).not.toBeNull();
    expect((await post('/api/v1/guest-tributes/confirm', { token })).statusCode).toBe(404);
  });

  /** Signs up through the API with `email`; answers the account and its authorization header. */
  async function signUp(email: string) {
    const res = await t.app.inject(
      multipartRequest(
        'POST',
        '/api/v1/users/register',
        {},
        {
          fullName: 'Cleo Member',
          email,
          userName: `cleo_${++counter}`,
          password: 'Fresh-start-2026',
        },
        { avatar: await pngFile() },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, res.json().data.user._id));
    const token = await t.app.ctx.tokens.sign({
      sub: row!.id,
      ver: row!.tokenVersion,
      role: row!.role,
    });
    return { row: row!, auth: { authorization: `Bearer ${token}` } };
  }

  /** Two confirmed guest prayers and one never confirmed, all under one fresh address. */
  async function confirmedUnder(memorialId: string) {
    const email = freshEmail();
    for (let i = 0; i < 2; i++) {
      const { token } = await prayerWithLink(memorialId, email, 'Cleo Guest');
      expect((await post('/api/v1/guest-tributes/confirm', { token })).statusCode).toBe(200);
    }
    await prayerWithLink(memorialId, email, 'Cleo Guest');
    return email;
  }

  const claimTokenOf = (text: string) =>
    /\/guest-tributes\/claim#token=([A-Za-z0-9_-]{43})\n/.exec(text)?.[1];

  it('claims nothing on sign-up: it mails the address a link, and only that account may use it', async () => {
    const { memorialId } = await newMemorial();
    const email = await confirmedUnder(memorialId);
    const since = t.mail.length;
    const member = await signUp(email);

    // Nothing changed hands: both prayers still show as a guest's.
    const before = (await prayerList(memorialId)).json().data;
    expect(before.map((p: { guest: boolean }) => p.guest)).toEqual([true, true]);
    expect(member.row.emailVerifiedAt).toBeNull();
    const sent = (await t.mailSettled()).slice(since).filter((m) => m.to === email.toLowerCase());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Add your tributes to your Rips Memorial account');
    expect(sent[0]!.text).toContain('You left 2 tributes as a guest on Rips Memorial.');
    expect(sent[0]!.text).toContain(
      `account\n${member.row.userName}, open this link while signed in`,
    );
    const token = claimTokenOf(sent[0]!.text);
    expect(token, sent[0]!.text).toBeDefined();

    // Signed out: log in first. Another account: "not found", and the link still works after.
    expect((await post('/api/v1/guest-tributes/claim', { token })).statusCode).toBe(401);
    const other = await createUser(t.app);
    const wrong = await post('/api/v1/guest-tributes/claim', { token }, other.auth);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(GUEST_CLAIM_GONE);

    const claimed = await post('/api/v1/guest-tributes/claim', { token }, member.auth);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toEqual({ claimed: 2 });
    expect(claimed.json().message).toBe('2 tributes are now under your name.');
    const after = (await prayerList(memorialId)).json().data;
    for (const item of after) {
      expect(item).toMatchObject({ guest: false, owner: { _id: member.row.id } });
    }
    const [row] = await t.app.ctx.db.select().from(prayers).where(eq(prayers.id, after[0]._id));
    expect(row).toMatchObject({ ownerId: member.row.id, authorName: null });
    const [verified] = await t.app.ctx.db.select().from(users).where(eq(users.id, member.row.id));
    expect(verified!.emailVerifiedAt).not.toBeNull();
    // The unconfirmed one stays unclaimed.
    const left = await t.app.ctx.db
      .select()
      .from(guestTributes)
      .where(eq(guestTributes.memorialId, memorialId));
    expect(left).toHaveLength(1);
    expect(left[0]!.usedAt).toBeNull();

    // The link works once.
    const again = await post('/api/v1/guest-tributes/claim', { token }, member.auth);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(GUEST_CLAIM_GONE);
    const unknown = await post(
      '/api/v1/guest-tributes/claim',
      { token: 'x'.repeat(43) },
      member.auth,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('stops working after seven days, or once the account has another address', async () => {
    const { memorialId } = await newMemorial();
    const email = await confirmedUnder(memorialId);
    const since = t.mail.length;
    const member = await signUp(email);
    const token = claimTokenOf((await mailTo(t, email.toLowerCase(), since)).text)!;
    const later = new Date(Date.now() + (GUEST_LINK_DAYS * 24 + 1) * 3600_000);
    await expect(
      claimGuestTributesByLink({ ...t.app.ctx, now: () => later }, member.row, token, '10.8.0.1'),
    ).rejects.toMatchObject({ statusCode: 404, message: GUEST_CLAIM_GONE });
    // The account's address changed: the link no longer proves it.
    await t.app.ctx.db
      .update(users)
      .set({ email: `moved.${counter}@example.com` })
      .where(eq(users.id, member.row.id));
    const moved = await post('/api/v1/guest-tributes/claim', { token }, member.auth);
    expect(moved.statusCode).toBe(404);
    await t.app.ctx.db
      .update(users)
      .set({ email: email.toLowerCase() })
      .where(eq(users.id, member.row.id));
    const claimed = await post('/api/v1/guest-tributes/claim', { token }, member.auth);
    expect(claimed.json().data).toEqual({ claimed: 2 });
  });

  it('sends no mail on sign-up with an address that confirmed no guest tribute', async () => {
    const { memorialId } = await newMemorial();
    const email = freshEmail();
    // A tribute left but never confirmed is nothing to claim.
    await prayerWithLink(memorialId, email);
    const since = t.mail.length;
    await signUp(email);
    expect(
      (await t.mailSettled()).slice(since).filter((m) => m.to === email.toLowerCase()),
    ).toEqual([]);
  });

  it('gives the tributes at once to a member who uses a password reset link mailed to the address', async () => {
    const { memorialId } = await newMemorial();
    const email = await confirmedUnder(memorialId);
    const member = await signUp(email);
    const since = (await t.mailSettled()).length;
    const asked = await post('/api/v1/users/forgot-password', {
      userName: member.row.userName,
      newPassword: 'Another-start-2026',
      confirmNewPassword: 'Another-start-2026',
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const mail = await mailTo(t, email.toLowerCase(), since);
    const token = /reset-password\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    const reset = await post('/api/v1/users/reset-password/confirm', {
      token,
      newPassword: 'Another-start-2026',
      confirmNewPassword: 'Another-start-2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const items = (await prayerList(memorialId)).json().data;
    expect(items.map((p: { owner: { _id: string } }) => p.owner._id)).toEqual([
      member.row.id,
      member.row.id,
    ]);
  });

  it('keeps a guest’s name, and no address, in the memorial’s archive', async () => {
    const { memorialId } = await newMemorial();
    const email = freshEmail();
    const { token } = await prayerWithLink(memorialId, email, 'Dara Guest');
    await post('/api/v1/guest-tributes/confirm', { token });
    const { readMemorialContents } = await import('../archives/archive.repository.js');
    const [row] = await t.app.ctx.db.select().from(memorials).where(eq(memorials.id, memorialId));
    const contents = await readMemorialContents(t.app.ctx.db, row!);
    const kind = contents.items.find((k) => k.kind.path === 'prayers')!;
    expect(kind.rows.map((r) => r.authorName)).toEqual(['Dara Guest']);
    const rows = contents.items.flatMap((k) => k.rows);
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(email.toLowerCase());
  });
});
