// The authorization table: every registered route, against every kind of caller, on their own
// and on others' objects. A route without a row fails the first test, so none ships unchecked.
// This is the one place the permission rules are tested; feature tests test behaviour. The
// abilities the API hands to clients are checked against the same rows.
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_AUDIENCES, type GalleryAudience } from '@rips/shared/memorials';
import { MEMORIAL_VISIBILITIES, type Visibility } from '@rips/shared/visibility';
import { createTestApp, TEST_ENGINE, UNLIMITED_CREATIONS, type TestApp } from '../test/app.js';
import {
  addContributorRow,
  createInvitationRow,
  createMemorialRequest,
  createUser,
  registrationRequest,
  TEST_PASSWORD,
  type TestUser,
} from '../test/factories.js';
import { pngFile } from '../test/fixtures.js';
import { createItemRequest, guestItemRequest } from '../test/item-samples.js';
import { multipartRequest } from '../test/multipart.js';
import { KINDS } from '@rips/shared/kinds';
import { hashLinkToken } from './lib/one-time-links.js';
import { guestEmailHash } from './modules/tributes/guest-tributes.service.js';
import { unsubscribeToken } from './modules/follows/follow-digest.service.js';
import { UnsubscribeTokens } from './modules/reminders/reminder-mail.js';
import { CopyStopTokens } from './modules/yearly-copies/yearly-copy-mail.js';
import {
  anniversaryReminders,
  copyAddresses,
  eventRsvps,
  follows,
  guestClaims,
  guestTributes,
  legacyStewards,
  memorialAccessRequests,
  memorialImports,
  memorialEvents,
  memorialMoments,
  memorialPeople,
  memorials,
  prayers,
  yearlyCopies,
} from './db/schema/index.js';
import type { TributeKind } from './modules/tributes/tribute-kind.js';
import {
  documentKind,
  flowerKind,
  photoKind,
  prayerKind,
  TRIBUTE_KINDS,
} from './modules/tributes/tribute-kinds.js';

/**
 * Callers: not signed in; a member with no part in the memorial; its viewer, contributor, manager
 * and owner; a sponsor who owns another memorial; an administrator.
 */
const ACTORS = [
  'anonymous',
  'member',
  'viewer',
  'contributor',
  'manager',
  'owner',
  'otherSponsor',
  'admin',
] as const;
type Actor = (typeof ACTORS)[number];
/**
 * ok: 2xx; unauth: 401; forbidden: 403 (may see it, may not do it); hidden: 404 (a thing one may
 * not see does not exist); invalid: 400; conflict: 409 (the call cannot apply to them).
 */
type Outcome = 'ok' | 'unauth' | 'forbidden' | 'hidden' | 'invalid' | 'redirect' | 'conflict';
const VISIBILITIES = MEMORIAL_VISIBILITIES;
type Expectation = Record<Actor, Outcome>;

const all = (outcome: Outcome): Expectation =>
  Object.fromEntries(ACTORS.map((a) => [a, outcome])) as Expectation;
const PUBLIC = all('ok');
const SIGNED_IN: Expectation = { ...all('ok'), anonymous: 'unauth' };
const SPONSORS: Expectation = {
  anonymous: 'unauth',
  member: 'forbidden',
  viewer: 'forbidden',
  contributor: 'forbidden',
  manager: 'forbidden',
  owner: 'ok',
  otherSponsor: 'ok',
  admin: 'ok',
};
/** The memorial's owner and managers, and administrators. */
const MANAGERS: Expectation = { ...SPONSORS, otherSponsor: 'forbidden', manager: 'ok' };
/** The memorial's owner and administrators: deleting, transferring, naming a successor. */
const OWNERS: Expectation = { ...MANAGERS, manager: 'forbidden' };
const CONTRIBUTORS: Expectation = { ...MANAGERS, contributor: 'ok' };
/**
 * A memorial's archive: its owner and managers. Administrators see it but do not take it; who may
 * not see the memorial is told it does not exist (`on`).
 */
const EXPORTERS: Expectation = { ...MANAGERS, admin: 'forbidden' };

/** Who may not see a memorial of each visibility (administrators see every one). */
const OUTSIDERS: Record<Visibility, Actor[]> = {
  public: [],
  unlisted: [],
  members: ['anonymous'],
  private: ['anonymous', 'member', 'otherSponsor'],
};

/**
 * `base` on a memorial of `visibility`: who may not see it is told it does not exist, except a
 * caller who is not signed in on a call that asks for sign-in before it looks (`signInFirst`).
 */
function on(visibility: Visibility, base: Expectation, signInFirst = false): Expectation {
  const result = { ...base };
  for (const actor of OUTSIDERS[visibility]) {
    result[actor] = actor === 'anonymous' && signInFirst ? 'unauth' : 'hidden';
  }
  return result;
}
const ADMINS: Expectation = { ...all('forbidden'), anonymous: 'unauth', admin: 'ok' };

/** Who may list and leave items of each audience, and remove one that `author` left. */
const ITEM_RULES = {
  everyone: {
    list: PUBLIC,
    create: SIGNED_IN,
    /** A member left it: its author, the memorial's owner or managers, or an admin. */
    author: 'member',
    remove: { ...MANAGERS, member: 'ok' },
  },
  contributors: {
    list: CONTRIBUTORS,
    create: CONTRIBUTORS,
    /** A contributor left it; who may not see the galleries is told it does not exist. */
    author: 'contributor',
    remove: { ...CONTRIBUTORS, member: 'hidden', viewer: 'hidden', otherSponsor: 'hidden' },
  },
} as const satisfies Record<
  TributeKind['audience'],
  { list: Expectation; create: Expectation; author: Actor; remove: Expectation }
>;

let t: TestApp;
let world: Record<Exclude<Actor, 'anonymous'>, TestUser> & {
  memorialId: string;
  /** A second contributor of the memorial: leaves items that are not the contributor's own. */
  helper: TestUser;
};

const ROLE_OF: Record<Exclude<Actor, 'anonymous'>, 'visitor' | 'sponsor' | 'admin'> = {
  member: 'visitor',
  viewer: 'visitor',
  contributor: 'visitor',
  manager: 'visitor',
  owner: 'sponsor',
  otherSponsor: 'sponsor',
  admin: 'admin',
};

function authOf(actor: Actor): Record<string, string> {
  return actor === 'anonymous' ? {} : world[actor].auth;
}

/** A new account in the actor's role, for calls that change the caller's own account. */
async function freshAuth(
  actor: Actor,
): Promise<{ headers: Record<string, string>; user: TestUser | null }> {
  if (actor === 'anonymous') return { headers: {}, user: null };
  const user = await createUser(t.app, { role: ROLE_OF[actor] });
  return { headers: user.auth, user };
}

/**
 * A memorial of `ownerId` with its people: the table's viewer and manager, and `contributorId`
 * when given.
 */
async function newMemorial(
  ownerId: string,
  contributorId?: string,
  settings: {
    visibility?: Visibility;
    allowAccessRequests?: boolean;
    galleryAudience?: GalleryAudience;
    allowPublicBook?: boolean;
  } = {},
): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(memorials)
    .values({ ownerId, title: 'Table Memorial', ...settings })
    .returning({ id: memorials.id });
  const memorialId = row!.id;
  const people: { userId: string; role: 'owner' | 'manager' | 'contributor' | 'viewer' }[] = [
    { userId: ownerId, role: 'owner' },
  ];
  if (world?.viewer) people.push({ userId: world.viewer.row.id, role: 'viewer' });
  if (world?.manager) people.push({ userId: world.manager.row.id, role: 'manager' });
  if (contributorId) people.push({ userId: contributorId, role: 'contributor' });
  await t.app.ctx.db.insert(memorialPeople).values(people.map((p) => ({ memorialId, ...p })));
  return memorialId;
}

/** A memorial of each visibility, set up like the shared one. */
const memorialOf = (
  visibility: Visibility,
  allowAccessRequests = false,
  galleryAudience: GalleryAudience = 'people',
) =>
  newMemorial(world.owner.row.id, world.contributor.row.id, {
    visibility,
    allowAccessRequests,
    galleryAudience,
  });

/** A pending invitation of a contributor to the memorial, sent by its owner. */
async function invitationOn(memorialId: string): Promise<string> {
  return (await createInvitationRow(t.app, memorialId, world.owner, 'contributor')).id;
}

/** Ownership of the memorial offered to the table's manager, now. */
async function offerToManager(memorialId: string): Promise<void> {
  await t.app.ctx.db
    .update(memorials)
    .set({ pendingOwnerId: world.manager.row.id, pendingOwnerOfferedAt: new Date() })
    .where(eq(memorials.id, memorialId));
}

/** A prayer left straight into the database by a member with no part in the memorial. */
async function prayerOn(memorialId: string): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(prayers)
    .values({ memorialId, ownerId: world.helper.row.id, text: 'Peace.' })
    .returning({ id: prayers.id });
  return row!.id;
}

