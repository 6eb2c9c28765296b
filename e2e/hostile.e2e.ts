// Hostile input against the production build over real sockets: a generated corpus of bad
// uploads, broken multipart framing, malformed JSON and hostile strings in every text field.
// Zero 5xx, every refusal a 4xx with a message, and the server's memory stays bounded.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokenMultipartBodies,
  HOSTILE_STRINGS,
  hostileDocuments,
  hostileImages,
  MALFORMED_JSON,
  minimalPdf,
  type HostileFile,
} from '../apps/server/test/hostile-corpus.js';
import { createMemorial, DEMO, fixturePng, useJourney } from './harness.js';

const { server, signIn } = useJourney({
  env: {
    REGISTER_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    // The corpus is a deliberate flood from one member; the per-member budgets for tributes
    // and uploads (tested in uploads.test.ts) would answer 429 long before it ends.
    FLOWER_LIMIT_PER_USER: '100000',
    PRAYER_LIMIT_PER_USER: '100000',
    UPLOAD_LIMIT_PER_USER: '100000',
  },
  admin: true,
  browser: false,
});
let token: string;
let adminToken: string;
let memorialId: string;
let memberId: string;
const outcomes = {
  requests: 0,
  badUploads: 0,
  accepted: 0,
  refused: 0,
  /** Bodies over the server's limit whose connection was reset before the 413 could be read. */
  resets: 0,
  serverErrors: [] as string[],
};
/** The server's limit on a request body (app.ts `bodyLimit`). */
const BODY_LIMIT_BYTES = 1024 * 1024;
let baselineRss = 0;
let peakRss = 0;

