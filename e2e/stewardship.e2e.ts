// Stewardship on the production build, one server: the owner makes a memorial private (a visitor
// gets not-found for the page, its API read and its picture, and it leaves search), invites a
// relative by email (link read from the outbox), who accepts and sees it; a cousin sees only its
// name, asks to join and is approved; approval of prayers, a report that leads to hiding, an
// ownership transfer accepted, and the new owner's account deleted, which hands the memorial to
// the successor with nothing lost. Axe on the Manage area and the ask-to-join page at 390 and
// 1280 px.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, fixturePng, newMember, PASSWORD, useJourney } from './harness.js';

const { server, newPage, signedInPage, registerMember, signIn, newestMailTo } = useJourney();

interface Member {
  id: string;
  userName: string;
  email: string;
  token: string;
}

async function register(label: string): Promise<Member> {
  const avatar = await fixturePng(120, 120, '#b7a98f');
  const { userName, email } = await registerMember(newMember(label, 'Adeyemi'), avatar);
  const member = { id: '', userName, email, token: '' };
  await refreshToken(member);
  return member;
}

/** Signs in through the API: the member's id and a token for their current role. */
async function refreshToken(member: Member): Promise<void> {
  const { user, accessToken } = await signIn({ userName: member.userName, password: PASSWORD });
  member.id = user._id;
  member.token = accessToken;
}

async function call(
  member: Member | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: { data: unknown; errors?: unknown } }> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(member ? { authorization: `Bearer ${member.token}` } : {}),
      ...(body instanceof FormData || body === undefined
        ? {}
        : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : { data: null } };
}

async function signedIn(member: Member, width = 1280): Promise<Page> {
  const { page } = await signedInPage({ userName: member.userName, password: PASSWORD }, { width });
  return page;
}

