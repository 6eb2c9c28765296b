// The authorization table: every registered route, against every kind of caller, on their own
// and on others' objects. A route without a row fails the first test, so none ships unchecked.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/app.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../test/factories.js';
import { pngFile } from '../test/fixtures.js';
import { minimalPdf } from '../test/hostile-corpus.js';
import { multipart } from '../test/multipart.js';
import { memorialContributors, memorials } from './db/schema/index.js';

const ACTORS = ['anonymous', 'member', 'contributor', 'owner', 'otherSponsor', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
/** ok: 2xx; unauth: 401; denied: 403 or 404 (a thing one may not see does not exist); invalid: 400. */
type Outcome = 'ok' | 'unauth' | 'denied' | 'invalid' | 'redirect';
type Expectation = Record<Actor, Outcome>;

const all = (outcome: Outcome): Expectation =>
  Object.fromEntries(ACTORS.map((a) => [a, outcome])) as Expectation;
const PUBLIC = all('ok');
const SIGNED_IN: Expectation = { ...all('ok'), anonymous: 'unauth' };
const SPONSORS: Expectation = {
  anonymous: 'unauth',
  member: 'denied',
  contributor: 'denied',
  owner: 'ok',
  otherSponsor: 'ok',
  admin: 'ok',
};
const MANAGERS: Expectation = { ...SPONSORS, otherSponsor: 'denied' };
const CONTRIBUTORS: Expectation = { ...MANAGERS, contributor: 'ok' };
const ADMINS: Expectation = { ...all('denied'), anonymous: 'unauth', admin: 'ok' };
/** Deleting a flower or prayer a member left: its author, the memorial's owner, or an admin. */
const TRIBUTE_AUTHOR: Expectation = { ...MANAGERS, member: 'ok' };

let t: TestApp;
let world: Record<Exclude<Actor, 'anonymous'>, TestUser> & { memorialId: string };

const ROLE_OF: Record<Exclude<Actor, 'anonymous'>, 'visitor' | 'sponsor' | 'admin'> = {
  member: 'visitor',
  contributor: 'visitor',
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

async function newMemorial(ownerId: string, contributorId?: string): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(memorials)
    .values({ ownerId, title: 'Table Memorial' })
    .returning({ id: memorials.id });
  if (contributorId)
    await t.app.ctx.db
      .insert(memorialContributors)
      .values({ memorialId: row!.id, userId: contributorId });
  return row!.id;
}

async function upload(
  url: string,
  fields: Record<string, string>,
  file: Record<string, { filename: string; contentType: string; body: Buffer }>,
  auth: Record<string, string>,
) {
  const { payload, headers } = multipart(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...auth },
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json().data;
}

/** Creates an item on the shared memorial through the API, as `author`. */
async function newItem(
  kind: 'flowers' | 'prayers' | 'photos' | 'memorablias' | 'documents',
  author: TestUser,
): Promise<{ _id: string; [key: string]: unknown }> {
  const postId = world.memorialId;
  if (kind === 'prayers') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prayers',
      payload: { postId, prayerText: 'Peace.' },
      headers: author.auth,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }
  if (kind === 'flowers')
    return await upload('/api/v1/flowers', { postId, bouquet: 'white-lilies' }, {}, author.auth);
  if (kind === 'documents') {
    return await upload(
      '/api/v1/documents',
      { postId, name: 'n' },
      {
        documentFile: {
          filename: 'letter.pdf',
          contentType: 'application/pdf',
          body: minimalPdf(),
        },
      },
      author.auth,
    );
  }
  const field = kind === 'photos' ? 'photoImg' : 'memorabliaImg';
  return await upload(
    `/api/v1/${kind}`,
    { postId, name: 'n' },
    { [field]: await pngFile() },
    author.auth,
  );
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
const json = (
  method: InjectOptions['method'],
  url: string,
  payload: object,
  headers: Record<string, string>,
): InjectOptions => ({ method, url, payload, headers });
const form = async (
  method: InjectOptions['method'],
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
  files = {},
): Promise<InjectOptions> => {
  const body = multipart(fields, files);
  return { method, url, payload: body.payload, headers: { ...body.headers, ...headers } };
};

// Accounts.
row('POST /api/v1/users/register', PUBLIC, async (actor) =>
  form(
    POST,
    '/api/v1/users/register',
    {
      fullName: 'New Member',
      email: `new${++counter}@example.com`,
      userName: `new_${counter}`,
      password: 'Fresh-start-2026',
    },
    authOf(actor),
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
row('POST /api/v1/users/logout', SIGNED_IN, async (actor) => ({
  method: POST,
  url: '/api/v1/users/logout',
  headers: (await freshAuth(actor)).headers,
}));
row('PATCH /api/v1/users/become-sponsor', SIGNED_IN, async (actor) => ({
  method: PATCH,
  url: '/api/v1/users/become-sponsor',
  headers: (await freshAuth(actor)).headers,
}));
row('GET /api/v1/users/me', SIGNED_IN, async (actor) => ({
  method: GET,
  url: '/api/v1/users/me',
  headers: authOf(actor),
}));
row('POST /api/v1/users/update-profile', SIGNED_IN, async (actor) => {
  const { headers, user } = await freshAuth(actor);
  return form(
    POST,
    '/api/v1/users/update-profile',
    { fullName: 'Renamed Member', userName: user?.row.userName ?? 'someone' },
    headers,
    { avatar: await pngFile() },
  );
});
row('PATCH /api/v1/users/update-account', SIGNED_IN, async (actor) =>
  json(
    PATCH,
    '/api/v1/users/update-account',
    {
      fullName: 'Renamed Member',
      email: `renamed${++counter}@example.com`,
      currentPassword: TEST_PASSWORD,
    },
    (await freshAuth(actor)).headers,
  ),
);
row(
  'POST /api/v1/users/confirm-email',
  all('invalid'),
  async (actor) =>
    json(POST, '/api/v1/users/confirm-email', { token: 'A'.repeat(43) }, authOf(actor)),
  'a token proves the right; a wrong one is refused for everyone',
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
    (await freshAuth(actor)).headers,
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
row('GET /api/v1/users/normal', SIGNED_IN, async (actor) => ({
  method: GET,
  url: '/api/v1/users/normal',
  headers: authOf(actor),
}));
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
row('GET /api/v1/posts', PUBLIC, async (actor) => ({
  method: GET,
  url: '/api/v1/posts?q=table',
  headers: authOf(actor),
}));
row('POST /api/v1/posts', SPONSORS, async (actor) =>
  form(POST, '/api/v1/posts', { title: 'A New Memorial', traits: 'kind' }, authOf(actor), {
    postImg: await pngFile(),
  }),
);
row('GET /api/v1/posts/get-sponsor-post', SIGNED_IN, async (actor) => ({
  method: GET,
  url: '/api/v1/posts/get-sponsor-post',
  headers: authOf(actor),
}));
row('GET /api/v1/posts/get-contributer-post', SIGNED_IN, async (actor) => ({
  method: GET,
  url: '/api/v1/posts/get-contributer-post',
  headers: authOf(actor),
}));
row('GET /api/v1/posts/post/:id', PUBLIC, async (actor) => ({
  method: GET,
  url: `/api/v1/posts/post/${world.memorialId}`,
  headers: authOf(actor),
}));
row('DELETE /api/v1/posts/:id', MANAGERS, async (actor) => ({
  method: DELETE,
  url: `/api/v1/posts/${await newMemorial(world.owner.row.id, world.contributor.row.id)}`,
  headers: authOf(actor),
}));
row('PATCH /api/v1/posts/:id', MANAGERS, async (actor) =>
  form(
    PATCH,
    `/api/v1/posts/${await newMemorial(world.owner.row.id, world.contributor.row.id)}`,
    { title: 'Edited', description: 'Edited.' },
    authOf(actor),
  ),
);
row('PUT /api/v1/posts/:id', MANAGERS, async (actor) =>
  form(
    PUT,
    `/api/v1/posts/${await newMemorial(world.owner.row.id, world.contributor.row.id)}`,
    { title: 'Edited', description: 'Edited.' },
    authOf(actor),
  ),
);
row('POST /api/v1/posts/update-post', MANAGERS, async (actor) =>
  form(
    POST,
    '/api/v1/posts/update-post',
    {
      postId: await newMemorial(world.owner.row.id, world.contributor.row.id),
      title: 'Edited',
      description: 'Edited.',
    },
    authOf(actor),
  ),
);
row('GET /api/v1/posts/:id/contributors', MANAGERS, async (actor) => ({
  method: GET,
  url: `/api/v1/posts/${await newMemorial(world.owner.row.id, world.contributor.row.id)}/contributors`,
  headers: authOf(actor),
}));
row(
  'DELETE /api/v1/posts/:id/contributors/:userId',
  CONTRIBUTORS,
  async (actor) => ({
    method: DELETE,
    url: `/api/v1/posts/${await newMemorial(world.owner.row.id, world.contributor.row.id)}/contributors/${world.contributor.row.id}`,
    headers: authOf(actor),
  }),
  'the contributor themselves',
);
row(
  'DELETE /api/v1/posts/:id/contributors/:userId',
  MANAGERS,
  async (actor) => {
    const memorialId = await newMemorial(world.owner.row.id, world.contributor.row.id);
    const other = await createUser(t.app);
    await t.app.ctx.db.insert(memorialContributors).values({ memorialId, userId: other.row.id });
    return {
      method: DELETE,
      url: `/api/v1/posts/${memorialId}/contributors/${other.row.id}`,
      headers: authOf(actor),
    };
  },
  'another contributor',
);
row('PUT /api/v1/posts/:id/like', SIGNED_IN, async (actor) => ({
  method: PUT,
  url: `/api/v1/posts/${world.memorialId}/like`,
  headers: authOf(actor),
}));
row('DELETE /api/v1/posts/:id/like', SIGNED_IN, async (actor) => ({
  method: DELETE,
  url: `/api/v1/posts/${world.memorialId}/like`,
  headers: authOf(actor),
}));
row('GET /api/v1/home/legends', PUBLIC, async (actor) => ({
  method: GET,
  url: '/api/v1/home/legends',
  headers: authOf(actor),
}));

// The API reference: public, read-only, the same for everyone.
for (const url of [
  '/api/v1/openapi.json',
  '/api/docs',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/swagger-initializer.js',
]) {
  row(`GET ${url}`, PUBLIC, async (actor) => ({ method: GET, url, headers: authOf(actor) }));
}
row('GET /api/docs/static/index.html', all('redirect'), async (actor) => ({
  method: GET,
  url: '/api/docs/static/index.html',
  headers: authOf(actor),
}));
row('GET /api/docs/static/*', PUBLIC, async (actor) => ({
  method: GET,
  url: '/api/docs/static/swagger-ui.css',
  headers: authOf(actor),
}));

// Operations, outside the API: health and readiness for load balancers, public and read-only;
// metrics exist only with METRICS_TOKEN (operations.test.ts covers the token), so here: not found.
row('GET /healthz', PUBLIC, async (actor) => ({
  method: GET,
  url: '/healthz',
  headers: authOf(actor),
}));
row('GET /readyz', PUBLIC, async (actor) => ({
  method: GET,
  url: '/readyz',
  headers: authOf(actor),
}));
row(
  'GET /metrics',
  all('denied'),
  async (actor) => ({ method: GET, url: '/metrics', headers: authOf(actor) }),
  'without METRICS_TOKEN',
);

// Tributes: public to read, any member may leave one; the author, owner or an admin may remove it.
for (const kind of ['flowers', 'prayers'] as const) {
  row(`GET /api/v1/${kind}/post/:id`, PUBLIC, async (actor) => ({
    method: GET,
    url: `/api/v1/${kind}/post/${world.memorialId}`,
    headers: authOf(actor),
  }));
  row(`DELETE /api/v1/${kind}/:id`, TRIBUTE_AUTHOR, async (actor) => ({
    method: DELETE,
    url: `/api/v1/${kind}/${(await newItem(kind, world.member))._id}`,
    headers: authOf(actor),
  }));
}
row('POST /api/v1/flowers', SIGNED_IN, async (actor) =>
  form(POST, '/api/v1/flowers', { postId: world.memorialId, bouquet: 'red-roses' }, authOf(actor)),
);
row('POST /api/v1/prayers', SIGNED_IN, async (actor) =>
  json(
    POST,
    '/api/v1/prayers',
    { postId: world.memorialId, prayerText: 'We remember.' },
    authOf(actor),
  ),
);

// Galleries: the owner, contributors and admins only, to list, add or remove.
for (const kind of ['photos', 'memorablias', 'documents'] as const) {
  row(`GET /api/v1/${kind}/post/:id`, CONTRIBUTORS, async (actor) => ({
    method: GET,
    url: `/api/v1/${kind}/post/${world.memorialId}`,
    headers: authOf(actor),
  }));
  row(`DELETE /api/v1/${kind}/:id`, CONTRIBUTORS, async (actor) => ({
    method: DELETE,
    url: `/api/v1/${kind}/${(await newItem(kind, world.contributor))._id}`,
    headers: authOf(actor),
  }));
}
row('POST /api/v1/photos', CONTRIBUTORS, async (actor) =>
  form(POST, '/api/v1/photos', { postId: world.memorialId, name: 'n' }, authOf(actor), {
    photoImg: await pngFile(),
  }),
);
row('POST /api/v1/memorablias', CONTRIBUTORS, async (actor) =>
  form(POST, '/api/v1/memorablias', { postId: world.memorialId, name: 'n' }, authOf(actor), {
    memorabliaImg: await pngFile(),
  }),
);
row('POST /api/v1/documents', CONTRIBUTORS, async (actor) =>
  form(POST, '/api/v1/documents', { postId: world.memorialId, name: 'n' }, authOf(actor), {
    documentFile: { filename: 'letter.pdf', contentType: 'application/pdf', body: minimalPdf() },
  }),
);
row(
  'GET /api/v1/documents/:id/download',
  CONTRIBUTORS,
  async (actor) => ({
    method: GET,
    url: `/api/v1/documents/${(await newItem('documents', world.contributor))._id}/download`,
    headers: authOf(actor),
  }),
  'with a bearer token',
);
row(
  'GET /api/v1/documents/:id/download',
  PUBLIC,
  async (actor) => ({
    method: GET,
    url: String((await newItem('documents', world.contributor))['documentFile']),
    headers: authOf(actor),
  }),
  'with the signed link the list hands to allowed callers',
);

// Files.
row(
  'GET /media/*',
  PUBLIC,
  async (actor) => {
    const registered = await t.app.inject(
      await form(
        POST,
        '/api/v1/users/register',
        {
          fullName: 'Pictured Member',
          email: `pictured${++counter}@example.com`,
          userName: `pictured_${counter}`,
          password: 'Fresh-start-2026',
        },
        {},
        { avatar: await pngFile() },
      ),
    );
    return {
      method: GET,
      url: registered.json().data.user.avatar as string,
      headers: authOf(actor),
    };
  },
  'a public avatar',
);
row(
  'GET /media/*',
  PUBLIC,
  async (actor) => ({
    method: GET,
    url: String((await newItem('photos', world.contributor))['photoImg']),
    headers: authOf(actor),
  }),
  'a private photo through its signed URL',
);
row(
  'GET /media/*',
  all('denied'),
  async (actor) => ({
    method: GET,
    url: String((await newItem('photos', world.contributor))['photoImg']).split('?')[0]!,
    headers: authOf(actor),
  }),
  'a private photo without its signature',
);

// Legacy, contact.
row('GET /api/v1/legacies', SIGNED_IN, async (actor) => ({
  method: GET,
  url: '/api/v1/legacies',
  headers: authOf(actor),
}));
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
    (await freshAuth(actor)).headers,
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
row('GET /api/v1/admin/users', ADMINS, async (actor) => ({
  method: GET,
  url: '/api/v1/admin/users',
  headers: authOf(actor),
}));
row('PATCH /api/v1/admin/users/:id/sponsor', ADMINS, async (actor) =>
  json(
    PATCH,
    `/api/v1/admin/users/${(await createUser(t.app)).row.id}/sponsor`,
    { sponsor: true },
    authOf(actor),
  ),
);
row('PATCH /api/v1/admin/users/:id/status', ADMINS, async (actor) =>
  json(
    PATCH,
    `/api/v1/admin/users/${(await createUser(t.app)).row.id}/status`,
    { disabled: true },
    authOf(actor),
  ),
);
row('GET /api/v1/admin/memorials', ADMINS, async (actor) => ({
  method: GET,
  url: '/api/v1/admin/memorials',
  headers: authOf(actor),
}));
row('PATCH /api/v1/admin/memorials/:id/featured', ADMINS, async (actor) =>
  json(
    PATCH,
    `/api/v1/admin/memorials/${world.memorialId}/featured`,
    { featured: true },
    authOf(actor),
  ),
);
row('GET /api/v1/admin/tributes', ADMINS, async (actor) => ({
  method: GET,
  url: '/api/v1/admin/tributes',
  headers: authOf(actor),
}));
row('DELETE /api/v1/admin/tributes/:kind/:id', ADMINS, async (actor) => ({
  method: DELETE,
  url: `/api/v1/admin/tributes/prayer/${(await newItem('prayers', world.member))._id}`,
  headers: authOf(actor),
}));

beforeAll(async () => {
  t = await createTestApp({ REGISTER_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  const [member, contributor, owner, otherSponsor, admin] = await Promise.all([
    createUser(t.app, { role: 'visitor' }),
    createUser(t.app, { role: 'visitor' }),
    createUser(t.app, { role: 'sponsor' }),
    createUser(t.app, { role: 'sponsor' }),
    createUser(t.app, { role: 'admin' }),
  ]);
  world = { member, contributor, owner, otherSponsor, admin, memorialId: '' };
  world.memorialId = await newMemorial(owner.row.id, contributor.row.id);
  // The other sponsor has a memorial of their own: owning one grants nothing on another.
  await newMemorial(otherSponsor.row.id);
});
afterAll(async () => t?.close());

function outcomeOf(status: number): Outcome | `status ${number}` {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401) return 'unauth';
  if (status === 403 || status === 404) return 'denied';
  if (status === 400) return 'invalid';
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
      }
      expect(seen).toEqual(r.expect);
    });
  }
});