/** A timeline moment on the memorial: published (the owner's), or the contributor's suggestion. */
async function momentOn(memorialId: string, status: 'published' | 'pending'): Promise<string> {
  const author = status === 'published' ? world.owner : world.contributor;
  const [row] = await t.app.ctx.db
    .insert(memorialMoments)
    .values({
      memorialId,
      year: 1962,
      month: 6,
      title: 'Moved to the coast',
      status,
      authorId: author.row.id,
      authorName: author.row.fullName,
    })
    .returning({ id: memorialMoments.id });
  return row!.id;
}

const EVENT_FIELDS = {
  kind: 'funeral',
  title: 'Funeral',
  startsLocal: '2030-03-14T14:00',
  endsLocal: '2030-03-14T15:00',
  timeZone: 'Europe/London',
};
/** An upcoming event of the memorial. */
async function eventOn(memorialId: string): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(memorialEvents)
    .values({
      memorialId,
      kind: 'funeral',
      title: 'Funeral',
      startsLocal: '2030-03-14T14:00',
      endsLocal: '2030-03-14T15:00',
      timeZone: 'UTC',
      startsAt: new Date('2030-03-14T14:00:00Z'),
      endsAt: new Date('2030-03-14T15:00:00Z'),
    })
    .returning({ id: memorialEvents.id });
  return row!.id;
}
/** What the author of a returned item sends again, by kind. */
const RESUBMIT = {
  flowers: { bouquet: 'red-roses' },
  prayers: { prayerText: 'Peace, again.' },
  candles: { message: 'Still here.' },
} as const;

/** Leaves an item of `kind` on the shared memorial through the API, as `author`. */
/**
 * A kind lit once a day per person (candles): the author's earlier ones on the shared memorial are
 * made a day old, so each row's call is judged by its rights alone, not by the day's rule.
 */
async function dayOn(kind: TributeKind, author: TestUser | null): Promise<void> {
  if (!kind.lit || !author) return;
  await t.app.ctx.db.execute(
    sql`update ${kind.table} set created_at = created_at - interval '25 hours'
        where owner_id = ${author.row.id} and memorial_id = ${world.memorialId}`,
  );
}

async function newItem(
  kind: TributeKind,
  author: TestUser,
): Promise<{ _id: string; [key: string]: unknown }> {
  await dayOn(kind, author);
  const res = await t.app.inject(await createItemRequest(kind, world.memorialId, author.auth));
  expect(res.statusCode, `${kind.path}: ${res.body}`).toBe(201);
  return res.json().data;
}

interface Row {
  route: string;
  note?: string;
  expect: Expectation;
  request(actor: Actor): Promise<InjectOptions>;
}

let counter = 0;
const rows: Row[] = [];
function row(route: string, expectation: Expectation, request: Row['request'], note?: string) {
  rows.push({ route, expect: expectation, request, note });
}

const [GET, POST, PUT, PATCH, DELETE] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = InjectOptions['method'];
type Headers = Record<string, string>;
const json = (method: Method, url: string, payload: object, headers: Headers): InjectOptions => ({
  method,
  url,
  payload,
  headers,
});
/** Sign-in headers of a new account in the caller's role (`freshAuth`). */
const freshHeaders = async (actor: Actor) => (await freshAuth(actor)).headers;

/**
 * A call without a body, as each caller, to `url`: an address, or what makes one when the call
 * is made (an object made for the call, or an id the table has only once `beforeAll` has run).
 */
const call =
  (
    method: Method,
    url: string | ((actor: Actor) => string | Promise<string>),
    headersOf: (actor: Actor) => Headers | Promise<Headers> = authOf,
  ) =>
  async (actor: Actor): Promise<InjectOptions> => ({
    method,
    url: typeof url === 'string' ? url : await url(actor),
    headers: await headersOf(actor),
  });

/** A row for a route without parameters, called at its own address without a body. */
function plainRow(
  route: string,
  expectation: Expectation,
  { note, headersOf }: { note?: string; headersOf?: (actor: Actor) => Promise<Headers> } = {},
) {
  const [method, url] = route.split(' ') as [Method, string];
  row(route, expectation, call(method, url, headersOf), note);
}

/** A new memorial set up like the shared one, for a call that changes or removes it. */
const newLikeShared = () => newMemorial(world.owner.row.id, world.contributor.row.id);

/** A new contributor of `memorialId`, not the table's: someone a call may remove. */
async function otherContributorOf(memorialId: string): Promise<string> {
  const other = await createUser(t.app);
  await addContributorRow(t.app, memorialId, other);
  return other.row.id;
}

/** The short code of a memorial (by default the shared one), for its short link. */
async function shortCodeOf(memorialId = world.memorialId): Promise<string> {
  const [found] = await t.app.ctx.db
    .select({ shortCode: memorials.shortCode })
    .from(memorials)
    .where(eq(memorials.id, memorialId));
  return found!.shortCode;
}

// Accounts.
row('POST /api/v1/users/register', PUBLIC, async (actor) =>
  multipartRequest(
    POST,
    '/api/v1/users/register',
    authOf(actor),
    {
      fullName: 'New Member',
      email: `new${++counter}@example.com`,
      userName: `new_${counter}`,
      password: 'Fresh-start-2026',
    },
    { avatar: await pngFile() },
  ),
);
row('POST /api/v1/users/login', PUBLIC, async (actor) =>
  json(
    POST,
    '/api/v1/users/login',
    {
      userName: actor === 'anonymous' ? world.member.row.userName : world[actor].row.userName,
      password: TEST_PASSWORD,
    },
    {},
  ),
);
plainRow('POST /api/v1/users/logout', SIGNED_IN, { headersOf: freshHeaders });
plainRow('PATCH /api/v1/users/become-sponsor', SIGNED_IN, { headersOf: freshHeaders });
plainRow('GET /api/v1/users/me', SIGNED_IN);
row('POST /api/v1/users/update-profile', SIGNED_IN, async (actor) => {
  const { headers, user } = await freshAuth(actor);
  return multipartRequest(
    POST,
    '/api/v1/users/update-profile',
    headers,
    { fullName: 'Renamed Member', userName: user?.row.userName ?? 'someone' },
    { avatar: await pngFile() },
  );
});
row('PATCH /api/v1/users/update-account', SIGNED_IN, async (actor) =>
  json(
    PATCH,
    '/api/v1/users/update-account',
    { fullName: 'Renamed Member', email: `renamed${++counter}@example.com` },
    await freshHeaders(actor),
  ),
);
row(
  'POST /api/v1/users/confirm-email',
  all('invalid'),
  async (actor) =>
    json(
      POST,
      '/api/v1/users/confirm-email',
      { token: 'A'.repeat(43), currentPassword: TEST_PASSWORD },
      authOf(actor),
    ),
  'a token and the password prove the right; a wrong token is refused for everyone',
);
row(
  'POST /api/v1/users/cancel-email-change',
  all('invalid'),
  async (actor) =>
    json(POST, '/api/v1/users/cancel-email-change', { token: 'A'.repeat(43) }, authOf(actor)),
  'the token sent to the current address proves the right; a wrong one is refused for everyone',
);
row('POST /api/v1/users/change-password', SIGNED_IN, async (actor) =>
  json(
    POST,
    '/api/v1/users/change-password',
    {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Changed-pass-2026',
      confirmNewPassword: 'Changed-pass-2026',
    },
    await freshHeaders(actor),
  ),
);
row('POST /api/v1/users/forgot-password', PUBLIC, async (actor) => ({
  ...json(
    POST,
    '/api/v1/users/forgot-password',
    {
      userName: (await createUser(t.app)).row.userName,
      email: '',
      newPassword: 'Forgotten-pass-1',
      confirmNewPassword: 'Forgotten-pass-1',
    },
    authOf(actor),
  ),
  // Reset requests are throttled per address; each caller here comes from its own.
  remoteAddress: `10.8.0.${++counter % 250}`,
}));
row(
  'POST /api/v1/users/reset-password/confirm',
  all('invalid'),
  async (actor) =>
    json(
      POST,
      '/api/v1/users/reset-password/confirm',
      {
        token: 'A'.repeat(43),
        newPassword: 'Forgotten-pass-1',
        confirmNewPassword: 'Forgotten-pass-1',
      },
      authOf(actor),
    ),
  'a token proves the right; a wrong one is refused for everyone',
);
plainRow('GET /api/v1/users/normal', SIGNED_IN);
row('PATCH /api/v1/users/:userId/roles', MANAGERS, async (actor) => {
  const memorialId = await newMemorial(world.owner.row.id);
  const invitee = await createUser(t.app);
  return json(
    PATCH,
    `/api/v1/users/${invitee.row.id}/roles`,
    { postId: memorialId, userId: invitee.row.id },
    authOf(actor),
  );
});

