// The API contract of docs/product.md §9, as a client written against the spec reads it: the JSON
// body's `data` holds the value (never one more level), list paging sits beside the array. Also:
// every API route declares its answers, the OpenAPI document lists every spec call, and CORS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORIAL_UNPAGED_CAP } from '@rips/shared/memorials';
import { createTestApp, TEST_ENGINE, type TestApp, useTestApp } from '../test/app.js';
import { createMemorialRow, createUser, TEST_PASSWORD, type TestUser } from '../test/factories.js';
import { pngFile } from '../test/fixtures.js';
import { minimalPdf } from '../test/hostile-corpus.js';
import { multipart, multipartRequest, type FilePart } from '../test/multipart.js';
import { memorials } from './db/schema/index.js';

const API = '/api/v1';
const ENVELOPE = ['data', 'message', 'statusCode', 'success'];
const keys = (value: object) => Object.keys(value).sort();

/** Every call the spec's clients use (docs/product.md §9), by method and OpenAPI path. */
const SPEC_CALLS = [
  'POST /users/register',
  'POST /users/login',
  'POST /users/logout',
  'PATCH /users/become-sponsor',
  'POST /users/update-profile',
  'PATCH /users/update-account',
  'GET /users/normal',
  'PATCH /users/{userId}/roles',
  'POST /users/forgot-password',
  'GET /posts',
  'POST /posts',
  'GET /posts/get-sponsor-post',
  'GET /posts/get-contributer-post',
  'GET /posts/post/{id}',
  'DELETE /posts/{id}',
  'PATCH /posts/{id}',
  'PUT /posts/{id}',
  'POST /posts/update-post',
  'POST /flowers',
  'GET /flowers/post/{id}',
  'POST /prayers',
  'GET /prayers/post/{id}',
  'POST /photos',
  'GET /photos/post/{id}',
  'POST /memorablias',
  'GET /memorablias/post/{id}',
  'POST /documents',
  'GET /documents/post/{id}',
  'GET /legacies',
  'POST /legacies',
];

const t = useTestApp();

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: {
    auth?: TestUser | { authorization: string };
    json?: unknown;
    form?: Record<string, string>;
    files?: Record<string, FilePart>;
  } = {},
) {
  const auth = options.auth ? ('auth' in options.auth ? options.auth.auth : options.auth) : {};
  if (options.form || options.files) {
    const { payload, headers } = multipart(options.form ?? {}, options.files ?? {});
    return t.app.inject({ method, url: API + url, payload, headers: { ...headers, ...auth } });
  }
  return t.app.inject({
    method,
    url: API + url,
    headers: auth,
    ...(options.json === undefined ? {} : { payload: options.json as object }),
  });
}

function expectItem(item: Record<string, unknown>, postId: string, field: string, owner: TestUser) {
  expect(item).toMatchObject({
    postId,
    owner: { _id: owner.row.id, fullName: owner.row.fullName },
  });
  expect(typeof item['_id']).toBe('string');
  expect(typeof item['createdAt']).toBe('string');
  expect(typeof item[field]).toBe('string');
  expect(item[field]).not.toBe('');
}