function rssMb(): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * A text body sent over a raw TCP socket. A body over the server's limit is answered (413) before
 * it has all arrived. Had the request asked the server to close the connection, its unread rest
 * would reset it, and the client could meet that reset (EPIPE) before it reads the answer (seen
 * once in CI through an HTTP client). So the body goes in pieces and stops once an answer comes;
 * the answer is read as soon as it is whole. Status 0: the connection was reset before any answer
 * could be read (a body over the server's limit only; `send` refuses it for any other).
 */
function exchange(
  url: string,
  method: string,
  headers: Headers,
  body: string,
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const head = [
    `${method} ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    `content-length: ${Buffer.byteLength(body)}`,
    ...[...headers].map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: Error | null = null;
    let settled = false;
    const socket = net.connect(Number(target.port), target.hostname);
    const settle = (final: boolean) => {
      if (settled) return;
      const answer = readAnswer(Buffer.concat(chunks), final);
      if (answer) {
        settled = true;
        resolve(answer);
        socket.destroy();
      } else if (final) {
        settled = true;
        // The server closed mid-body and the write failed before its answer was read.
        const code = (failure as NodeJS.ErrnoException | null)?.code;
        if (code === 'EPIPE' || code === 'ECONNRESET') resolve({ status: 0, text: '' });
        else reject(failure ?? new Error(`no answer from ${method} ${url}`));
      }
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      settle(false);
    });
    socket.on('error', (error) => (failure ??= error));
    socket.on('close', () => settle(true));
    // Not ended from here: a server takes a half-closed connection for an aborted request. Each
    // piece goes once the one before has left and what came back has been read.
    const payload = Buffer.from(body);
    const PIECE = 64 * 1024;
    const writeFrom = (at: number) => {
      if (settled || chunks.length > 0 || socket.destroyed || at >= payload.length) return;
      socket.write(payload.subarray(at, at + PIECE), (error) => {
        if (!error) setImmediate(() => writeFrom(at + PIECE));
      });
    };
    socket.write(head, (error) => {
      if (!error) writeFrom(0);
    });
  });
}

/**
 * The HTTP/1.1 answer in `raw` once it is whole (its length known from content-length or the
 * last chunk; on a closed connection, whatever came), or null.
 */
function readAnswer(raw: Buffer, closed: boolean): { status: number; text: string } | null {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
  if (!status) return null;
  const header = (name: string) =>
    lines
      .find((l) => l.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();
  let payload = raw.subarray(split + 4);
  if (header('transfer-encoding')?.toLowerCase() === 'chunked') {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const eol = payload.indexOf('\r\n', at);
      if (eol < 0) return null;
      const size = parseInt(payload.subarray(at, eol).toString('latin1'), 16);
      if (size === 0) break;
      if (payload.length < eol + 2 + size + 2) return null;
      parts.push(payload.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
    payload = Buffer.concat(parts);
  } else {
    const length = Number(header('content-length') ?? NaN);
    if (Number.isFinite(length)) {
      if (payload.length < length) return null;
      payload = payload.subarray(0, length);
    } else if (!closed) {
      return null;
    }
  }
  const encoding = header('content-encoding');
  if (encoding === 'br') payload = brotliDecompressSync(payload);
  else if (encoding === 'gzip') payload = gunzipSync(payload);
  return { status, text: payload.toString('utf8') };
}

async function send(
  label: string,
  url: string,
  init: RequestInit & { auth?: string },
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.auth) headers.set('authorization', `Bearer ${init.auth}`);
  const { status, text } =
    typeof init.body === 'string'
      ? await exchange(`${server.baseUrl}${url}`, init.method ?? 'GET', headers, init.body)
      : await fetch(`${server.baseUrl}${url}`, { ...init, headers }).then(async (res) => ({
          status: res.status,
          text: await res.text(),
        }));
  outcomes.requests += 1;
  if (outcomes.requests % 25 === 0) peakRss = Math.max(peakRss, rssMb());
  if (status === 0) {
    // Refused unread: the server answers 413 and closes; only an over-long body may meet that.
    expect(
      Buffer.byteLength(String(init.body)),
      `reset without an answer [${label}]`,
    ).toBeGreaterThan(BODY_LIMIT_BYTES);
    outcomes.resets += 1;
    return new Response(null, { status: 413 });
  }
  if (status >= 500) {
    outcomes.serverErrors.push(
      `${status} ${init.method ?? 'GET'} ${url} [${label}]: ${text.slice(0, 200)}`,
    );
  } else if (status >= 400) {
    outcomes.refused += 1;
    const body = JSON.parse(text) as { success: boolean; message: string };
    expect(body.success, label).toBe(false);
    expect(body.message.length, label).toBeGreaterThan(5);
  } else {
    outcomes.accepted += 1;
  }
  return new Response(text, { status });
}

async function json(method: string, url: string, body: unknown, auth?: string) {
  return send(`json ${url}`, url, {
    method,
    auth,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  token = (await signIn(DEMO.sponsor)).accessToken;
  adminToken = (await signIn(DEMO.admin)).accessToken;
  memorialId = await createMemorial(
    server.baseUrl,
    token,
    { title: 'Hostile Input Memorial' },
    { png: await fixturePng(), name: 'm.png' },
  );
  const me = await fetch(`${server.baseUrl}/api/v1/users/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  memberId = ((await me.json()) as { data: { user: { _id: string } } }).data.user._id;
  baselineRss = rssMb();
  peakRss = baselineRss;
});

afterAll(async () => {
  console.log(
    `hostile input: ${outcomes.requests} requests (${outcomes.badUploads} bad uploads), ${outcomes.refused} refused with 4xx (${outcomes.resets} over-long ones reset before the answer was read), ` +
      `${outcomes.accepted} accepted, ${outcomes.serverErrors.length} 5xx; server RSS ${baselineRss.toFixed(0)} MB → peak ${peakRss.toFixed(0)} MB`,
  );
});

let unique = 0;
/** Each upload endpoint: its URL, the file field, and the other fields a valid request carries. */
const uploadTargets = (kind: 'image' | 'document') =>
  kind === 'document'
    ? [
        {
          url: '/api/v1/documents',
          field: 'documentFile',
          fields: () => ({ postId: memorialId, name: 'Daniel Okafor' }),
        },
      ]
    : [
        {
          url: '/api/v1/users/register',
          field: 'avatar',
          auth: false,
          fields: () => ({
            fullName: 'Hostile Tester',
            email: `hostile${++unique}@example.com`,
            userName: `hostile_${unique}`,
            password: 'Hostile-input-1',
          }),
        },
        {
          url: '/api/v1/users/update-profile',
          field: 'avatar',
          fields: () => ({ fullName: 'Daniel Okafor', userName: 'sponsor' }),
        },
        { url: '/api/v1/posts', field: 'postImg', fields: () => ({ title: 'Corpus memorial' }) },
        { url: '/api/v1/flowers', field: 'flowerImg', fields: () => ({ postId: memorialId }) },
        {
          url: '/api/v1/photos',
          field: 'photoImg',
          fields: () => ({ postId: memorialId, name: 'Daniel Okafor' }),
        },
        {
          url: '/api/v1/memorablias',
          field: 'memorabliaImg',
          fields: () => ({ postId: memorialId, name: 'Daniel Okafor' }),
        },
      ];

async function upload(
  target: { url: string; field: string; auth?: boolean; fields: () => Record<string, string> },
  file: HostileFile,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields())) form.set(name, value);
  form.set(target.field, new Blob([file.body], { type: file.contentType }), file.filename);
  outcomes.badUploads += 1;
  return send(`${file.label} → ${target.url}`, target.url, {
    method: 'POST',
    auth: target.auth === false ? undefined : token,
    body: form,
  });
}