// Memorials.
row('GET /api/v1/posts', PUBLIC, call(GET, '/api/v1/posts?q=table'));
row(
  'POST /api/v1/posts',
  SPONSORS,
  async (actor) =>
    await createMemorialRequest(authOf(actor), { title: 'A New Memorial', traits: 'kind' }),
);
plainRow('GET /api/v1/posts/get-sponsor-post', SIGNED_IN);
plainRow('GET /api/v1/posts/get-contributer-post', SIGNED_IN);
row(
  'GET /api/v1/posts/post/:id',
  PUBLIC,
  call(GET, () => `/api/v1/posts/post/${world.memorialId}`),
);
row(
  'DELETE /api/v1/posts/:id',
  OWNERS,
  call(DELETE, async () => `/api/v1/posts/${await newLikeShared()}`),
);
for (const method of [PATCH, PUT]) {
  row(`${method} /api/v1/posts/:id`, MANAGERS, async (actor) =>
    multipartRequest(method, `/api/v1/posts/${await newLikeShared()}`, authOf(actor), {
      title: 'Edited',
      description: 'Edited.',
    }),
  );
}
row('POST /api/v1/posts/update-post', MANAGERS, async (actor) =>
  multipartRequest(POST, '/api/v1/posts/update-post', authOf(actor), {
    postId: await newLikeShared(),
    title: 'Edited',
    description: 'Edited.',
  }),
);
row(
  'GET /api/v1/posts/:id/contributors',
  MANAGERS,
  call(GET, async () => `/api/v1/posts/${await newLikeShared()}/contributors`),
);
row(
  'DELETE /api/v1/posts/:id/contributors/:userId',
  CONTRIBUTORS,
  call(
    DELETE,
    async () => `/api/v1/posts/${await newLikeShared()}/contributors/${world.contributor.row.id}`,
  ),
  'the contributor themselves',
);
row(
  'DELETE /api/v1/posts/:id/contributors/:userId',
  MANAGERS,
  call(DELETE, async () => {
    const memorialId = await newLikeShared();
    return `/api/v1/posts/${memorialId}/contributors/${await otherContributorOf(memorialId)}`;
  }),
  'another contributor',
);
for (const method of [PUT, DELETE]) {
  row(
    `${method} /api/v1/posts/:id/like`,
    SIGNED_IN,
    call(method, () => `/api/v1/posts/${world.memorialId}/like`),
  );
}
// Sharing: the QR code and poster of a memorial, and its short link, for whoever may see it.
for (const file of ['qr.svg', 'qr.png', 'poster.pdf']) {
  row(
    `GET /api/v1/posts/:id/${file}`,
    PUBLIC,
    call(GET, () => `/api/v1/posts/${world.memorialId}/${file}`),
  );
}
row(
  'GET /m/:code',
  all('redirect'),
  call(GET, async () => `/m/${await shortCodeOf()}`),
);
row(
  'GET /api/v1/posts/short/:code',
  PUBLIC,
  call(GET, async () => `/api/v1/posts/short/${await shortCodeOf()}`),
);
row(
  'GET /m/:code/calendar.ics',
  PUBLIC,
  call(GET, async () => `/m/${await shortCodeOf()}/calendar.ics`),
);
for (const [route, url] of [
  ['GET /api/v1/posts/short/:code', '/api/v1/posts/short/zzzzzzzz'],
  ['GET /m/:code', '/m/zzzzzzzz'],
  ['GET /m/:code/calendar.ics', '/m/zzzzzzzz/calendar.ics'],
] as const) {
  row(route, all('hidden'), call(GET, url), 'a code no memorial has');
}
plainRow('GET /api/v1/uploads/limits', PUBLIC);
plainRow('GET /api/v1/home/legends', PUBLIC);

// Archives: a memorial's export is its owner's and managers' (on every visibility below); a
// member's take-out is their own; importing creates a memorial, so it is for sponsors.
let archive: Buffer | undefined;
for (const method of [GET, POST]) {
  row(
    `${method} /api/v1/posts/:id/export`,
    EXPORTERS,
    call(method, () => `/api/v1/posts/${world.memorialId}/export`),
  );
}
row(
  'POST /api/v1/exports/download',
  all('hidden'),
  async (actor) => json(POST, '/api/v1/exports/download', { token: 'A'.repeat(43) }, authOf(actor)),
  'an emailed token proves the right; a wrong one opens nothing for anyone',
);
plainRow('GET /api/v1/users/me/export', SIGNED_IN);
plainRow('POST /api/v1/users/me/export', SIGNED_IN, {
  note: "the member's own take-out, emailed to them",
});
row('POST /api/v1/imports', SPONSORS, async (actor) => {
  archive ??= (
    await t.app.inject({
      method: GET,
      url: `/api/v1/posts/${await newMemorial(world.owner.row.id)}/export`,
      headers: world.owner.auth,
    })
  ).rawPayload;
  return multipartRequest(
    POST,
    '/api/v1/imports',
    authOf(actor),
    {},
    { archive: { filename: 'memorial.zip', contentType: 'application/zip', body: archive } },
  );
});

/** An import the memorial's owner started; its progress is theirs alone (404 to anyone else). */
let ownersImport: string | undefined;
row(
  'GET /api/v1/imports/:jobId',
  { ...all('hidden'), anonymous: 'unauth', owner: 'ok' },
  call(GET, async () => {
    ownersImport ??= (
      await t.app.ctx.db
        .insert(memorialImports)
        .values({
          userId: world.owner.row.id,
          state: 'done',
          storageKey: 'imports/2026/01/a/archive.zip',
        })
        .returning({ id: memorialImports.id })
    )[0]!.id;
    return `/api/v1/imports/${ownersImport}`;
  }),
  'the member who started the import, nobody else (administrators included)',
);

// Link previews: the card of a memorial anyone may see.
row(
  'GET /api/v1/posts/:id/preview.png',
  PUBLIC,
  call(GET, () => `/api/v1/posts/${world.memorialId}/preview.png`),
);

// For search engines: public, read-only, the same for everyone.
for (const url of ['/sitemap.xml', '/robots.txt']) plainRow(`GET ${url}`, PUBLIC);
row('GET /sitemaps/:file', PUBLIC, call(GET, '/sitemaps/1.xml'));
row('GET /sitemaps/:file', all('hidden'), call(GET, '/sitemaps/2.xml'), 'past the last file');

// The API reference: public, read-only, the same for everyone.
for (const url of [
  '/api/v1/openapi.json',
  '/api/docs',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/swagger-initializer.js',
]) {
  plainRow(`GET ${url}`, PUBLIC);
}
plainRow('GET /api/docs/static/index.html', all('redirect'));
row('GET /api/docs/static/*', PUBLIC, call(GET, '/api/docs/static/swagger-ui.css'));

// Operations, outside the API: health and readiness for load balancers, public and read-only;
// metrics exist only with METRICS_TOKEN (operations.test.ts covers the token), so here: not found.
plainRow('GET /healthz', PUBLIC);
plainRow('GET /readyz', PUBLIC);
plainRow('GET /metrics', all('hidden'), { note: 'without METRICS_TOKEN' });

// Items left on a memorial, every kind of the registry: flowers and prayers are public to read
// and any member may leave one; photos, memorabilia and documents are for the owner, contributors
// and admins. The author, the memorial's owner or an admin may remove an item.
/** Removes an item of `kind` that `author` has just left. */
const removeNew = (kind: TributeKind, author: () => TestUser) =>
  call(DELETE, async () => `/api/v1/${kind.path}/${(await newItem(kind, author()))._id}`);
