// Stewardship behaviour: privacy levels, people and invitations, moderation and reports,
// activity, transfer, succession and account deletion. Who may call what is the authorization
// table's; this file tests what the calls do.
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  TEST_ENGINE,
  UNLIMITED_CREATIONS,
  type TestApp,
} from '../../../test/app.js';
import {
  createMemorialRequest,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from '../../../test/factories.js';
import { users } from '../../db/schema/index.js';
import { multipartRequest } from '../../../test/multipart.js';

let t: TestApp;
const send = (request: InjectOptions) => t.app.inject(request);
const call = (
  method: InjectOptions['method'],
  url: string,
  user: TestUser | null,
  payload?: object,
) => send({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

async function createMemorial(owner: TestUser, fields: Record<string, string> = {}) {
  const res = await send(
    await createMemorialRequest(owner.auth, {
      title: `Grace Okafor ${Math.random().toString(36).slice(2, 8)}`,
      traits: 'gentle',
      ...fields,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; title: string; postImg: string; visibility: string };
}

async function mailTo(to: string, since: number) {
  return vi.waitFor(
    () => {
      const message = t.mail.slice(since).find((m) => m.to === to);
      if (!message) throw new Error(`no mail to ${to} yet`);
      return message;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** How far the app's clock (`ctx.now`) runs ahead of the system's: grants expire by it. */
let clockAhead = 0;

beforeAll(async () => {
  t = await createTestApp(UNLIMITED_CREATIONS, {
    now: () => new Date(Date.now() + clockAhead),
  });
});
afterAll(async () => t?.close());

/** The token of an emailed invitation link: in the link's fragment, never in its path. */
function tokenIn(text: string): string {
  const match = /\/invitations#token=([A-Za-z0-9_-]{43})\s/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return match[1]!;
}

/** The invitation page's button: the token in the body. */
const accept = (token: string, user: TestUser) =>
  call('POST', '/api/v1/invitations/accept', user, { token });

/** A sponsor's private memorial, and a member with no part in it yet. */
async function privateMemorialAndOutsider() {
  const owner = await createUser(t.app, { role: 'sponsor' });
  const outsider = await createUser(t.app);
  const memorial = await createMemorial(owner, { visibility: 'private' });
  return { owner, outsider, memorial };
}

describe(`stewardship (${TEST_ENGINE})`, () => {
  it('a private memorial is not found by outsiders anywhere: page, lists, search, picture', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const outsider = await createUser(t.app);
    const memorial = await createMemorial(owner);
    const word = memorial.title.split(' ')[2]!;
    // Public: an unsigned picture URL that anyone opens.
    expect(memorial.postImg).not.toContain('sig=');
    expect((await call('GET', memorial.postImg, null)).statusCode).toBe(200);

    const saved = await call('PATCH', `/api/v1/posts/${memorial._id}/settings`, owner, {
      visibility: 'private',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The activity tells the change in the words the Manage area uses, not as a field name.
    const activity = await call('GET', `/api/v1/posts/${memorial._id}/activity`, owner);
    expect(activity.json().data[0]).toMatchObject({
      action: 'changed the settings',
      detail: 'who may see it: Only the people I invite',
    });
    expect(saved.json().data).toMatchObject({ visibility: 'private', indexable: false });

    for (const viewer of [null, outsider]) {
      expect((await call('GET', `/api/v1/posts/post/${memorial._id}`, viewer)).statusCode).toBe(
        404,
      );
      expect((await call('GET', `/api/v1/prayers/post/${memorial._id}`, viewer)).statusCode).toBe(
        404,
      );
      const search = await call('GET', `/api/v1/posts?q=${word}&limit=12`, viewer);
      expect(search.json().data).toEqual([]);
    }
    // The old public URL no longer opens; the owner gets a signed one that does.
    expect((await call('GET', memorial.postImg, null)).statusCode).toBe(404);
    const mine = await call('GET', `/api/v1/posts/post/${memorial._id}`, owner);
    expect(mine.json().data).toMatchObject({ visibility: 'private', myRole: 'owner' });
    const signed = mine.json().data.postImg as string;
    expect(signed).toContain('sig=');
    expect((await call('GET', signed, null)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/posts?q=${word}&limit=12`, owner)).json().data).toHaveLength(
      1,
    );
  });

  it('unlisted opens by its address but is never listed; members-only needs a sign-in', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const member = await createUser(t.app);
    const unlisted = await createMemorial(owner, { visibility: 'unlisted', indexable: 'true' });
    expect(unlisted).toMatchObject({ visibility: 'unlisted' });
    const word = unlisted.title.split(' ')[2]!;
    expect(
      (await call('GET', `/api/v1/posts/post/${unlisted._id}`, null)).json().data.indexable,
    ).toBe(false);
    expect((await call('GET', `/api/v1/posts?q=${word}`, member)).json().data).toEqual([]);
    const members = await createMemorial(owner, { visibility: 'members' });
    expect((await call('GET', `/api/v1/posts/post/${members._id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/posts/post/${members._id}`, member)).statusCode).toBe(200);
    const refused = await send(
      multipartRequest('POST', '/api/v1/posts', owner.auth, { title: 'X', visibility: 'secret' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('public, unlisted, members or private');
  });

  it('invites by email with a single-use link; the invitee accepts and sees the private memorial', async () => {
    const { owner, outsider: relative, memorial } = await privateMemorialAndOutsider();
    const since = (await t.mailSettled()).length;
    const invited = await call('POST', `/api/v1/posts/${memorial._id}/invitations`, owner, {
      email: relative.row.email.toUpperCase(),
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const message = await mailTo(relative.row.email, since);
    expect(message.text).toContain('Why you got this');
    const token = tokenIn(message.text);
    // The invitation shows in the memorial's people.
    const people = await call('GET', `/api/v1/posts/${memorial._id}/people`, owner);
    expect(people.json().data.invitations).toHaveLength(1);

    expect((await call('GET', `/api/v1/posts/post/${memorial._id}`, relative)).statusCode).toBe(
      404,
    );
    const accepted = await accept(token, relative);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ postId: memorial._id, role: 'viewer' });
    expect((await call('GET', `/api/v1/posts/post/${memorial._id}`, relative)).statusCode).toBe(
      200,
    );
    // Single use.
    const again = await accept(token, relative);
    expect(again.statusCode).toBe(400);
    // Anyone may leave; then it is gone for them again.
    const left = await call(
      'DELETE',
      `/api/v1/posts/${memorial._id}/people/${relative.row.id}`,
      relative,
    );
    expect(left.statusCode).toBe(200);
    expect((await call('GET', `/api/v1/posts/post/${memorial._id}`, relative)).statusCode).toBe(
      404,
    );
    const activity = await call('GET', `/api/v1/posts/${memorial._id}/activity`, owner);
    const actions = (activity.json().data as { action: string }[]).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['invited someone as viewer', 'accepted an invitation as viewer']),
    );
    expect(actions.some((a) => a.startsWith('left'))).toBe(true);
  });

  it('with approval on, a prayer shows only to its author until a manager approves it', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const visitor = await createUser(t.app);
    const other = await createUser(t.app);
    const memorial = await createMemorial(owner, { tributeModeration: 'approve' });
    const since = (await t.mailSettled()).length;
    const prayed = await call('POST', '/api/v1/prayers', visitor, {
      postId: memorial._id,
      prayerText: 'Rest well.',
    });
    expect(prayed.statusCode, prayed.body).toBe(201);
    expect(prayed.json().data.status).toBe('pending');
    const id = prayed.json().data._id as string;
    const listFor = async (user: TestUser | null) =>
      (await call('GET', `/api/v1/prayers/post/${memorial._id}`, user)).json().data as {
        _id: string;
        status: string;
      }[];
    expect((await listFor(visitor)).map((p) => p.status)).toEqual(['pending']);
    expect(await listFor(other)).toEqual([]);
    expect(await listFor(null)).toEqual([]);
    expect((await mailTo(owner.row.email, since)).subject).toContain('awaits your approval');

    const queue = await call('GET', `/api/v1/posts/${memorial._id}/moderation`, owner);
    expect(queue.json().data.pending[0]).toMatchObject({ itemId: id, text: 'Rest well.' });
    const approved = await call('POST', `/api/v1/posts/${memorial._id}/moderation`, owner, {
      kind: 'prayers',
      itemId: id,
      action: 'approve',
    });
    expect(approved.json().data).toEqual({ status: 'published' });
    expect((await listFor(other)).map((p) => p._id)).toEqual([id]);
    // A kind that is not moderated is refused with its reason.
    const wrongKind = await call('POST', `/api/v1/posts/${memorial._id}/moderation`, owner, {
      kind: 'letters',
      itemId: id,
      action: 'hide',
    });
    expect(wrongKind.statusCode).toBe(400);
  });

  it('a report reaches the managers; hiding takes the tribute down and can be undone', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const author = await createUser(t.app);
    const reporter = await createUser(t.app);
    const admin = await createUser(t.app, { role: 'admin' });
    const memorial = await createMemorial(owner);
    const flower = await call('POST', '/api/v1/flowers', author, {
      postId: memorial._id,
      bouquet: 'red-roses',
    });
    const id = flower.json().data._id as string;
    const since = (await t.mailSettled()).length;
    const reported = await call('POST', `/api/v1/posts/${memorial._id}/reports`, reporter, {
      kind: 'flowers',
      itemId: id,
      reason: 'This is spam.',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    expect((await mailTo(owner.row.email, since)).text).toContain('This is spam.');
    const again = await call('POST', `/api/v1/posts/${memorial._id}/reports`, reporter, {
      kind: 'flowers',
      itemId: id,
      reason: 'Still spam.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You have already reported this tribute. Its family will look at it.',
    );
    const short = await call('POST', `/api/v1/posts/${memorial._id}/reports`, reporter, {
      kind: 'flowers',
      itemId: id,
      reason: '',
    });
    expect(short.statusCode).toBe(400);
    const site = await call('GET', '/api/v1/admin/reports', admin);
    expect(site.json().data.some((r: { itemId: string }) => r.itemId === id)).toBe(true);
    const queue = await call('GET', `/api/v1/posts/${memorial._id}/moderation`, owner);
    expect(queue.json().data.reported[0].reports[0].reason).toBe('This is spam.');

    const hide = (action: string) =>
      call('POST', `/api/v1/posts/${memorial._id}/moderation`, owner, {
        kind: 'flowers',
        itemId: id,
        action,
      });
    expect((await hide('hide')).json().data.status).toBe('hidden');
    const shown = async () =>
      (await call('GET', `/api/v1/flowers/post/${memorial._id}`, null)).json().data.length;
    expect(await shown()).toBe(0);
    expect((await hide('hide')).statusCode).toBe(409);
    expect((await hide('unhide')).json().data.status).toBe('published');
    expect(await shown()).toBe(1);
    expect(
      (await call('GET', '/api/v1/admin/reports', admin))
        .json()
        .data.some((r: { itemId: string }) => r.itemId === id),
    ).toBe(false);
  });

  it('transfers ownership on acceptance: the old owner becomes a manager', async () => {
    const { owner, outsider: heir, memorial } = await privateMemorialAndOutsider();
    const since = (await t.mailSettled()).length;
    const offered = await call('POST', `/api/v1/posts/${memorial._id}/transfer`, owner, {
      userId: heir.row.id,
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const mail = await mailTo(heir.row.email, since);
    expect(mail.text).toContain(`/post/${memorial._id}/transfer`);
    expect((await call('GET', '/api/v1/users/me/stewardship', heir)).json().data.transfers).toEqual(
      [{ postId: memorial._id, title: memorial.title }],
    );
    const accepted = await call('POST', `/api/v1/posts/${memorial._id}/transfer/accept`, heir);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const detail = await call('GET', `/api/v1/posts/post/${memorial._id}`, heir);
    expect(detail.json().data).toMatchObject({ owner: { _id: heir.row.id }, myRole: 'owner' });
    const before = await call('GET', `/api/v1/posts/post/${memorial._id}`, owner);
    expect(before.json().data.myRole).toBe('manager');
    expect(before.json().data.abilities).toMatchObject({
      update: true,
      delete: false,
      transfer: false,
    });
    // A manager cannot delete it.
    expect((await call('DELETE', `/api/v1/posts/${memorial._id}`, owner)).statusCode).toBe(403);
  });

  it('lets the named successor take the whole archive while they are named, whatever their role', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const heir = await createUser(t.app);
    const memorial = await createMemorial(owner);
    await call('PATCH', `/api/v1/users/${heir.row.id}/roles`, owner, {
      postId: memorial._id,
      userId: heir.row.id,
    });
    const exportOf = () => call('GET', `/api/v1/posts/${memorial._id}/export`, heir);
    // A contributor alone may not take the archive: it is the family's.
    expect((await exportOf()).statusCode).toBe(403);
    const named = await call('PUT', `/api/v1/posts/${memorial._id}/successor`, owner, {
      userId: heir.row.id,
    });
    expect(named.statusCode, named.body).toBe(200);
    const detail = await call('GET', `/api/v1/posts/post/${memorial._id}`, heir);
    expect(detail.json().data.myRole).toBe('contributor');
    expect(detail.json().data.abilities).toMatchObject({ export: true, update: false });
    const archive = await exportOf();
    expect(archive.statusCode, archive.body.slice(0, 200)).toBe(200);
    expect(archive.headers['content-type']).toContain('application/zip');
    // No longer named, no longer theirs to take.
    await call('PUT', `/api/v1/posts/${memorial._id}/successor`, owner, { userId: null });
    expect((await exportOf()).statusCode).toBe(403);
  });

  it('deleting an account hands each memorial to its successor with nothing lost, or refuses with the list', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const successor = await createUser(t.app);
    const memorial = await createMemorial(owner);
    const lonely = await createMemorial(owner);
    const prayer = await call('POST', '/api/v1/prayers', owner, {
      postId: memorial._id,
      prayerText: 'Always with us.',
    });
    expect(prayer.statusCode).toBe(201);
    await call('PATCH', `/api/v1/users/${successor.row.id}/roles`, owner, {
      postId: memorial._id,
      userId: successor.row.id,
    });
    const named = await call('PUT', `/api/v1/posts/${memorial._id}/successor`, owner, {
      userId: successor.row.id,
    });
    expect(named.statusCode, named.body).toBe(200);

    const wrongPassword = await call('DELETE', '/api/v1/users/me', owner, {
      currentPassword: 'not-it',
    });
    expect(wrongPassword.statusCode).toBe(400);
    const refused = await call('DELETE', '/api/v1/users/me', owner, {
      currentPassword: TEST_PASSWORD,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([{ path: lonely._id, message: lonely.title }]);
    expect((await call('GET', '/api/v1/users/me', owner)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/v1/posts/${lonely._id}`, owner)).statusCode).toBe(200);
    const since = (await t.mailSettled()).length;
    const deleted = await call('DELETE', '/api/v1/users/me', owner, {
      currentPassword: TEST_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.passedOn).toEqual([
      { postId: memorial._id, title: memorial.title, to: successor.row.fullName },
    ]);
    expect((await mailTo(successor.row.email, since)).text).toContain('named you');
    expect((await call('GET', '/api/v1/users/me', owner)).statusCode).toBe(401);
    const detail = await call('GET', `/api/v1/posts/post/${memorial._id}`, successor);
    expect(detail.json().data).toMatchObject({ owner: { _id: successor.row.id }, myRole: 'owner' });
    expect(detail.json().data.postImg).toBeTruthy();
    const prayers = await call('GET', `/api/v1/prayers/post/${memorial._id}`, null);
    expect(prayers.json().data).toMatchObject([
      { prayerText: 'Always with us.', owner: { fullName: 'Former member' } },
    ]);
  });

  it('an outsider of a private memorial that takes requests may ask; a manager approves', async () => {
    const { owner, outsider: cousin, memorial } = await privateMemorialAndOutsider();
    expect((await call('GET', `/api/v1/posts/${memorial._id}/access`, cousin)).statusCode).toBe(
      404,
    );
    await call('PATCH', `/api/v1/posts/${memorial._id}/settings`, owner, {
      allowAccessRequests: true,
    });
    const summary = await call('GET', `/api/v1/posts/${memorial._id}/access`, cousin);
    expect(summary.json().data).toEqual({
      _id: memorial._id,
      title: memorial.title,
      requested: false,
    });
    const since = (await t.mailSettled()).length;
    const asked = await call('POST', `/api/v1/posts/${memorial._id}/access-requests`, cousin, {
      message: 'I am her cousin.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await mailTo(owner.row.email, since)).text).toContain('I am her cousin.');
    // Asking again while the first request waits is refused, and says why.
    const again = await call('POST', `/api/v1/posts/${memorial._id}/access-requests`, cousin, {
      message: 'Me again.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', success: false });
    expect(again.json().message).toContain('already asked');
    expect(
      (await call('GET', `/api/v1/posts/${memorial._id}/access`, cousin)).json().data.requested,
    ).toBe(true);
    const list = await call('GET', `/api/v1/posts/${memorial._id}/access-requests`, owner);
    const requestId = list.json().data[0]._id as string;
    const since2 = (await t.mailSettled()).length;
    const approved = await call(
      'POST',
      `/api/v1/posts/${memorial._id}/access-requests/${requestId}`,
      owner,
      { action: 'approve' },
    );
    expect(approved.json().data).toEqual({ status: 'approved' });
    expect((await mailTo(cousin.row.email, since2)).subject).toContain('You may now see');
    expect(
      (await call('GET', `/api/v1/posts/post/${memorial._id}`, cousin)).json().data.myRole,
    ).toBe('viewer');
  });

  it('the spec’s contributor call keeps adding contributors through the roles table', async () => {
    const { owner, outsider: helper, memorial } = await privateMemorialAndOutsider();
    const added = await call('PATCH', `/api/v1/users/${helper.row.id}/roles`, owner, {
      postId: memorial._id,
      userId: helper.row.id,
    });
    expect(added.json().data).toEqual({ postId: memorial._id, contributer: [helper.row.id] });
    const people = await call('GET', `/api/v1/posts/${memorial._id}/people`, owner);
    expect(people.json().data.people.map((p: { role: string }) => p.role)).toEqual([
      'owner',
      'contributor',
    ]);
    const contributed = await call('GET', '/api/v1/posts/get-contributer-post', helper);
    expect(contributed.json().data.map((m: { _id: string }) => m._id)).toEqual([memorial._id]);
  });
});

/** Adds `member` to the memorial in `role`, as its owner does. */
async function join(owner: TestUser, memorialId: string, member: TestUser, role: string) {
  const added = await call('PATCH', `/api/v1/users/${member.row.id}/roles`, owner, {
    postId: memorialId,
    userId: member.row.id,
  });
  expect(added.statusCode, added.body).toBe(200);
  if (role === 'contributor') return;
  const changed = await call(
    'PATCH',
    `/api/v1/posts/${memorialId}/people/${member.row.id}`,
    owner,
    {
      role,
    },
  );
  expect(changed.statusCode, changed.body).toBe(200);
}

/** `sender` invites `invitee` to the memorial; answers the invitation and its emailed token. */
async function invited(sender: TestUser, memorialId: string, invitee: TestUser, role = 'viewer') {
  const since = (await t.mailSettled()).length;
  const res = await call('POST', `/api/v1/posts/${memorialId}/invitations`, sender, {
    email: invitee.row.email,
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  const token = tokenIn((await mailTo(invitee.row.email, since)).text);
  return { id: res.json().data._id as string, token };
}

const pendingOf = async (owner: TestUser, memorialId: string) =>
  (
    (await call('GET', `/api/v1/posts/${memorialId}/people`, owner)).json().data.invitations as {
      _id: string;
    }[]
  ).map((i) => i._id);

describe(`invitations and offers follow people's rights (${TEST_ENGINE})`, () => {
  it('a manager withdraws an invitation or sends it again; only the newest link works', async () => {
    const { owner, outsider: relative, memorial } = await privateMemorialAndOutsider();
    const manager = await createUser(t.app);
    await join(owner, memorial._id, manager, 'manager');
    const first = await invited(manager, memorial._id, relative, 'contributor');

    const since = (await t.mailSettled()).length;
    const resent = await call(
      'POST',
      `/api/v1/posts/${memorial._id}/invitations/${first.id}/resend`,
      manager,
    );
    expect(resent.statusCode, resent.body).toBe(201);
    const second = {
      id: resent.json().data._id as string,
      token: tokenIn((await mailTo(relative.row.email, since)).text),
    };
    expect(second.id).not.toBe(first.id);
    expect(second.token).not.toBe(first.token);
    expect(await pendingOf(owner, memorial._id)).toEqual([second.id]);
    expect((await accept(first.token, relative)).statusCode).toBe(400);
    // The one sent again can be withdrawn; then no link works, and withdrawing again finds nothing.
    const withdraw = () =>
      call('DELETE', `/api/v1/posts/${memorial._id}/invitations/${second.id}`, manager);
    const withdrawn = await withdraw();
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toEqual({ withdrawn: second.id });
    expect(await pendingOf(owner, memorial._id)).toEqual([]);
    const late = await accept(second.token, relative);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toContain('withdrawn');
    expect((await withdraw()).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/posts/post/${memorial._id}`, relative)).statusCode).toBe(
      404,
    );
    // A manager acts on what managers may grant: not on the owner's invitation of a manager.
    const ofManager = await invited(owner, memorial._id, await createUser(t.app), 'manager');
    expect(
      (await call('DELETE', `/api/v1/posts/${memorial._id}/invitations/${ofManager.id}`, manager))
        .statusCode,
    ).toBe(403);
    const actions = (
      (await call('GET', `/api/v1/posts/${memorial._id}/activity`, owner)).json().data as {
        action: string;
      }[]
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'sent an invitation as contributor again',
        'withdrew an invitation as contributor',
      ]),
    );
  });

  it('an invitation dies when its sender is demoted, removed or deleted, or stops owning; accepting checks the right then', async () => {
    const { owner, memorial } = await privateMemorialAndOutsider();
    const demoted = await createUser(t.app);
    const removed = await createUser(t.app);
    const leaver = await createUser(t.app);
    const disabled = await createUser(t.app);
    for (const m of [demoted, removed, leaver, disabled]) {
      await join(owner, memorial._id, m, 'manager');
    }
    const invitee = () => createUser(t.app);
    const cases: { name: string; invitation: { token: string }; invitee: TestUser }[] = [];
    const send = async (name: string, sender: TestUser, role = 'viewer') => {
      const to = await invitee();
      cases.push({ name, invitation: await invited(sender, memorial._id, to, role), invitee: to });
    };
    await send('demoted', demoted);
    await send('removed', removed);
    await send('deleted', leaver);
    await send('disabled', disabled);
    await send('old owner', owner, 'manager');
    expect(await pendingOf(owner, memorial._id)).toHaveLength(5);

    await call('PATCH', `/api/v1/posts/${memorial._id}/people/${demoted.row.id}`, owner, {
      role: 'contributor',
    });
    await call('DELETE', `/api/v1/posts/${memorial._id}/people/${removed.row.id}`, owner);
    const gone = await call('DELETE', '/api/v1/users/me', leaver, {
      currentPassword: TEST_PASSWORD,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    // Disabled by an administrator: nothing revokes it, the acceptance itself checks.
    await t.app.ctx.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, disabled.row.id));
    // The owner hands the memorial over and stays a manager: managers do not make managers.
    await call('POST', `/api/v1/posts/${memorial._id}/transfer`, owner, {
      userId: demoted.row.id,
    });
    const took = await call('POST', `/api/v1/posts/${memorial._id}/transfer/accept`, demoted);
    expect(took.statusCode, took.body).toBe(200);
    // The demoted sender owns the memorial now: a right that comes back revives nothing.

    expect(await pendingOf(demoted, memorial._id)).toEqual([]);
    const refused: Record<string, number> = {};
    for (const c of cases) {
      refused[c.name] = (await accept(c.invitation.token, c.invitee)).statusCode;
    }
    expect(refused).toEqual({
      demoted: 400,
      removed: 400,
      deleted: 400,
      disabled: 400,
      'old owner': 400,
    });
    // A manager in good standing still invites as before.
    const fine = await createUser(t.app);
    const ok = await invited(owner, memorial._id, fine);
    expect((await accept(ok.token, fine)).statusCode).toBe(200);
  });

  it('an address receives at most three invitations a day, from every memorial together', async () => {
    const invitee = await createUser(t.app);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i < 4; i++) {
      const { owner, memorial } = await privateMemorialAndOutsider();
      last = await call('POST', `/api/v1/posts/${memorial._id}/invitations`, owner, {
        email: invitee.row.email,
        role: 'viewer',
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(last!.json()).toMatchObject({ code: 'RATE_LIMITED', success: false });
    expect(last!.json().message).toMatch(/received 3 invitations today.*try again in 24 hours/);
    const wait = Number(last!.headers['retry-after']);
    expect(wait).toBeGreaterThan(86_000);
    expect(wait).toBeLessThanOrEqual(86_400);
  });

  it('invitations to an address are listed to an account only once it proved the address', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const newcomer = await createUser(t.app);
    const [one, two] = [await createMemorial(owner), await createMemorial(owner)];
    const first = await invited(owner, one._id, newcomer);
    await invited(owner, two._id, newcomer);
    const mine = async (user: TestUser) =>
      (await call('GET', '/api/v1/users/me/stewardship', user)).json().data;
    expect(await mine(newcomer)).toMatchObject({ emailVerified: false, invitations: [] });
    // Accepting a link sent to the account's own address proves it.
    expect((await accept(first.token, newcomer)).statusCode).toBe(200);
    expect(await mine(newcomer)).toMatchObject({
      emailVerified: true,
      invitations: [{ postId: two._id, role: 'viewer' }],
    });

    // So does a password reset, whose link went to the address.
    const resetter = await createUser(t.app);
    await invited(owner, two._id, resetter);
    expect((await mine(resetter)).invitations).toEqual([]);
    const since = (await t.mailSettled()).length;
    const password = 'A-new-passphrase-42';
    await call('POST', '/api/v1/users/forgot-password', null, {
      userName: resetter.row.userName,
      email: resetter.row.email,
      newPassword: password,
      confirmNewPassword: password,
    });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await mailTo(resetter.row.email, since)).text)![1];
    const reset = await call('POST', '/api/v1/users/reset-password/confirm', null, {
      token,
      newPassword: password,
      confirmNewPassword: password,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await call('POST', '/api/v1/users/login', null, {
      userName: resetter.row.userName,
      password,
    });
    const fresh = {
      ...resetter,
      auth: { authorization: `Bearer ${login.json().data.accessToken}` },
    };
    expect(await mine(fresh)).toMatchObject({
      emailVerified: true,
      invitations: [{ postId: two._id }],
    });
  });

  it('the owner withdraws an offer, the member declines one; an offer ends with their removal and after 14 days', async () => {
    const { owner, outsider: heir, memorial } = await privateMemorialAndOutsider();
    const offer = (to: TestUser) =>
      call('POST', `/api/v1/posts/${memorial._id}/transfer`, owner, { userId: to.row.id });
    const acceptOffer = (by: TestUser) =>
      call('POST', `/api/v1/posts/${memorial._id}/transfer/accept`, by);
    const offered = async (user: TestUser) =>
      (await call('GET', '/api/v1/users/me/stewardship', user)).json().data.transfers;
    const pendingOwner = async () =>
      (await call('GET', `/api/v1/posts/${memorial._id}/people`, owner)).json().data.pendingOwner;

    expect((await offer(heir)).statusCode).toBe(200);
    const withdrawn = await call('DELETE', `/api/v1/posts/${memorial._id}/transfer`, owner);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await pendingOwner()).toBeNull();
    expect(await offered(heir)).toEqual([]);
    // The heir may not see the private memorial: without an offer, it does not exist for them.
    expect((await acceptOffer(heir)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/posts/${memorial._id}/transfer`, owner)).statusCode).toBe(
      409,
    );

    expect((await offer(heir)).statusCode).toBe(200);
    const since = (await t.mailSettled()).length;
    const declined = await call('POST', `/api/v1/posts/${memorial._id}/transfer/decline`, heir);
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await mailTo(owner.row.email, since)).subject).toContain('declined');
    expect(await pendingOwner()).toBeNull();
    expect((await acceptOffer(heir)).statusCode).toBe(404);

    // Offered to one of its people, who is then removed.
    const helper = await createUser(t.app);
    await join(owner, memorial._id, helper, 'contributor');
    expect((await offer(helper)).statusCode).toBe(200);
    await call('DELETE', `/api/v1/posts/${memorial._id}/people/${helper.row.id}`, owner);
    expect(await pendingOwner()).toBeNull();
    expect((await acceptOffer(helper)).statusCode).toBe(404);

    // Left unanswered: it stands on its 13th day, and is gone after 14, by the app's clock.
    expect((await offer(heir)).statusCode).toBe(200);
    expect(await offered(heir)).toHaveLength(1);
    try {
      clockAhead = 13 * 86_400_000;
      expect(await offered(heir)).toHaveLength(1);
      expect((await pendingOwner())?._id).toBe(heir.row.id);
      clockAhead = 15 * 86_400_000;
      expect(await offered(heir)).toEqual([]);
      expect(await pendingOwner()).toBeNull();
      expect((await acceptOffer(heir)).statusCode).toBe(404);
    } finally {
      clockAhead = 0;
    }
    const detail = await call('GET', `/api/v1/posts/post/${memorial._id}`, owner);
    expect(detail.json().data.myRole).toBe('owner');
  });

  it('offers are rate-limited like invitations', async () => {
    const limited = await createTestApp({ INVITATION_LIMIT_PER_USER: '2' });
    try {
      const owner = await createUser(limited.app, { role: 'sponsor' });
      const member = await createUser(limited.app);
      const created = await limited.app.inject(
        multipartRequest('POST', '/api/v1/posts', owner.auth, { title: 'Ida B. Wells' }),
      );
      const id = created.json().data._id as string;
      const statuses: number[] = [];
      let last = created;
      for (let i = 0; i < 3; i++) {
        last = await limited.app.inject({
          method: 'POST',
          url: `/api/v1/posts/${id}/transfer`,
          headers: owner.auth,
          payload: { userId: member.row.id },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