/** Files that must never be accepted, whatever else a decoder tolerates. */
const MUST_REFUSE =
  /text named|html named|svg attack|pdf named|docx named|zip named|elf named|empty|random bytes|zip bomb|lying|20,000 entries|without word|exe named|magic only|65535|10000×10000|100000×1|0×0|truncated at 0\.0|gif header|pdf magic then html|path traversal/;

const BROKEN_BY_CONSTRUCTION =
  /no boundary|wrong boundary|no closing|cut inside|empty body|only the closing|garbage|JSON sent|two files|2,000 fields|1 MB|NUL/;

describe('hostile uploads', () => {
  it('refuses every bad image on every image field with a 4xx and a message', async () => {
    const images = await hostileImages();
    for (const target of uploadTargets('image')) {
      for (const file of images) {
        const res = await upload(target, file);
        if (MUST_REFUSE.test(file.label))
          expect(res.status, `${file.label} → ${target.url}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(outcomes.serverErrors).toEqual([]);
  });

  it('refuses every bad document with a 4xx and a message, and still takes a real PDF', async () => {
    const documents = await hostileDocuments();
    for (const target of uploadTargets('document')) {
      for (const file of documents) {
        const res = await upload(target, file);
        expect(res.status, file.label).toBeGreaterThanOrEqual(400);
      }
      const good = await upload(target, {
        label: 'a real PDF',
        filename: 'letter.pdf',
        contentType: 'application/pdf',
        body: minimalPdf(),
      });
      expect(good.status).toBe(201);
    }
    expect(outcomes.serverErrors).toEqual([]);
  });

  it('answers broken multipart framing on every upload route with 4xx', async () => {
    for (const target of [...uploadTargets('image'), ...uploadTargets('document')]) {
      for (const broken of brokenMultipartBodies()) {
        outcomes.badUploads += 1;
        const res = await send(`${broken.label} → ${target.url}`, target.url, {
          method: 'POST',
          auth: target.auth === false ? undefined : token,
          headers: { 'content-type': broken.contentType },
          body: broken.body,
        });
        // Some oddities still frame a readable form (LF endings, stray bytes in a text field): those
        // may be taken; a body broken by construction must not.
        if (BROKEN_BY_CONSTRUCTION.test(broken.label)) {
          expect(res.status, `${broken.label} → ${target.url}`).toBeGreaterThanOrEqual(400);
        }
      }
    }
    expect(outcomes.badUploads).toBeGreaterThanOrEqual(300);
    expect(outcomes.serverErrors).toEqual([]);
  });
});

describe('hostile JSON and text', () => {
  const jsonRoutes = () => [
    {
      method: 'POST',
      url: '/api/v1/users/login',
      auth: undefined,
      valid: { userName: 'visitor', password: 'wrong-password-1' },
    },
    {
      method: 'POST',
      url: '/api/v1/prayers',
      auth: token,
      valid: { postId: memorialId, prayerText: 'Rest in peace.' },
    },
    {
      method: 'PATCH',
      url: '/api/v1/users/update-account',
      auth: token,
      valid: { fullName: 'Daniel Okafor', email: 'sponsor@rips.example' },
    },
    {
      method: 'POST',
      url: '/api/v1/users/confirm-email',
      auth: undefined,
      valid: { token: 'x'.repeat(43), currentPassword: 'not-it-1' },
    },
    {
      method: 'POST',
      url: '/api/v1/users/cancel-email-change',
      auth: undefined,
      valid: { token: 'x'.repeat(43) },
    },
    {
      method: 'POST',
      url: '/api/v1/users/change-password',
      auth: token,
      valid: {
        currentPassword: 'not-it-1',
        newPassword: 'Another-pass-22',
        confirmNewPassword: 'Another-pass-22',
      },
    },
    {
      method: 'POST',
      url: '/api/v1/users/forgot-password',
      auth: undefined,
      valid: {
        userName: 'visitor',
        email: '',
        newPassword: 'Another-pass-22',
        confirmNewPassword: 'Another-pass-22',
      },
    },
    {
      method: 'POST',
      url: '/api/v1/users/reset-password/confirm',
      auth: undefined,
      valid: {
        token: 'x'.repeat(43),
        newPassword: 'Another-pass-22',
        confirmNewPassword: 'Another-pass-22',
      },
    },
    {
      method: 'POST',
      url: '/api/v1/legacies',
      auth: token,
      valid: {
        birthPlace: 'Enugu',
        description: 'A builder of bridges.',
        accomplishments: [
          { description: 'Bridge', from: '1980', to: '1990', beneficiaries: 'Town' },
        ],
        assets: [],
        relationships: [],
        bucketlists: [],
        aspirations: [],
      },
    },
    {
      method: 'POST',
      url: '/api/v1/contact',
      auth: undefined,
      valid: { name: 'Ann', email: 'ann@example.com', message: 'Hello there.' },
    },
    {
      method: 'PATCH',
      url: `/api/v1/users/${memberId}/roles`,
      auth: token,
      valid: { postId: memorialId, userId: memberId },
    },
    {
      method: 'PATCH',
      url: `/api/v1/admin/users/${memberId}/sponsor`,
      auth: adminToken,
      valid: { sponsor: true },
    },
    {
      method: 'PATCH',
      url: `/api/v1/admin/memorials/${memorialId}/featured`,
      auth: adminToken,
      valid: { featured: false },
    },
  ];

  it('answers malformed JSON on every JSON route with 4xx', async () => {
    for (const route of jsonRoutes()) {
      for (const body of MALFORMED_JSON) {
        const res = await send(`malformed JSON → ${route.url}`, route.url, {
          method: route.method,
          auth: route.auth,
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(res.status, `${body.slice(0, 40)} → ${route.url}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(outcomes.serverErrors).toEqual([]);
  });

  it('survives hostile strings in every text field of every JSON route', async () => {
    for (const route of jsonRoutes()) {
      for (const field of Object.keys(route.valid)) {
        for (const value of HOSTILE_STRINGS) {
          await json(route.method, route.url, { ...route.valid, [field]: value }, route.auth);
        }
      }
    }
    expect(outcomes.serverErrors).toEqual([]);
  });

  it('survives hostile strings in every text field of the multipart forms, and stores text verbatim', async () => {
    const png = await fixturePng(64, 64);
    const forms = [
      {
        url: '/api/v1/posts',
        file: 'postImg',
        fields: {
          title: 'T',
          description: 'D',
          birthPlace: 'B',
          burial: 'U',
          plot: 'P',
          dateOfBirth: '1950-01-01',
          deathDate: '2000-01-01',
          traits: 'kind',
        },
      },
      {
        url: '/api/v1/photos',
        file: 'photoImg',
        fields: { postId: memorialId, name: 'Daniel Okafor' },
      },
      { url: '/api/v1/flowers', file: 'flowerImg', fields: { postId: memorialId } },
    ];
    for (const form of forms) {
      for (const field of Object.keys(form.fields)) {
        for (const value of HOSTILE_STRINGS) {
          const body = new FormData();
          for (const [name, v] of Object.entries({ ...form.fields, [field]: value }))
            body.set(name, v);
          body.set(form.file, new Blob([png], { type: 'image/png' }), 'p.png');
          await send(`${field}=${value.slice(0, 20)} → ${form.url}`, form.url, {
            method: 'POST',
            auth: token,
            body,
          });
        }
      }
    }
    // An injection attempt is only text: stored and returned exactly as written.
    const attack = "'); DROP TABLE users; -- <script>alert(1)</script>";
    const posted = await json(
      'POST',
      '/api/v1/prayers',
      { postId: memorialId, prayerText: attack },
      token,
    );
    expect(posted.status).toBe(201);
    const list = (await (
      await fetch(`${server.baseUrl}/api/v1/prayers/post/${memorialId}`)
    ).json()) as { data: { prayerText: string }[] };
    expect(list.data.map((p) => p.prayerText)).toContain(attack);
    expect(outcomes.serverErrors).toEqual([]);
  });

  it('kept the server memory bounded through the whole corpus', () => {
    peakRss = Math.max(peakRss, rssMb());
    expect(peakRss - baselineRss).toBeLessThan(512);
  });
});