for (const kind of TRIBUTE_KINDS) {
  const rules = ITEM_RULES[kind.audience];
  row(
    `GET /api/v1/${kind.path}/post/:id`,
    rules.list,
    call(GET, () => `/api/v1/${kind.path}/post/${world.memorialId}`),
  );
  row(`POST /api/v1/${kind.path}`, rules.create, async (actor) => {
    await dayOn(kind, actor === 'anonymous' ? null : world[actor]);
    return createItemRequest(kind, world.memorialId, authOf(actor));
  });
  row(
    `DELETE /api/v1/${kind.path}/:id`,
    rules.remove,
    removeNew(kind, () => world[rules.author]),
  );
}
/** The kinds a guest may leave without an account (kinds.ts `guests`). */
const GUEST_TRIBUTE_KINDS = TRIBUTE_KINDS.filter((k) => KINDS[k.path].guests);
for (const kind of GUEST_TRIBUTE_KINDS) {
  row(
    `POST /api/v1/${kind.path}`,
    { ...SIGNED_IN, anonymous: 'forbidden' },
    async (actor) => {
      const memorialId = await newLikeShared();
      await t.app.ctx.db
        .update(memorials)
        .set({ allowGuestTributes: false })
        .where(eq(memorials.id, memorialId));
      return guestItemRequest(kind, memorialId, authOf(actor));
    },
    'as a guest, on a memorial whose family switched guest tributes off',
  );
}
/** A guest's prayer waiting for its link on the shared memorial: the link's token. */
async function guestLinkToken(): Promise<string> {
  const token = `guest-link-${++counter}-${Date.now()}`;
  await t.app.ctx.db.insert(guestTributes).values({
    memorialId: world.memorialId,
    kind: 'prayers',
    guestName: 'Guest Visitor',
    emailHash: guestEmailHash(`link${counter}@example.com`),
    fields: { text: 'Peace.' },
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}
for (const action of ['preview', 'confirm']) {
  row(
    `POST /api/v1/guest-tributes/${action}`,
    PUBLIC,
    async (actor) =>
      json(
        POST,
        `/api/v1/guest-tributes/${action}`,
        { token: await guestLinkToken() },
        authOf(actor),
      ),
    'whoever holds the emailed link, signed in or not',
  );
  row(
    `POST /api/v1/guest-tributes/${action}`,
    all('hidden'),
    async (actor) =>
      json(POST, `/api/v1/guest-tributes/${action}`, { token: 'not-a-link' }, authOf(actor)),
    'a token that names nothing',
  );
}
/** A claim link (decision 0110) made for `user`, mailed to its address: the link's token. */
async function guestClaimToken(user: TestUser): Promise<string> {
  const token = `guest-claim-${++counter}-${Date.now()}`;
  await t.app.ctx.db.insert(guestClaims).values({
    userId: user.row.id,
    emailHash: guestEmailHash(user.row.email),
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}
const CLAIM = '/api/v1/guest-tributes/claim';
row(
  `POST ${CLAIM}`,
  SIGNED_IN,
  async (actor) => {
    // A fresh account: using the link marks its address proven.
    const { headers, user } = await freshAuth(actor);
    const owner = user ?? (await createUser(t.app));
    return json(POST, CLAIM, { token: await guestClaimToken(owner) }, headers);
  },
  'the link made for the caller’s own account',
);
row(
  `POST ${CLAIM}`,
  { ...all('hidden'), anonymous: 'unauth' },
  async (actor) => {
    const other = await createUser(t.app);
    return json(POST, CLAIM, { token: await guestClaimToken(other) }, authOf(actor));
  },
  'a link made for another account',
);
row(
  `POST ${CLAIM}`,
  { ...all('hidden'), anonymous: 'unauth' },
  async (actor) => json(POST, CLAIM, { token: 'not-a-link' }, authOf(actor)),
  'a token that names nothing',
);
// A member's own follows and reminders, listed.
plainRow('GET /api/v1/follows', SIGNED_IN);
plainRow('GET /api/v1/reminders', SIGNED_IN);
/** A guest's follow of the shared memorial waiting for its emailed link: the link's token. */
async function guestFollowToken(): Promise<string> {
  const token = `guest-follow-${++counter}-${Date.now()}`;
  await t.app.ctx.db.insert(follows).values({
    memorialId: world.memorialId,
    email: `follow${counter}@example.com`,
    confirmTokenHash: hashLinkToken(token),
    confirmExpiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}
/** A guest's answer to an event of the shared memorial waiting for its link: the token. */
async function guestAnswerToken(): Promise<string> {
  const token = `guest-rsvp-${++counter}-${Date.now()}`;
  await t.app.ctx.db.insert(eventRsvps).values({
    eventId: await eventOn(world.memorialId),
    name: 'Ann Guest',
    people: 2,
    emailHash: hashLinkToken(`answer${counter}@example.com`),
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}
for (const [base, tokenOf] of [
  ['/api/v1/follows/guest', guestFollowToken],
  ['/api/v1/event-rsvps', guestAnswerToken],
] as const) {
  for (const action of ['preview', 'confirm']) {
    row(
      `POST ${base}/${action}`,
      PUBLIC,
      async (actor) => json(POST, `${base}/${action}`, { token: await tokenOf() }, authOf(actor)),
      'whoever holds the emailed link, signed in or not',
    );
    row(
      `POST ${base}/${action}`,
      all('hidden'),
      async (actor) => json(POST, `${base}/${action}`, { token: 'not-a-link' }, authOf(actor)),
      'a token that names nothing',
    );
  }
}
// A Life Legacy's release (decision 0122): each caller's own plan; a steward's calls reach only
// their own stewardship ("not found" for anyone else's, administrators too); emailed links that
// were never sent open nothing. legacy-release-authorization.test.ts walks every state.
/** A steward of the owner's legacy: `stewardId` accepted it (or nobody yet, an invitation). */
async function legacyStewardRow(stewardId: string | null): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(legacyStewards)
    .values({
      ownerId: world.owner.row.id,
      email: `steward${++counter}@example.com`,
      stewardId,
      tokenHash: hashLinkToken(`legacy-steward-${counter}-${Date.now()}`),
      expiresAt: new Date(Date.now() + 86_400_000),
      acceptedAt: stewardId ? new Date() : null,
    })
    .returning({ id: legacyStewards.id });
  return row!.id;
}
/** The contributor looks after the owner's legacy; everyone else is a stranger to it. */
const STEWARD_ONLY: Expectation = {
  ...all('hidden'),
  anonymous: 'unauth',
  contributor: 'ok',
};
const NOTHING_UNDER_WAY: Expectation = { ...all('conflict'), anonymous: 'unauth' };
const NO_SUCH_LINK = 'a link that was never sent';
plainRow('GET /api/v1/legacy-plan', SIGNED_IN);
row('PUT /api/v1/legacy-plan/rules', SIGNED_IN, async (actor) =>
  json(
    PUT,
    '/api/v1/legacy-plan/rules',
    { reportsNeeded: 2, waitingDays: 14, inactivityMonths: null, sections: { about: 'stewards' } },
    authOf(actor),
  ),
);
row('POST /api/v1/legacy-plan/stewards', SIGNED_IN, async (actor) =>
  json(
    POST,
    '/api/v1/legacy-plan/stewards',
    { email: `invited${++counter}@example.com` },
    authOf(actor),
  ),
);
row(
  'DELETE /api/v1/legacy-plan/stewards/:id',
  { ...all('hidden'), anonymous: 'unauth', owner: 'ok' },
  call(DELETE, async () => `/api/v1/legacy-plan/stewards/${await legacyStewardRow(null)}`),
);
plainRow('POST /api/v1/legacy-plan/stop', NOTHING_UNDER_WAY, { note: 'nothing under way' });
plainRow('POST /api/v1/legacy-plan/revoke', NOTHING_UNDER_WAY, { note: 'nothing released' });
row(
  'POST /api/v1/legacy-release/stop',
  all('hidden'),
  async (actor) =>
    json(POST, '/api/v1/legacy-release/stop', { token: 'A'.repeat(43) }, authOf(actor)),
  NO_SUCH_LINK,
);
row(
  'POST /api/v1/legacy-stewardships/accept',
  { ...all('hidden'), anonymous: 'unauth' },
  async (actor) =>
    json(POST, '/api/v1/legacy-stewardships/accept', { token: 'A'.repeat(43) }, authOf(actor)),
  NO_SUCH_LINK,
);
plainRow('GET /api/v1/legacy-stewardships', SIGNED_IN);
row(
  'DELETE /api/v1/legacy-stewardships/:id',
  STEWARD_ONLY,
  call(
    DELETE,
    async () => `/api/v1/legacy-stewardships/${await legacyStewardRow(world.contributor.row.id)}`,
  ),
);
row('POST /api/v1/legacy-stewardships/:id/report', STEWARD_ONLY, async (actor) =>
  json(
    POST,
    `/api/v1/legacy-stewardships/${await legacyStewardRow(world.contributor.row.id)}/report`,
    { dateOfDeath: '2026-01-02' },
    authOf(actor),
  ),
);
row(
  'POST /api/v1/legacy-stewardships/:id/memorial',
  { ...STEWARD_ONLY, contributor: 'conflict' },
  async (actor) =>
    json(
      POST,
      `/api/v1/legacy-stewardships/${await legacyStewardRow(world.contributor.row.id)}/memorial`,
      { title: 'Their memorial', dateOfBirth: null, deathDate: '2026-01-02' },
      authOf(actor),
    ),
  'before any release',
);
for (const route of ['open', 'download']) {
  row(
    `POST /api/v1/legacy-access/${route}`,
    all('hidden'),
    async (actor) =>
      json(POST, `/api/v1/legacy-access/${route}`, { token: 'A'.repeat(43) }, authOf(actor)),
    NO_SUCH_LINK,
  );
}

// One-click unsubscribes (RFC 8058): the signed token in the mail's header is the right, with no
// sign-in; a token that names nothing is refused.
row(
  'POST /follows/unsubscribe',
  PUBLIC,
  async (actor) => {
    const [follow] = await t.app.ctx.db
      .insert(follows)
      .values({
        memorialId: world.memorialId,
        userId: (await createUser(t.app)).row.id,
        confirmedAt: new Date(),
      })
      .returning({ id: follows.id });
    const token = unsubscribeToken(t.app.ctx.config.jwtSecret, follow!.id);
    return { method: POST, url: `/follows/unsubscribe?token=${token}`, headers: authOf(actor) };
  },
  'the link of a digest',
);
row(
  'POST /follows/unsubscribe',
  all('hidden'),
  call(POST, '/follows/unsubscribe?token=not-a-link'),
  'a token that names nothing',
);
/** A reminder of a new member on the shared memorial: its unsubscribe token. */
async function reminderToken(): Promise<string> {
  const [reminder] = await t.app.ctx.db
    .insert(anniversaryReminders)
    .values({
      userId: (await createUser(t.app)).row.id,
      memorialId: world.memorialId,
      birthday: true,
    })
    .returning({ id: anniversaryReminders.id });
  return new UnsubscribeTokens(t.app.ctx.config.jwtSecret).issue(reminder!.id);
}
row(
  'GET /reminders/unsubscribe',
  PUBLIC,
  call(GET, async () => `/reminders/unsubscribe?token=${await reminderToken()}`),
  'the page a reminder links to: it changes nothing',
);
row(
  'POST /reminders/unsubscribe',
  PUBLIC,
  call(POST, async () => `/reminders/unsubscribe?token=${await reminderToken()}`),
  'the link of a reminder',
);
row(
  'POST /reminders/unsubscribe',
  all('invalid'),
  call(POST, '/reminders/unsubscribe?token=not-a-link'),
  'a token that names nothing',
);
/** A yearly copy sent to a new member of the shared memorial: its stop token. */
async function copyStopToken(): Promise<string> {
  const [copy] = await t.app.ctx.db
    .insert(yearlyCopies)
    .values({
      memorialId: world.memorialId,
      recipient: `user:${(await createUser(t.app)).row.id}`,
      period: `year:${++counter}`,
      reason: 'yearly',
      queuedAt: new Date(),
      sentAt: new Date(),
    })
    .returning({ id: yearlyCopies.id });
  return new CopyStopTokens(t.app.ctx.config.jwtSecret).issue(copy!.id);
}
row(
  'GET /copies/stop',
  PUBLIC,
  call(GET, async () => `/copies/stop?token=${await copyStopToken()}`),
  'the page a yearly copy links to: it changes nothing',
);
row(
  'POST /copies/stop',
  PUBLIC,
  call(POST, async () => `/copies/stop?token=${await copyStopToken()}`),
  'the link of a yearly copy',
);
row(
  'POST /copies/stop',
  all('invalid'),
  call(POST, '/copies/stop?token=not-a-link'),
  'a token that names nothing',
);
/** An address of the shared memorial waiting for its confirmation: the link's token. */
async function copyAddressToken(): Promise<string> {
  const token = `confirm-${++counter}-${Date.now()}`;
  await t.app.ctx.db.insert(copyAddresses).values({
    memorialId: world.memorialId,
    email: `chosen${counter}@example.org`,
    addedBy: world.owner.row.id,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return token;
}
row(
  'POST /api/v1/yearly-copy/confirm',
  PUBLIC,
  async (actor) => ({
    method: POST,
    url: '/api/v1/yearly-copy/confirm',
    payload: { token: await copyAddressToken() },
    headers: authOf(actor),
  }),
  'the link emailed to an address chosen for yearly copies',
);
row(
  'POST /api/v1/yearly-copy/confirm',
  all('hidden'),
  async (actor) => ({
    method: POST,
    url: '/api/v1/yearly-copy/confirm',
    payload: { token: 'not-a-link' },
    headers: authOf(actor),
  }),
  'a token that names nothing',
);
// A tribute the family returned with a note: its author alone changes it and sends it again.
for (const kind of TRIBUTE_KINDS.filter((k) => k.moderation)) {
  row(
    `POST /api/v1/${kind.path}/:id/resubmit`,
    { ...all('hidden'), anonymous: 'unauth', member: 'ok' },
    async (actor) => {
      await dayOn(kind, world.member);
      const item = await newItem(kind, world.member);
      await t.app.ctx.db.execute(
        sql`update ${kind.table} set status = 'returned', return_note = 'Please add a name.' where id = ${item._id}`,
      );
      const payload = RESUBMIT[kind.path as keyof typeof RESUBMIT];
      return json(POST, `/api/v1/${kind.path}/${item._id}/resubmit`, payload, authOf(actor));
    },
    'a returned item the member left',
  );
}
for (const kind of TRIBUTE_KINDS.filter((k) => k.audience === 'contributors')) {
  row(
    `DELETE /api/v1/${kind.path}/:id`,
    { ...ITEM_RULES.contributors.remove, contributor: 'forbidden' },
    removeNew(kind, () => world.helper),
    'one another contributor left',
  );
}
/** A link of an item a contributor has just left: its `field`, perhaps changed by `edit`. */
const linkOfNew =
  (kind: TributeKind, field: string, edit = (link: string) => link) =>
  async () =>
    edit(String((await newItem(kind, world.contributor))[field]));
row(
  'GET /api/v1/documents/:id/download',
  CONTRIBUTORS,
  call(
    GET,
    async () =>
      `/api/v1/documents/${(await newItem(documentKind, world.contributor))._id}/download`,
  ),
  'with a bearer token',
);
row(
  'GET /api/v1/documents/:id/download',
  PUBLIC,
  call(GET, linkOfNew(documentKind, 'documentFile')),
  'with the signed link the list hands to allowed callers',
);

// Files.
row(
  'GET /media/*',
  PUBLIC,
  call(GET, async () => {
    const registered = await t.app.inject(await registrationRequest());
    return registered.json().data.user.avatar as string;
  }),
  'a public avatar',
);
row(
  'GET /media/*',
  PUBLIC,
  call(GET, linkOfNew(photoKind, 'photoImg')),
  'a private photo through its signed URL',
);
row(
  'GET /media/*',
  all('hidden'),
  call(
    GET,
    linkOfNew(photoKind, 'photoImg', (link) => link.split('?')[0]!),
  ),
  'a private photo without its signature',
);

// Stewardship: privacy, people, moderation, activity, ownership, on memorials of every visibility.
for (const v of VISIBILITIES) {
  const note = `a ${v} memorial`;
  /**
   * A call as each caller to a new memorial of this visibility (`askable`: one that takes access
   * requests); `target` makes its address, and its body if it has one, from the memorial's id.
   */
  const at =
    (
      method: Method,
      target: (
        id: string,
        actor: Actor,
      ) => { url: string; payload?: object } | Promise<{ url: string; payload?: object }>,
      askable = false,
    ) =>
    async (actor: Actor): Promise<InjectOptions> => ({
      method,
      ...(await target(await memorialOf(v, askable), actor)),
      headers: authOf(actor),
    });
  /**
   * A row for `route` on this visibility, called at its own address with the memorial's id, with
   * `payload` as its body if given.
   */
  const memorialRow = (
    route: string,
    base: Expectation,
    { signInFirst = false, payload }: { signInFirst?: boolean; payload?: () => object } = {},
  ) => {
    const [method, path] = route.split(' ') as [Method, string];
    row(
      route,
      on(v, base, signInFirst),
      at(method, (id) => ({
        url: path.replace(':id', id),
        ...(payload && { payload: payload() }),
      })),
      note,
    );
  };
  /** A prayer to moderate or report, left on the memorial `id`. */
  const aboutPrayer = async (id: string) => ({ kind: 'prayers', itemId: await prayerOn(id) });
  memorialRow('GET /api/v1/posts/post/:id', PUBLIC);
  // A short link leads whoever may see the memorial to it, and anyone to a private memorial
  // whose family takes requests (its page offers "Ask to join"); the others are told "not found".
  for (const askable of [false, true]) {
    const opens = (base: Expectation) => (askable && v === 'private' ? base : on(v, base));
    const which = askable ? `${note} that takes access requests` : note;
    row(
      'GET /m/:code',
      opens(all('redirect')),
      at(GET, async (id) => ({ url: `/m/${await shortCodeOf(id)}` }), askable),
      which,
    );
    row(
      'GET /api/v1/posts/short/:code',
      opens(PUBLIC),
      at(GET, async (id) => ({ url: `/api/v1/posts/short/${await shortCodeOf(id)}` }), askable),
      which,
    );
    // The calendar feed is read by calendar apps, which send no cookie and no token: it exists
    // only for memorials anyone may read, and is "not found" for everyone else, its people too,
    // whether or not the family takes requests.
    row(
      'GET /m/:code/calendar.ics',
      OUTSIDERS[v].includes('anonymous') ? all('hidden') : PUBLIC,
      at(GET, async (id) => ({ url: `/m/${await shortCodeOf(id)}/calendar.ics` }), askable),
      which,
    );
  }
  memorialRow('GET /api/v1/prayers/post/:id', PUBLIC);
  // The galleries: for the memorial's people, or for everyone who may see it when its family
  // shares them with visitors. Adding to them stays with the people either way.
  for (const audience of GALLERY_AUDIENCES) {
    const readers = audience === 'visitors' ? PUBLIC : CONTRIBUTORS;
    const shared = `${note} whose galleries are for its ${audience}`;
    const galleryAt =
      (target: (id: string) => Promise<string> | string) =>
      async (actor: Actor): Promise<InjectOptions> => ({
        method: GET,
        url: await target(await memorialOf(v, false, audience)),
        headers: authOf(actor),
      });
    for (const kind of TRIBUTE_KINDS.filter((k) => k.audience === 'contributors')) {
      row(
        `GET /api/v1/${kind.path}/post/:id`,
        on(v, readers),
        galleryAt((id) => `/api/v1/${kind.path}/post/${id}`),
        shared,
      );
    }
    row(
      'GET /api/v1/documents/:id/download',
      on(v, readers),
      galleryAt(async (id) => {
        const made = await t.app.inject(
          await createItemRequest(documentKind, id, world.contributor.auth),
        );
        return `/api/v1/documents/${made.json().data._id}/download`;
      }),
      `${shared}, without a signed link`,
    );
    row(
      'POST /api/v1/photos',
      on(v, CONTRIBUTORS, true),
      async (actor) =>
        createItemRequest(photoKind, await memorialOf(v, false, audience), authOf(actor)),
      shared,
    );
    row(
      'PUT /api/v1/photos/post/:id/order',
      on(v, MANAGERS, true),
      async (actor) => {
        const id = await memorialOf(v, false, audience);
        const made = await t.app.inject(
          await createItemRequest(photoKind, id, world.contributor.auth),
        );
        return {
          method: PUT,
          url: `/api/v1/photos/post/${id}/order`,
          payload: { ids: [made.json().data._id] },
          headers: authOf(actor),
        };
      },
      shared,
    );
  }
  row(
    'POST /api/v1/prayers',
    on(v, SIGNED_IN, true),
    async (actor) => createItemRequest(prayerKind, await memorialOf(v), authOf(actor)),
    note,
  );
  memorialRow('PATCH /api/v1/posts/:id/settings', MANAGERS, {
    payload: () => ({ indexable: false }),
  });
  memorialRow('PATCH /api/v1/posts/:id/settings', MANAGERS, {
    payload: () => ({ allowGuestTributes: false }),
  });
  memorialRow('PATCH /api/v1/posts/:id/settings', MANAGERS, {
    payload: () => ({ allowPublicBook: true }),
  });
  // A guest has no account: only a memorial anyone may see without one (public, or unlisted by
  // its link) takes their tribute; the others do not exist for them. Members' calls carrying the
  // same fields are members' calls.
  for (const kind of GUEST_TRIBUTE_KINDS) {
    row(
      `POST /api/v1/${kind.path}`,
      on(v, PUBLIC),
      async (actor) => guestItemRequest(kind, await memorialOf(v), authOf(actor)),
      `${note}, with a guest's name and email (202 for a guest)`,
    );
  }
  memorialRow('GET /api/v1/posts/:id/people', MANAGERS);
  memorialRow('POST /api/v1/posts/:id/invitations', MANAGERS, {
    signInFirst: true,
    payload: () => ({ email: `relative${++counter}@example.com`, role: 'contributor' }),
  });
  for (const [route, method, suffix] of [
    ['DELETE /api/v1/posts/:id/invitations/:invitationId', DELETE, ''],
    ['POST /api/v1/posts/:id/invitations/:invitationId/resend', POST, '/resend'],
  ] as const) {
    row(
      route,
      on(v, MANAGERS),
      at(method, async (id) => ({
        url: `/api/v1/posts/${id}/invitations/${await invitationOn(id)}${suffix}`,
      })),
      `${note}, the owner's invitation of a contributor`,
    );
  }
  row(
    'PATCH /api/v1/posts/:id/people/:userId',
    on(v, MANAGERS),
    at(PATCH, (id) => ({
      url: `/api/v1/posts/${id}/people/${world.contributor.row.id}`,
      payload: { role: 'viewer' },
    })),
    note,
  );
  row(
    'DELETE /api/v1/posts/:id/people/:userId',
    on(v, MANAGERS),
    at(DELETE, async (id) => ({
      url: `/api/v1/posts/${id}/people/${await otherContributorOf(id)}`,
    })),
    `${note}, another contributor`,
  );
  row(
    'DELETE /api/v1/posts/:id/people/:userId',
    on(v, {
      anonymous: 'unauth',
      member: 'hidden',
      viewer: 'ok',
      contributor: 'ok',
      manager: 'ok',
      owner: 'conflict',
      otherSponsor: 'hidden',
      admin: 'hidden',
    }),
    at(DELETE, (id, actor) => ({
      url: `/api/v1/posts/${id}/people/${world[actor === 'anonymous' ? 'viewer' : actor].row.id}`,
    })),
    `${note}, leaving it`,
  );
  memorialRow('GET /api/v1/posts/:id/moderation', MANAGERS);
  row(
    'POST /api/v1/posts/:id/moderation',
    on(v, MANAGERS),
    at(POST, async (id) => ({
      url: `/api/v1/posts/${id}/moderation`,
      payload: { ...(await aboutPrayer(id)), action: 'hide' },
    })),
    note,
  );
  row(
    'POST /api/v1/posts/:id/reports',
    on(v, SIGNED_IN, true),
    at(POST, async (id) => ({
      url: `/api/v1/posts/${id}/reports`,
      payload: { ...(await aboutPrayer(id)), reason: 'Not about her.' },
    })),
    note,
  );
  // The memorial book (decision 0124): its owner and managers; anyone who may see it only while
  // it is public and its family allows it. Everyone else, administrators too: "not found".
  for (const allowPublicBook of [false, true]) {
    const book: Expectation =
      allowPublicBook && v === 'public' ? PUBLIC : { ...all('hidden'), owner: 'ok', manager: 'ok' };
    row(
      'GET /api/v1/posts/:id/book.pdf',
      book,
      async (actor) => ({
        method: GET,
        url: `/api/v1/posts/${await newMemorial(world.owner.row.id, world.contributor.row.id, {
          visibility: v,
          allowPublicBook,
        })}/book.pdf`,
        headers: authOf(actor),
      }),
      allowPublicBook ? `${note} whose family allows its book` : note,
    );
  }
  memorialRow('GET /api/v1/posts/:id/export', EXPORTERS, { signInFirst: true });
  memorialRow('POST /api/v1/posts/:id/export', EXPORTERS, { signInFirst: true });
  memorialRow('GET /api/v1/posts/:id/activity', MANAGERS);
  /** The table's manager, as the memorial's next owner. */
  const toManager = () => ({ userId: world.manager.row.id });
  memorialRow('POST /api/v1/posts/:id/transfer', OWNERS, { payload: toManager });
  for (const answer of ['accept', 'decline']) {
    row(
      `POST /api/v1/posts/:id/transfer/${answer}`,
      on(v, { ...all('forbidden'), anonymous: 'unauth', manager: 'ok' }, true),
      at(POST, async (id) => {
        await offerToManager(id);
        return { url: `/api/v1/posts/${id}/transfer/${answer}` };
      }),
      `${note}, offered to its manager`,
    );
  }
  row(
    'DELETE /api/v1/posts/:id/transfer',
    on(v, OWNERS),
    at(DELETE, async (id) => {
      await offerToManager(id);
      return { url: `/api/v1/posts/${id}/transfer` };
    }),
    `${note}, offered to its manager`,
  );
  memorialRow('PUT /api/v1/posts/:id/successor', OWNERS, { payload: toManager });
  // Its owner only, not an administrator: the card announces a memorial to the one who made it.
  memorialRow(
    'POST /api/v1/posts/:id/seen',
    { ...all('forbidden'), anonymous: 'unauth', owner: 'ok' },
    { signInFirst: true },
  );
  // The life timeline and the charities: read as the memorial is; changed by its managers; a
  // contributor suggests, and a suggestion is seen by its author and the managers alone.
  memorialRow('GET /api/v1/timeline/post/:id', PUBLIC);
  memorialRow('GET /api/v1/charities/post/:id', PUBLIC);
  memorialRow('PUT /api/v1/posts/:id/charities', MANAGERS, {
    payload: () => ({ charities: [{ name: 'RNLI', url: 'https://rnli.org/donate' }] }),
  });
  row(
    'POST /api/v1/timeline',
    on(v, CONTRIBUTORS, true),
    at(POST, (id) => ({
      url: '/api/v1/timeline',
      payload: { postId: id, year: 1962, month: 6, day: 14, title: 'Born' },
    })),
    `${note}: a contributor's moment waits for a manager`,
  );
  row(
    'PATCH /api/v1/timeline/:id',
    on(v, MANAGERS),
    at(PATCH, async (id) => ({
      url: `/api/v1/timeline/${await momentOn(id, 'published')}`,
      payload: { year: 1963, title: 'Moved' },
    })),
    `${note}, a published moment`,
  );
  row(
    'DELETE /api/v1/timeline/:id',
    on(v, MANAGERS),
    at(DELETE, async (id) => ({ url: `/api/v1/timeline/${await momentOn(id, 'published')}` })),
    `${note}, a published moment`,
  );
  /** A contributor's suggestion: who may not see it (all but its author and managers) is told it does not exist. */
  const SUGGESTION_SEERS = { contributor: 'ok', manager: 'ok', owner: 'ok', admin: 'ok' } as const;
  row(
    'DELETE /api/v1/timeline/:id',
    { ...all('hidden'), ...SUGGESTION_SEERS },
    at(DELETE, async (id) => ({ url: `/api/v1/timeline/${await momentOn(id, 'pending')}` })),
    `${note}, the contributor's suggestion (its author withdraws it)`,
  );
  for (const decision of ['approve', 'decline']) {
    row(
      `POST /api/v1/timeline/:id/${decision}`,
      { ...all('hidden'), ...SUGGESTION_SEERS, contributor: 'forbidden' },
      at(POST, async (id) => ({
        url: `/api/v1/timeline/${await momentOn(id, 'pending')}/${decision}`,
      })),
      `${note}, the contributor's suggestion`,
    );
  }
  // Services and events: read as the memorial is; kept by its managers; answered by whoever may
  // see it (a guest's answer only where no account is needed to see it).
  const eventAt = (method: Method, path: (event: string) => string, payload?: object) =>
    at(method, async (id) => ({ url: path(await eventOn(id)), ...(payload && { payload }) }));
  memorialRow('GET /api/v1/events/post/:id', PUBLIC);
  row(
    'POST /api/v1/events',
    on(v, MANAGERS),
    at(POST, (id) => ({ url: '/api/v1/events', payload: { postId: id, ...EVENT_FIELDS } })),
    note,
  );
  row(
    'PATCH /api/v1/events/:id',
    on(v, MANAGERS),
    eventAt(PATCH, (e) => `/api/v1/events/${e}`, EVENT_FIELDS),
    note,
  );
  row(
    'DELETE /api/v1/events/:id',
    on(v, MANAGERS),
    eventAt(DELETE, (e) => `/api/v1/events/${e}`),
    note,
  );
  row(
    'POST /api/v1/events/:id/close',
    on(v, MANAGERS),
    eventAt(POST, (e) => `/api/v1/events/${e}/close`),
    note,
  );
  row(
    'GET /api/v1/events/:id/rsvps',
    on(v, MANAGERS),
    eventAt(GET, (e) => `/api/v1/events/${e}/rsvps`),
    note,
  );
  row(
    'PUT /api/v1/events/:id/rsvp',
    on(v, SIGNED_IN, true),
    eventAt(PUT, (e) => `/api/v1/events/${e}/rsvp`, { name: 'Table Guest', people: 2 }),
    note,
  );
  row(
    'DELETE /api/v1/events/:id/rsvp',
    on(v, SIGNED_IN, true),
    at(DELETE, async (id, actor) => {
      const event = await eventOn(id);
      if (actor !== 'anonymous') {
        await t.app.ctx.db.insert(eventRsvps).values({
          eventId: event,
          userId: world[actor].row.id,
          name: 'Table Guest',
          people: 1,
          confirmedAt: new Date(),
        });
      }
      return { url: `/api/v1/events/${event}/rsvp` };
    }),
    `${note}, the caller's own answer`,
  );
  row(
    'POST /api/v1/events/:id/guest-rsvp',
    OUTSIDERS[v].length === 0 ? PUBLIC : all('hidden'),
    at(POST, async (id) => ({
      url: `/api/v1/events/${await eventOn(id)}/guest-rsvp`,
      payload: {
        name: 'Ann Guest',
        people: 1,
        guestEmail: `rsvp${++counter}@example.com`,
        startedAt: Date.now() - 10_000,
      },
    })),
    note,
  );
  row(
    'GET /m/:code/events/:file',
    on(v, PUBLIC),
    at(GET, async (id) => ({ url: `/m/${await shortCodeOf(id)}/events/${await eventOn(id)}.ics` })),
    note,
  );
  // Following: whoever may see the memorial follows it and stops; a guest only where no account
  // is needed to see it.
  row(
    'POST /api/v1/follows',
    on(v, SIGNED_IN, true),
    at(POST, (id) => ({ url: '/api/v1/follows', payload: { postId: id, frequency: 'daily' } })),
    note,
  );
  row(
    'DELETE /api/v1/follows/post/:id',
    on(v, SIGNED_IN, true),
    at(DELETE, async (id, actor) => {
      if (actor !== 'anonymous') {
        await t.app.ctx.db
          .insert(follows)
          .values({ memorialId: id, userId: world[actor].row.id, confirmedAt: new Date() });
      }
      return { url: `/api/v1/follows/post/${id}` };
    }),
    `${note}, a memorial the caller follows`,
  );
  row(
    'POST /api/v1/follows/guest',
    OUTSIDERS[v].length === 0 ? PUBLIC : all('hidden'),
    at(POST, (id) => ({
      url: '/api/v1/follows/guest',
      payload: {
        postId: id,
        guestEmail: `follower${++counter}@example.com`,
        startedAt: Date.now() - 10_000,
      },
    })),
    note,
  );
  // Anniversary reminders: a member's own choice, on a memorial they may see (with a birthday).
  const withBirthday = async (id: string) => {
    await t.app.ctx.db
      .update(memorials)
      .set({ dateOfBirth: '1950-06-14' })
      .where(eq(memorials.id, id));
    return id;
  };
  memorialRow('GET /api/v1/reminders/post/:id', SIGNED_IN, { signInFirst: true });
  row(
    'PUT /api/v1/reminders/post/:id',
    on(v, SIGNED_IN, true),
    at(PUT, async (id) => ({
      url: `/api/v1/reminders/post/${await withBirthday(id)}`,
      payload: { birthday: true, death: false, daysBefore: 2 },
    })),
    note,
  );
  memorialRow('DELETE /api/v1/reminders/post/:id', SIGNED_IN, { signInFirst: true });
  // The yearly copy: a member's own switch on a memorial they may see; the addresses of the
  // family's choosing for its owner and managers.
  memorialRow('GET /api/v1/posts/:id/yearly-copy', SIGNED_IN, { signInFirst: true });
  memorialRow('PUT /api/v1/posts/:id/yearly-copy', SIGNED_IN, {
    signInFirst: true,
    payload: () => ({ sendToMe: false }),
  });
  memorialRow('POST /api/v1/posts/:id/yearly-copy/addresses', EXPORTERS, {
    signInFirst: true,
    payload: () => ({ email: `chosen${++counter}@example.org` }),
  });
  row(
    'DELETE /api/v1/posts/:id/yearly-copy/addresses/:addressId',
    on(v, EXPORTERS, true),
    at(DELETE, async (id) => {
      const [address] = await t.app.ctx.db
        .insert(copyAddresses)
        .values({
          memorialId: id,
          email: `chosen${++counter}@example.org`,
          addedBy: world.owner.row.id,
          expiresAt: new Date(),
        })
        .returning({ id: copyAddresses.id });
      return { url: `/api/v1/posts/${id}/yearly-copy/addresses/${address!.id}` };
    }),
    note,
  );
  row(
    'GET /api/v1/posts/:id/access',
    v === 'private' ? PUBLIC : all('hidden'),
    at(GET, (id) => ({ url: `/api/v1/posts/${id}/access` }), true),
    `${note} that takes access requests`,
  );
  row(
    'POST /api/v1/posts/:id/access-requests',
    v === 'private'
      ? {
          ...all('conflict'),
          anonymous: 'unauth',
          member: 'ok',
          otherSponsor: 'ok',
          admin: 'ok',
        }
      : { ...all('hidden'), anonymous: 'unauth' },
    at(
      POST,
      (id) => ({
        url: `/api/v1/posts/${id}/access-requests`,
        payload: { message: 'I am her cousin.' },
      }),
      true,
    ),
    `${note} that takes access requests`,
  );
  memorialRow('GET /api/v1/posts/:id/access-requests', MANAGERS);
  row(
    'POST /api/v1/posts/:id/access-requests/:requestId',
    on(v, MANAGERS),
    at(
      POST,
      async (id) => {
        const asker = await createUser(t.app);
        const [request] = await t.app.ctx.db
          .insert(memorialAccessRequests)
          .values({ memorialId: id, userId: asker.row.id })
          .returning({ id: memorialAccessRequests.id });
        return {
          url: `/api/v1/posts/${id}/access-requests/${request!.id}`,
          payload: { action: 'decline' },
        };
      },
      true,
    ),
    note,
  );
}
/** The token of a new invitation the owner sent to see a private memorial. */
async function invitationToken(): Promise<string> {
  const memorialId = await memorialOf('private');
  return (await createInvitationRow(t.app, memorialId, world.owner, 'viewer')).token;
}
row('POST /api/v1/invitations/accept', SIGNED_IN, async (actor) =>
  json(POST, '/api/v1/invitations/accept', { token: await invitationToken() }, authOf(actor)),
);
row(
  'POST /api/v1/invitations/accept',
  { ...all('invalid'), anonymous: 'unauth' },
  async (actor) =>
    json(POST, '/api/v1/invitations/accept', { token: 'A'.repeat(43) }, authOf(actor)),
  'a link that was never sent',
);
row(
  'POST /api/v1/invitations/:token/accept',
  SIGNED_IN,
  call(POST, async () => `/api/v1/invitations/${await invitationToken()}/accept`),
  'a link emailed before tokens left paths',
);
row(
  'POST /api/v1/invitations/:token/accept',
  { ...all('invalid'), anonymous: 'unauth' },
  call(POST, `/api/v1/invitations/${'A'.repeat(43)}/accept`),
  'a link that was never sent',
);
plainRow('GET /api/v1/users/me/stewardship', SIGNED_IN);
plainRow('GET /api/v1/users/me/pending-tributes', SIGNED_IN);
row('DELETE /api/v1/users/me', SIGNED_IN, async (actor) =>
  json(DELETE, '/api/v1/users/me', { currentPassword: TEST_PASSWORD }, await freshHeaders(actor)),
);
plainRow('GET /api/v1/admin/reports', ADMINS);

// Legacy, contact.
plainRow('GET /api/v1/legacies', SIGNED_IN);
row('POST /api/v1/legacies', SIGNED_IN, async (actor) =>
  json(
    POST,
    '/api/v1/legacies',
    {
      birthPlace: 'Lagos',
      description: 'A good life.',
      accomplishments: [],
      assets: [],
      relationships: [],
      bucketlists: [],
      aspirations: [],
    },
    await freshHeaders(actor),
  ),
);
row('POST /api/v1/contact', PUBLIC, async (actor) => ({
  ...json(
    POST,
    '/api/v1/contact',
    { name: 'Ann', email: 'ann@example.com', message: 'Thank you.' },
    authOf(actor),
  ),
  remoteAddress: `10.9.0.${++counter % 250}`,
}));

// Administration.
/** An administrator's change (`setting`: sponsor, status) to the account of a new member. */
const toNewMember = (setting: string, payload: object) => async (actor: Actor) =>
  json(
    PATCH,
    `/api/v1/admin/users/${(await createUser(t.app)).row.id}/${setting}`,
    payload,
    authOf(actor),
  );
plainRow('GET /api/v1/admin/users', ADMINS);
row('PATCH /api/v1/admin/users/:id/sponsor', ADMINS, toNewMember('sponsor', { sponsor: true }));
row(
  'PATCH /api/v1/admin/users/:id/sponsor',
  { ...ADMINS, admin: 'invalid' },
  toNewMember('sponsor', { sponsor: 'yes please' }),
  'a malformed body: refused before it is read',
);
row('PATCH /api/v1/admin/users/:id/status', ADMINS, toNewMember('status', { disabled: true }));
plainRow('GET /api/v1/admin/memorials', ADMINS);
row('PATCH /api/v1/admin/memorials/:id/featured', ADMINS, async (actor) =>
  json(
    PATCH,
    `/api/v1/admin/memorials/${world.memorialId}/featured`,
    { featured: true },
    authOf(actor),
  ),
);
plainRow('GET /api/v1/admin/tributes', ADMINS);
for (const kind of TRIBUTE_KINDS) {
  const name = kind.moderation?.name;
  if (!name) continue;
  row(
    'DELETE /api/v1/admin/tributes/:kind/:id',
    ADMINS,
    call(
      DELETE,
      async () => `/api/v1/admin/tributes/${name}/${(await newItem(kind, world.member))._id}`,
    ),
    `a ${name}`,
  );
}

beforeAll(async () => {
  // The table leaves many items as a few members: creation budgets are not what it tests.
  t = await createTestApp({
    REGISTER_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    // Every caller that may not see a memorial is a short link that leads nowhere.
    SHORT_LINK_MISSES_PER_MINUTE_PER_IP: '100000',
    // Guests' emailed links are tried by every caller, many times.
    RESET_CONFIRM_LIMIT_PER_IP: '100000',
    FOLLOW_LIMIT_PER_IP: '100000',
    GUEST_TRIBUTE_DAILY_LIMIT_PER_EMAIL: '1000',
    ...UNLIMITED_CREATIONS,
  });
  const [member, viewer, contributor, manager, owner, otherSponsor, admin, helper] =
    await Promise.all([
      createUser(t.app, { role: 'visitor' }),
      createUser(t.app, { role: 'visitor' }),
      createUser(t.app, { role: 'visitor' }),
      createUser(t.app, { role: 'visitor' }),
      createUser(t.app, { role: 'sponsor' }),
      createUser(t.app, { role: 'sponsor' }),
      createUser(t.app, { role: 'admin' }),
      createUser(t.app, { role: 'visitor' }),
    ]);
  world = {
    member,
    viewer,
    contributor,
    manager,
    owner,
    otherSponsor,
    admin,
    helper,
    memorialId: '',
  };
  world.memorialId = await newMemorial(owner.row.id, contributor.row.id);
  await addContributorRow(t.app, world.memorialId, helper);
  // The other sponsor has a memorial of their own: owning one grants nothing on another.
  await newMemorial(otherSponsor.row.id);
});
afterAll(async () => t?.close());

function outcomeOf(status: number): Outcome | `status ${number}` {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401) return 'unauth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'hidden';
  if (status === 400) return 'invalid';
  if (status === 409) return 'conflict';
  if (status >= 300 && status < 400) return 'redirect';
  return `status ${status}`;
}

describe(`authorization table (${TEST_ENGINE})`, () => {
  it('has a row for every registered route', () => {
    const covered = new Set(rows.map((r) => r.route));
    const registered = t.app.registeredRoutes
      .map((r) => `${r.method} ${r.url}`)
      // The built web app's static files are public by design and absent in tests.
      .filter((route) => !route.startsWith('GET /*'));
    const missing = registered.filter((route) => !covered.has(route));
    expect(missing, 'routes without a row in the authorization table').toEqual([]);
    const stale = [...covered].filter((route) => !registered.includes(route));
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  for (const r of rows) {
    it(`${r.route}${r.note ? ` (${r.note})` : ''}`, async () => {
      const seen: Record<string, string> = {};
      for (const actor of ACTORS) {
        const res = await t.app.inject(await r.request(actor));
        const outcome = outcomeOf(res.statusCode);
        seen[actor] =
          outcome === r.expect[actor]
            ? outcome
            : `${outcome} (${res.statusCode}: ${res.body.slice(0, 120)})`;
        // A refused caller never receives a file's address.
        if (res.statusCode >= 400) {
          expect(res.body, `${actor}: ${res.body}`).not.toMatch(/\/media\/|download\?/);
        }
      }
      expect(seen).toEqual(r.expect);
    });
  }

  it('hands every caller exactly the abilities its rows allow', async () => {
    const allowed = (route: string, actor: Actor) => {
      const found = rows.find(
        (r) => r.route === route && (r.note === undefined || r.note === 'a public memorial'),
      );
      if (!found) throw new Error(`no row for ${route}`);
      return found.expect[actor] === 'ok';
    };
    for (const actor of ACTORS) {
      const detail = await t.app.inject({
        method: GET,
        url: `/api/v1/posts/post/${world.memorialId}`,
        headers: authOf(actor),
      });
      expect(detail.json().data.abilities, actor).toEqual({
        update: allowed('PATCH /api/v1/posts/:id', actor),
        delete: allowed('DELETE /api/v1/posts/:id', actor),
        addContributor: allowed('PATCH /api/v1/users/:userId/roles', actor),
        viewGalleries: allowed(`GET /api/v1/${photoKind.path}/post/:id`, actor),
        addToGalleries: allowed(`POST /api/v1/${photoKind.path}`, actor),
        leaveTribute: allowed(`POST /api/v1/${flowerKind.path}`, actor),
        manage: allowed('GET /api/v1/posts/:id/people', actor),
        transfer: allowed('PUT /api/v1/posts/:id/successor', actor),
        export: allowed('GET /api/v1/posts/:id/export', actor),
        book: allowed('GET /api/v1/posts/:id/book.pdf', actor),
      });
      for (const kind of TRIBUTE_KINDS) {
        const rules = ITEM_RULES[kind.audience];
        if (rules.list[actor] !== 'ok') continue;
        const made = await newItem(kind, world[rules.author]);
        expect(made['abilities'], `${kind.path}: its author may remove it`).toEqual({
          remove: true,
        });
        const list = await t.app.inject({
          method: GET,
          url: `/api/v1/${kind.path}/post/${world.memorialId}`,
          headers: authOf(actor),
        });
        const listed = list.json().data.find((i: { _id: string }) => i._id === made._id);
        expect(listed.abilities, `${kind.path} as ${actor}`).toEqual({
          remove: rules.remove[actor] === 'ok',
        });
      }
    }
    const moderation = await t.app.inject({
      method: GET,
      url: '/api/v1/admin/tributes',
      headers: authOf('admin'),
    });
    const shown = moderation.json().data.data as { abilities: unknown }[];
    expect(shown.length).toBeGreaterThan(0);
    for (const item of shown) expect(item.abilities).toEqual({ remove: true });
  });
});