describe(`spec section 7 answers, exact shapes (${TEST_ENGINE})`, () => {
  let sponsor: TestUser;
  let member: TestUser;
  let postId: string;

  beforeAll(async () => {
    sponsor = await createUser(t.app, { role: 'sponsor' });
    member = await createUser(t.app);
  });

  it('users: register, duplicate texts, login, sponsor, profile, account, members', async () => {
    const avatar = await pngFile();
    const fields = {
      fullName: 'Ada Spec',
      email: 'ada.spec@example.com',
      userName: 'ada_spec',
      password: TEST_PASSWORD,
    };
    const registered = await send('POST', '/users/register', { form: fields, files: { avatar } });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(keys(registered.json())).toEqual(ENVELOPE);
    expect(registered.json().data.user).toMatchObject({
      userName: 'ada_spec',
      fullName: 'Ada Spec',
    });

    // The same email under another username, then the same username with another email.
    for (const [other, code, message] of [
      [{ userName: 'other_name' }, 'EMAIL_TAKEN', 'Email Already Exists'],
      [{ email: 'other@example.com' }, 'USERNAME_TAKEN', 'Username Already Exists'],
    ] as const) {
      const taken = await send('POST', '/users/register', {
        form: { ...fields, ...other },
        files: { avatar },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code, message });
    }

    const login = await send('POST', '/users/login', {
      json: { email: '', userName: 'ada_spec', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(keys(login.json())).toEqual(ENVELOPE);
    expect(keys(login.json().data)).toEqual(['accessToken', 'roles', 'user']);
    const auth = { authorization: `Bearer ${login.json().data.accessToken as string}` };

    const sponsorNow = await send('PATCH', '/users/become-sponsor', { auth });
    expect(sponsorNow.json().data).toMatchObject({ roles: 'sponsor', user: { roles: 'sponsor' } });

    const profile = await send('POST', '/users/update-profile', {
      auth,
      form: { fullName: 'Ada Renamed', userName: 'ada_renamed' },
      files: { avatar },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const body = profile.json();
    expect(keys(body)).toEqual([...ENVELOPE, 'user'].sort());
    expect(body.data.user).toMatchObject({ fullName: 'Ada Renamed', userName: 'ada_renamed' });
    expect(body.user).toEqual(body.data.user);

    // The spec's client sends its stored user with the new values, and no password.
    const account = await send('PATCH', '/users/update-account', {
      auth,
      json: { ...body.user, fullName: 'Ada Account', email: 'ada.account@example.com' },
    });
    expect(account.statusCode, account.body).toBe(200);
    expect(keys(account.json())).toEqual(ENVELOPE);
    // The name changes at once; a new email waits for the link sent to it (decision 0088).
    expect(account.json().data.user).toMatchObject({
      fullName: 'Ada Account',
      email: body.user.email,
    });
    expect(account.json().data.pendingEmail).toBe('ada.account@example.com');
    const meNow = await send('GET', '/users/me', { auth });
    expect(meNow.json().data).toMatchObject({
      user: { email: body.user.email, fullName: 'Ada Account' },
      pendingEmail: 'ada.account@example.com',
    });

    const normal = await send('GET', '/users/normal', { auth });
    expect(Array.isArray(normal.json().data)).toBe(true);
    expect(normal.json().data[0]).toEqual(
      expect.objectContaining({ _id: expect.any(String), userName: expect.any(String) }),
    );

    const reset = await send('POST', '/users/forgot-password', {
      json: {
        userName: 'ada_renamed',
        email: '',
        newPassword: 'Another-pass-9',
        confirmNewPassword: 'Another-pass-9',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect(typeof reset.json().message).toBe('string');

    const logout = await send('POST', '/users/logout', { auth });
    expect(logout.json()).toMatchObject({ success: true, message: 'Logout Successful' });
  });

  it('posts: create, lists as arrays, one Rip, updates, contributor, delete', async () => {
    const created = await send('POST', '/posts', {
      auth: sponsor,
      form: {
        owner: sponsor.row.id,
        title: 'Grace Spec',
        description: 'Admiral',
        traits: 'kind wise',
      },
      files: { postImg: await pngFile() },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(keys(created.json())).toEqual(ENVELOPE);
    postId = created.json().data._id;
    expect(created.json().data).toMatchObject({ title: 'Grace Spec', tags: ['kind', 'wise'] });

    const list = await send('GET', '/posts');
    expect(keys(list.json())).toEqual([...ENVELOPE, 'limit', 'nextCursor'].sort());
    expect(list.json().data.map((p: { _id: string }) => p._id)).toContain(postId);

    for (const url of ['/posts/get-sponsor-post', '/posts/get-contributer-post']) {
      const own = await send('GET', url, { auth: sponsor });
      expect(keys(own.json())).toEqual(ENVELOPE);
      expect(Array.isArray(own.json().data)).toBe(true);
    }
    const one = await send('GET', `/posts/post/${postId}`);
    expect(one.json().data).toMatchObject({
      _id: postId,
      owner: { _id: sponsor.row.id, fullName: sponsor.row.fullName },
      contributer: [],
    });

    const patched = await send('PATCH', `/posts/${postId}`, {
      auth: sponsor,
      form: { title: 'Grace Patched', description: 'd' },
    });
    expect(patched.json().data.title).toBe('Grace Patched');
    const put = await send('PUT', `/posts/${postId}`, {
      auth: sponsor,
      form: { title: 'Grace Put', description: 'd' },
    });
    expect(put.json().data.title).toBe('Grace Put');
    const updated = await send('POST', '/posts/update-post', {
      auth: sponsor,
      form: { postId, title: 'Grace Updated', description: 'd', dateOfBirth: '1906-12-09' },
    });
    expect(updated.json().data).toMatchObject({
      title: 'Grace Updated',
      dateOfBirth: '1906-12-09',
    });

    const added = await send('PATCH', `/users/${member.row.id}/roles`, {
      auth: sponsor,
      json: { postId, userId: member.row.id },
    });
    expect(added.json().data).toEqual({ postId, contributer: [member.row.id] });
  });

  it('content on a Rip: each POST answers the item as data, each list the array as data', async () => {
    const png = await pngFile();
    const pdf: FilePart = {
      filename: 'letter.pdf',
      contentType: 'application/pdf',
      body: minimalPdf(),
    };
    const kinds = [
      { kind: 'flowers', field: 'flowerImg', form: {}, files: { flowerImg: png } },
      { kind: 'prayers', field: 'prayerText', json: { prayerText: 'Rest well.' } },
      { kind: 'photos', field: 'photoImg', form: { name: 'n' }, files: { photoImg: png } },
      { kind: 'memorablias', field: 'memorabliaImg', form: {}, files: { memorabliaImg: png } },
      { kind: 'documents', field: 'documentFile', form: {}, files: { documentFile: pdf } },
    ] as const;
    for (const spec of kinds) {
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res =
          'json' in spec
            ? await send('POST', `/${spec.kind}`, { auth: member, json: { ...spec.json, postId } })
            : await send('POST', `/${spec.kind}`, {
                auth: member,
                form: { ...spec.form, postId },
                files: spec.files,
              });
        expect(res.statusCode, `${spec.kind}: ${res.body}`).toBe(201);
        expect(keys(res.json())).toEqual(ENVELOPE);
        expectItem(res.json().data, postId, spec.field, member);
        ids.push(res.json().data._id);
      }
      const list = await send('GET', `/${spec.kind}/post/${postId}`, { auth: member });
      expect(list.statusCode).toBe(200);
      expect(keys(list.json()), spec.kind).toEqual([...ENVELOPE, 'nextCursor'].sort());
      expect(Array.isArray(list.json().data)).toBe(true);
      // Newest first.
      expect(list.json().data.map((i: { _id: string }) => i._id)).toEqual(ids.reverse());
      for (const item of list.json().data) expectItem(item, postId, spec.field, member);
      expect(list.json().nextCursor).toBeNull();
    }
  });

  it('legacy: the list is data, the saved record is data, years from dates are kept as years', async () => {
    const empty = await send('GET', '/legacies', { auth: member });
    expect(empty.json().data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const saved = await send('POST', '/legacies', {
      auth: member,
      json: {
        userId: member.row.id,
        birthPlace: 'Dublin',
        description: 'A life',
        accomplishments: [
          { description: 'Built', from: '1999-03-04', to: today, beneficiaries: 'All' },
          { description: 'Wrote', from: 2001, to: '2002', beneficiaries: 'Readers' },
        ],
        assets: [{ item: 'House', description: 'Blue', value: 250000, beneficiaries: 'Kids' }],
        relationships: [{ name: 'Ann', lastName: 'Lee', relationship: 'Sister' }],
        bucketlists: [{ type: 'Travel', description: 'Peru', status: 'Planned' }],
        aspirations: [{ name: 'Calm', description: 'Be calm', comment: 'Soon' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(keys(saved.json())).toEqual(ENVELOPE);
    // Each entry also answers who it is released to after the member's death: by default, as
    // its section (private unless the member marked it).
    const unmarked = { release: 'section', releaseTo: [] };
    expect(saved.json().data.accomplishments).toEqual([
      {
        description: 'Built',
        from: '1999',
        to: today.slice(0, 4),
        beneficiaries: 'All',
        ...unmarked,
      },
      { description: 'Wrote', from: '2001', to: '2002', beneficiaries: 'Readers', ...unmarked },
    ]);
    expect(saved.json().data.assets[0].value).toBe('250000');
    const list = await send('GET', '/legacies', { auth: member });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ userId: member.row.id, birthPlace: 'Dublin' });
  });

  it('DELETE /posts/{id} answers the deleted id', async () => {
    const res = await send('DELETE', `/posts/${postId}`, { auth: sponsor });
    expect(res.json()).toMatchObject({ success: true, data: { _id: postId } });
  });

  it(`GET /posts without paging parameters answers up to ${MEMORIAL_UNPAGED_CAP} memorials`, async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const base = Date.UTC(2020, 0, 1);
    const rows = Array.from({ length: 600 }, (_, i) => ({
      ownerId: owner.row.id,
      title: `Bulk ${i}`,
      createdAt: new Date(base + i * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.app.ctx.db.insert(memorials).values(rows.slice(i, i + 200));
    }
    const all = await send('GET', '/posts');
    const body = all.json();
    expect(body.data).toHaveLength(MEMORIAL_UNPAGED_CAP);
    expect(body.limit).toBe(MEMORIAL_UNPAGED_CAP);
    expect(typeof body.nextCursor).toBe('string');
    expect(body.data[0].title).toBe('Bulk 599');

    const rest = await send('GET', `/posts?cursor=${body.nextCursor as string}&limit=48`);
    expect(rest.json().data[0].title).toBe('Bulk 99');
    // Our web app asks for small pages.
    const small = await send('GET', '/posts?limit=12');
    expect(small.json().data).toHaveLength(12);
    expect(small.json().limit).toBe(12);
  });

  it('every API route declares a response schema with its success answer', () => {
    // Not API routes: the web app's pages and files, uploaded media, and the generated docs
    // themselves (hidden from the document: HTML, scripts and the document's own JSON).
    const exempt = (r: { url: string; hidden: boolean; method: string }) =>
      r.url.startsWith('/media/') ||
      r.url === '/*' ||
      r.hidden ||
      (r.method === 'OPTIONS' && r.url === '*');
    const lacking = t.app.registeredRoutes
      .filter((r) => !exempt(r))
      .filter((r) => !r.responses.some((code) => /^2(\d\d|xx)$/.test(code)))
      .map((r) => `${r.method} ${r.url}`);
    expect(lacking).toEqual([]);
    const api = t.app.registeredRoutes.filter((r) => r.url.startsWith(API) && !r.hidden);
    expect(api.length).toBeGreaterThan(40);
    for (const r of api) expect(r.responses, `${r.method} ${r.url}`).toContain('4xx');
    // A path with parameters declares them; a call that takes input declares its body.
    const undeclared = api.flatMap((r) => {
      const problems: string[] = [];
      if (r.url.includes(':') && !r.parts.includes('params')) problems.push('params');
      return problems.map((p) => `${r.method} ${r.url}: ${p}`);
    });
    expect(undeclared).toEqual([]);
    // Calls without a body by design: the caller's identity is the whole input.
    const NO_BODY = new Set([
      'POST /api/v1/users/logout',
      'PATCH /api/v1/users/become-sponsor',
      'PUT /api/v1/posts/:id/like',
      // Accepting or declining: the link's token, or the ownership offered to the caller, is the input.
      'POST /api/v1/invitations/:token/accept',
      'POST /api/v1/posts/:id/transfer/accept',
      'POST /api/v1/posts/:id/transfer/decline',
      // Sending a pending invitation again: the invitation in the path is the whole input.
      'POST /api/v1/posts/:id/invitations/:invitationId/resend',
      'POST /api/v1/posts/:id/export',
      'POST /api/v1/users/me/export',
      // Deciding on a suggested timeline moment: the moment in the path is the whole input.
      'POST /api/v1/timeline/:id/approve',
      'POST /api/v1/timeline/:id/decline',
      // Closing a service: the event in the path is the whole input.
      'POST /api/v1/events/:id/close',
      // The owner opened the memorial: the memorial in the path is the whole input.
      'POST /api/v1/posts/:id/seen',
      // Stopping or revoking one's own Life Legacy's release: the caller's is the only one.
      'POST /api/v1/legacy-plan/stop',
      'POST /api/v1/legacy-plan/revoke',
    ]);
    const withoutBody = api
      .filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))
      .filter((r) => !r.parts.includes('body') && !r.parts.includes('upload'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !NO_BODY.has(route));
    expect(withoutBody).toEqual([]);
  });

  it('publishes OpenAPI 3.1 with every spec call and every API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/openapi.json` });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const missing = SPEC_CALLS.map((c) => c.replace(' ', ` ${API}`)).filter(
      (c) => !listed.includes(c),
    );
    expect(missing).toEqual([]);
    const routes = t.app.registeredRoutes
      .filter((r) => r.url.startsWith(API) && !r.hidden)
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.filter((r) => !listed.includes(r))).toEqual([]);
    // Files and pages are not calls.
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith(API))).toEqual([]);
    // A multipart call documents its form fields and file.
    const register = doc.paths[`${API}/users/register`].post.requestBody.content;
    expect(register['multipart/form-data'].schema.properties.avatar).toMatchObject({
      format: 'binary',
    });
    const flowers = doc.paths[`${API}/flowers/post/{id}`].get.responses['200'].content;
    expect(flowers['application/json'].schema.properties.data.type).toBe('array');
  });

  it('serves the reference page at /api/docs under a CSP without remote or eval sources', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui-bundle.js');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|https?:/);
  });
});

describe(`other origins (${TEST_ENGINE})`, () => {
  const ORIGIN = 'http://127.0.0.2:4173';
  const PUBLIC_URL = 'http://127.0.0.1:3999';
  let cors: TestApp;
  let plain: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    cors = await createTestApp({ CORS_ORIGINS: `${ORIGIN}, http://other.test`, PUBLIC_URL });
    plain = await createTestApp({ PUBLIC_URL });
    owner = await createUser(cors.app, { role: 'sponsor' });
  });
  afterAll(async () => {
    await cors.close();
    await plain.close();
  });

  it('answers the preflight of an allowed origin with Authorization and Content-Type allowed', async () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      const res = await cors.app.inject({
        method: 'OPTIONS',
        url: `${API}/prayers`,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(String(res.headers['access-control-allow-methods'])).toContain(method);
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'authorization',
      );
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'content-type',
      );
    }
    const get = await cors.app.inject({
      method: 'GET',
      url: `${API}/posts`,
      headers: { origin: ORIGIN },
    });
    expect(get.headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  it('gives no CORS grant to an unlisted origin, nor when CORS_ORIGINS is empty', async () => {
    const stranger = await cors.app.inject({
      method: 'GET',
      url: `${API}/posts`,
      headers: { origin: 'http://evil.test' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const sameOriginOnly = await plain.app.inject({
      method: 'OPTIONS',
      url: `${API}/prayers`,
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(sameOriginOnly.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('hands out absolute media URLs, and /media answers cross-origin CORP, only when set', async () => {
    const avatar = await pngFile();
    for (const [app, absolute] of [
      [cors, true],
      [plain, false],
    ] as const) {
      const user = await createUser(app.app, { role: 'sponsor' });
      const made = await app.app.inject(
        multipartRequest(
          'POST',
          `${API}/posts`,
          user.auth,
          { title: 'Pictured' },
          { postImg: avatar },
        ),
      );
      const postImg = made.json().data.postImg as string;
      expect(postImg.startsWith(`${PUBLIC_URL}/media/`)).toBe(absolute);
      if (!absolute) expect(postImg.startsWith('/media/')).toBe(true);
      const media = await app.app.inject({ method: 'GET', url: postImg.replace(PUBLIC_URL, '') });
      expect(media.statusCode).toBe(200);
      expect(media.headers['cross-origin-resource-policy']).toBe(
        absolute ? 'cross-origin' : 'same-origin',
      );
      // API answers themselves stay same-origin resources.
      expect(made.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    const memorial = await createMemorialRow(cors.app, owner);
    const doc = await cors.app.inject({
      method: 'POST',
      url: `${API}/documents`,
      ...(() => {
        const { payload, headers } = multipart(
          { postId: memorial.id },
          {
            documentFile: {
              filename: 'a.pdf',
              contentType: 'application/pdf',
              body: minimalPdf(),
            },
          },
        );
        return { payload, headers: { ...headers, ...owner.auth } };
      })(),
    });
    expect(doc.json().data.documentFile.startsWith(`${PUBLIC_URL}${API}/documents/`)).toBe(true);
  });

  it('refuses a CORS_ORIGINS entry that is not an origin', async () => {
    await expect(createTestApp({ CORS_ORIGINS: 'not a url' })).rejects.toThrow(/CORS_ORIGINS/);
  });
});