describe('stewardship', () => {
  // A long journey, with an axe run at most of its steps: on a loaded two-core runner it
  // has needed more than the default two minutes.
  it('privacy, invitation, moderation, report, transfer and succession, end to end', async () => {
    const owner = await register('Owner');
    const relative = await register('Relative');
    const visitor = await register('Visitor');
    // The owner becomes a sponsor and makes the memorial, with a picture.
    expect((await call(owner, 'PATCH', '/api/v1/users/become-sponsor')).status).toBe(200);
    await refreshToken(owner);
    const word = `Ebunoluwa${randomBytes(2).toString('hex')}`;
    const form = new FormData();
    form.set('title', `${word} Okonkwo`);
    form.set('description', 'Grandmother, teacher, gardener.');
    form.set(
      'postImg',
      new Blob([new Uint8Array(await fixturePng())], { type: 'image/png' }),
      'her.png',
    );
    const created = await call(owner, 'POST', '/api/v1/posts', form);
    expect(created.status).toBe(201);
    const memorial = created.json.data as { _id: string; postImg: string };
    const id = memorial._id;

    // 1. The owner makes it private in the Manage area; a visitor finds nothing any more.
    const ownerPage = await signedIn(owner);
    await ownerPage.goto(`/post/${id}`);
    await ownerPage.getByRole('link', { name: 'Privacy, people and moderation' }).click();
    await ownerPage.getByRole('radio', { name: /Only the people I invite/ }).click();
    await ownerPage.getByText('The memorial’s settings were saved.').first().waitFor();
    await expectNoAxeViolations(ownerPage, 'manage: privacy (1280)');
    expect((await call(visitor, 'GET', `/api/v1/posts/post/${id}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}${memorial.postImg}`)).status).toBe(404);
    const search = await call(visitor, 'GET', `/api/v1/posts?q=${word}&limit=12`);
    expect(search.json.data).toEqual([]);
    const visitorPage = await signedIn(visitor);
    const page404 = await visitorPage.goto(`/post/${id}`);
    expect(page404?.headers()['x-robots-tag']).toBe('noindex');
    await visitorPage.getByRole('heading', { level: 1, name: 'Memorial not found' }).waitFor();

    // 2. The owner invites the relative by email; the relative accepts from the link.
    await ownerPage.getByRole('tab', { name: 'People' }).click();
    await ownerPage.getByLabel('Their email address').fill(relative.email);
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    await ownerPage.getByText(`An invitation was emailed to ${relative.email}.`).first().waitFor();
    await expectNoAxeViolations(ownerPage, 'manage: people (1280)');
    // The link carries its token in the fragment, which no server sees.
    const tokenOf = (mail: string) =>
      /https?:\/\/[^\s]+\/invitations#token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    const first = tokenOf(await newestMailTo(relative.email, '/invitations#token='));
    // Sent again: a new link, and the first one stops working.
    await ownerPage
      .getByRole('button', { name: `Send again the invitation to ${relative.email}` })
      .click();
    await ownerPage
      .getByText(`The invitation was emailed to ${relative.email} again.`)
      .first()
      .waitFor();
    let token = first;
    await expect
      .poll(
        async () => (token = tokenOf(await newestMailTo(relative.email, '/invitations#token='))),
      )
      .not.toBe(first);
    expect(
      (await call(relative, 'POST', '/api/v1/invitations/accept', { token: first })).status,
    ).toBe(400);
    // Another invitation is withdrawn from the same list.
    await ownerPage.getByLabel('Their email address').fill('not-this-one@example.org');
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    await ownerPage
      .getByRole('button', { name: 'Withdraw the invitation to not-this-one@example.org' })
      .click();
    await ownerPage
      .getByText('The invitation to not-this-one@example.org was withdrawn.')
      .first()
      .waitFor();
    const relativePage = await signedIn(relative, 390);
    await relativePage.goto(`/invitations#token=${token}`);
    await expectNoAxeViolations(relativePage, 'invitation (390)');
    await relativePage.getByRole('button', { name: 'Accept the invitation' }).click();
    await relativePage.getByRole('heading', { level: 1, name: `${word} Okonkwo` }).waitFor();
    await relativePage.setViewportSize({ width: 1280, height: 900 });

    // 2a. A brother with no account: from the invitation he signs up, the sign-up leads to the
    // login, and the login back to the invitation; its token stays in fragments all the way.
    const brother = newMember('Brother', 'Adeyemi');
    await ownerPage.getByLabel('Their email address').fill(brother.email);
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    const brotherLink = await newestMailTo(brother.email, '/invitations#token=');
    const { page: brotherPage } = await newPage({ width: 390 });
    const sent: string[] = [];
    brotherPage.on('request', (request) => sent.push(request.url()));
    await brotherPage.goto(`/invitations#token=${tokenOf(brotherLink)}`);
    await brotherPage.getByRole('link', { name: 'create an account' }).click();
    await brotherPage.getByLabel('Full Name').fill(brother.fullName);
    await brotherPage.getByLabel(/^Email/).fill(brother.email);
    await brotherPage.getByLabel(/^Username/).fill(brother.userName);
    await brotherPage.getByLabel(/^Password/).fill(brother.password);
    await brotherPage.getByLabel('Avatar').setInputFiles({
      name: 'him.png',
      mimeType: 'image/png',
      buffer: await fixturePng(200, 200, '#9fb0c4'),
    });
    await brotherPage.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await brotherPage.waitForURL((url) => url.pathname === '/login');
    await brotherPage.getByLabel(/username or email/i).fill(brother.userName);
    await brotherPage.getByLabel(/^password/i).fill(brother.password);
    await brotherPage.getByRole('button', { name: /^log ?in$/i }).click();
    await brotherPage.waitForURL((url) => url.pathname === '/invitations');
    await brotherPage.getByRole('button', { name: 'Accept the invitation' }).click();
    await brotherPage.getByRole('heading', { level: 1, name: `${word} Okonkwo` }).waitFor();
    expect(sent.filter((url) => url.includes(tokenOf(brotherLink)))).toEqual([]);

    // 2b. The family lets outsiders ask: a cousin sees only the name and asks to join (a visitor
    // who is not signed in is sent to log in and back), the owner approves in People.
    const cousin = await register('Cousin');
    await ownerPage.getByRole('tab', { name: 'Privacy' }).click();
    await ownerPage
      .getByRole('switch', { name: 'Let people who cannot see it ask to join' })
      .click();
    await expect
      .poll(async () => (await call(cousin, 'GET', `/api/v1/posts/${id}/access`)).status)
      .toBe(200);
    const { page: stranger } = await newPage({ width: 390 });
    await stranger.goto(`/post/${id}`);
    await stranger.getByRole('heading', { level: 1, name: `${word} Okonkwo` }).waitFor();
    expect(await stranger.getByRole('link', { name: 'log in to ask' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(`/post/${id}`)}`,
    );
    expect(await stranger.getByText('Grandmother, teacher, gardener.').count()).toBe(0);
    await expectNoAxeViolations(stranger, 'ask to join: not signed in (390)');
    const cousinPage = await signedIn(cousin);
    await cousinPage.goto(`/post/${id}`);
    await cousinPage
      .getByText('This memorial is private. You can ask its family to let you see it.')
      .waitFor();
    await cousinPage
      .getByLabel('A message for the family (optional)')
      .fill('I am her cousin from Ibadan.');
    await expectNoAxeViolations(cousinPage, 'ask to join: form (1280)');
    await cousinPage.getByRole('button', { name: 'Ask to join' }).click();
    await cousinPage.getByText('Your request was sent to the family.').waitFor();
    const again = await call(cousin, 'POST', `/api/v1/posts/${id}/access-requests`, {});
    expect(again.status).toBe(409);
    await cousinPage.reload();
    await cousinPage.getByText('You have already asked to see this memorial.').waitFor();
    await ownerPage.getByRole('tab', { name: 'People' }).click();
    await ownerPage.getByText('Cousin Adeyemi: “I am her cousin from Ibadan.”').waitFor();
    await ownerPage.getByRole('button', { name: 'Approve Cousin Adeyemi’s request' }).click();
    await expect
      .poll(async () => (await call(cousin, 'GET', `/api/v1/posts/post/${id}`)).status)
      .toBe(200);
    await cousinPage.reload();
    await cousinPage.getByText('Grandmother, teacher, gardener.').waitFor();

    // 3. Approval on, and members may see it: the visitor's prayer waits for a manager.
    expect(
      (
        await call(owner, 'PATCH', `/api/v1/posts/${id}/settings`, {
          visibility: 'members',
          tributeModeration: 'approve',
        })
      ).status,
    ).toBe(200);
    const prayed = await call(visitor, 'POST', '/api/v1/prayers', {
      postId: id,
      prayerText: 'She taught me to read.',
    });
    expect(prayed.status).toBe(201);
    const prayerId = (prayed.json.data as { _id: string })._id;
    const prayersFor = async (member: Member | null) =>
      (await call(member, 'GET', `/api/v1/prayers/post/${id}`)).json.data as { _id: string }[];
    expect(await prayersFor(relative)).toEqual([]);
    await visitorPage.goto(`/post/${id}`);
    await visitorPage.getByText('Awaiting approval').first().waitFor();
    await ownerPage.getByRole('tab', { name: 'Moderation' }).click();
    await ownerPage.getByText('She taught me to read.').waitFor();
    await expectNoAxeViolations(ownerPage, 'manage: moderation (1280)');
    await ownerPage.getByRole('button', { name: 'Approve the prayer by Visitor Adeyemi' }).click();
    await ownerPage.getByText('The prayer by Visitor Adeyemi is published.').first().waitFor();
    expect((await prayersFor(relative)).map((p) => p._id)).toEqual([prayerId]);

    // 4. The relative reports it; the owner hides it; nobody sees it any more.
    await relativePage.goto(`/post/${id}`);
    await relativePage.getByRole('button', { name: /Report the prayer/ }).click();
    await relativePage
      .getByLabel('Why should the family look at this?')
      .fill('This is not about her.');
    await relativePage.getByRole('button', { name: 'Send report' }).click();
    await relativePage.getByText('Thank you. The family will look at it.').first().waitFor();
    await ownerPage.reload();
    await ownerPage.getByText('Reported: This is not about her.').waitFor();
    // A reported tribute that is published is kept (closing its reports), hidden or deleted.
    await ownerPage.getByRole('button', { name: 'Keep the prayer by Visitor Adeyemi' }).waitFor();
    await ownerPage.getByRole('button', { name: 'Hide the prayer by Visitor Adeyemi' }).click();
    await ownerPage
      .getByText('The prayer by Visitor Adeyemi is hidden.', { exact: false })
      .first()
      .waitFor();
    expect(await prayersFor(visitor)).toEqual([]);
    // Deleting asks first; cancelling keeps the prayer.
    await ownerPage.getByRole('button', { name: 'Delete the prayer by Visitor Adeyemi' }).click();
    const confirm = ownerPage.getByRole('dialog', {
      name: 'Delete the prayer by Visitor Adeyemi for good?',
    });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await ownerPage
      .getByRole('button', { name: 'Show again the prayer by Visitor Adeyemi' })
      .waitFor();

    // 5. Ownership offered to the relative: declined once, then offered again and accepted from
    // the page the email links to.
    const offer = async () =>
      expect(
        (await call(owner, 'POST', `/api/v1/posts/${id}/transfer`, { userId: relative.id })).status,
      ).toBe(200);
    await offer();
    await newestMailTo(relative.email, `/post/${id}/transfer`);
    await relativePage.goto(`/post/${id}/transfer`);
    await relativePage.getByRole('button', { name: 'Decline', exact: true }).click();
    await relativePage.getByRole('dialog', { name: 'Decline the ownership offer?' }).waitFor();
    await relativePage.getByRole('button', { name: 'Decline the offer' }).click();
    await relativePage.getByText('You declined the offer. Its owner was told.').first().waitFor();
    await newestMailTo(owner.email, 'declined your offer');
    expect((await call(owner, 'GET', `/api/v1/posts/${id}/people`)).json.data).toMatchObject({
      pendingOwner: null,
    });
    // The emailed link, opened again: the offer is said to be closed, with nothing to press.
    await relativePage.goto(`/post/${id}/transfer`);
    await relativePage
      .getByRole('heading', { level: 1, name: 'This ownership offer is no longer open' })
      .waitFor();
    expect(await relativePage.getByRole('button', { name: 'Accept ownership' }).count()).toBe(0);
    await offer();
    await relativePage.goto(`/post/${id}/transfer`);
    await relativePage
      .getByRole('heading', {
        level: 1,
        name: `Ownership of the memorial of ${word} Okonkwo is offered to you`,
      })
      .waitFor();
    await relativePage.getByText('Owner Adeyemi offers it to you.', { exact: false }).waitFor();
    await relativePage.getByRole('button', { name: 'Accept ownership' }).click();
    // Exactly the memorial's name: the offer's own heading also holds it.
    await relativePage
      .getByRole('heading', { level: 1, name: `${word} Okonkwo`, exact: true })
      .waitFor();
    const afterTransfer = await call(owner, 'GET', `/api/v1/posts/post/${id}`);
    expect(afterTransfer.json.data).toMatchObject({
      myRole: 'manager',
      owner: { _id: relative.id },
    });

    // 6. The new owner names the old one successor, then deletes their account from the profile.
    expect(
      (await call(relative, 'PUT', `/api/v1/posts/${id}/successor`, { userId: owner.id })).status,
    ).toBe(200);
    await relativePage.goto(`/post/${id}/manage/ownership`);
    await relativePage.getByRole('heading', { name: 'Successor' }).waitFor();
    await expectNoAxeViolations(relativePage, 'manage: ownership (1280)');
    await relativePage.goto('/profile');
    await relativePage.getByRole('button', { name: 'Delete my account…' }).click();
    await relativePage.getByLabel('Your password').fill(PASSWORD);
    await relativePage.getByRole('button', { name: 'Delete my account for good' }).click();
    await relativePage.waitForURL((url) => url.pathname === '/');
    const handedOver = await call(owner, 'GET', `/api/v1/posts/post/${id}`);
    expect(handedOver.json.data).toMatchObject({ myRole: 'owner', owner: { _id: owner.id } });
    expect((handedOver.json.data as { postImg: string }).postImg).toContain('sig=');
    // Nothing lost: the picture opens through its signed link, the hidden prayer is still kept.
    const picture = await fetch(
      `${server.baseUrl}${(handedOver.json.data as { postImg: string }).postImg}`,
    );
    expect(picture.status).toBe(200);
    const queue = await call(owner, 'GET', `/api/v1/posts/${id}/moderation`);
    expect(JSON.stringify(queue.json.data)).toContain('She taught me to read.');

    // The Manage area at phone width.
    const phone = await signedIn(owner, 390);
    await phone.goto(`/post/${id}/manage/settings`);
    await phone.getByRole('radio', { name: /Signed-in members/ }).waitFor();
    await expectNoAxeViolations(phone, 'manage: privacy (390)');
    await phone.getByRole('tab', { name: 'Activity' }).click();
    await phone
      .getByText(/accepted ownership/)
      .first()
      .waitFor();
    await expectNoAxeViolations(phone, 'manage: activity (390)');
    // People at phone width: each row wraps instead of being cut off; Remove asks first.
    await phone.getByRole('tab', { name: 'People' }).click();
    const removeCousin = phone.getByRole('button', { name: 'Remove Cousin Adeyemi' });
    const box = (await removeCousin.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await removeCousin.click();
    const removeDialog = phone.getByRole('dialog', { name: 'Remove Cousin Adeyemi?' });
    await expectNoAxeViolations(phone, 'manage: people, removing someone (390)');
    await removeDialog.getByRole('button', { name: 'Cancel' }).click();
    await removeDialog.waitFor({ state: 'hidden' });
    expect(await phone.getByRole('combobox', { name: 'Role of Cousin Adeyemi' }).inputValue()).toBe(
      'viewer',
    );
  }, 240_000);
});
