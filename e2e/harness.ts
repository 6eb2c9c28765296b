import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { startLoopbackSmtp, type LoopbackSmtp } from '../apps/server/test/smtp-server.js';
import { startServerProcess } from '../scripts/server-process.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The demo accounts of the server this test file started. The seed gives them random passwords
 * (written to DATA_DIR/demo-accounts.txt), so `startServer` fills them in once the server runs;
 * the administrator exists only when `startServer(…, { admin: true })` made one with make-admin.
 */
export const DEMO = {
  sponsor: { userName: 'sponsor', password: '' },
  visitor: { userName: 'visitor', password: '' },
  admin: { userName: 'admin', password: '' },
};

/** Reads the demo passwords the seed wrote into the data dir. */
async function readDemoPasswords(dataDir: string): Promise<void> {
  const text = await readFile(path.join(dataDir, 'demo-accounts.txt'), 'utf8').catch(() => '');
  for (const line of text.split('\n')) {
    const [userName, , password] = line.split('\t');
    if (userName === 'sponsor' || userName === 'visitor') DEMO[userName].password = password ?? '';
  }
}

/** The operator's path to an administrator: `make-admin --create` on a stopped server's data dir. */
export async function createAdministrator(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string; password?: string }> {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'apps/server/dist/cli/make-admin.js'),
      '--create',
      DEMO.admin.userName,
      'admin@rips.example',
      'Grace',
      'Whitfield',
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const password = /shown only this once: (\S+)/.exec(output)?.[1];
  if (password) DEMO.admin.password = password;
  return { code, output, password };
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the production build (`npm run build` first) on a free port with its own data dir,
 * embedded database and outbox, seeded with the demo accounts and memorials. With `admin`, it
 * first starts and stops the server once (the seed runs on an empty database only), then makes the
 * administrator `DEMO.admin` through `make-admin`, as an operator would.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { keepDataDir?: boolean; admin?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = env['DATA_DIR'] ?? (await mkdtemp(path.join(os.tmpdir(), 'rips-e2e-')));
  if (options.admin) {
    const first = await launch(env, dataDir, { keepDataDir: true });
    await first.stop();
    const made = await createAdministrator(dataDir);
    if (made.code !== 0 || !made.password) throw new Error(`make-admin failed:\n${made.output}`);
  }
  const server = await launch(env, dataDir, options);
  await readDemoPasswords(dataDir);
  return server;
}

/** The one server-start helper (scripts/server-process.mjs), in this harness's shape. */
async function launch(
  env: Record<string, string>,
  dataDir: string,
  options: { keepDataDir?: boolean },
): Promise<RunningServer> {
  const server = await startServerProcess({
    env: { ...env, DATA_DIR: dataDir },
    keepDataDir: options.keepDataDir ?? false,
  });
  return {
    baseUrl: server.baseUrl,
    dataDir,
    process: server.child,
    exited: server.exited,
    output: server.output,
    stop: () => server.stop(),
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: viewport.width ?? 1280, height: viewport.height ?? 900 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** axe's rules for WCAG 2.0, 2.1 and 2.2 at levels A and AA (what /accessibility states). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now (modals included) and fails with a readable list. */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

export function fixturePng(width = 480, height = 320, color = '#8fb8cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Signs in through the real login form. */
export async function loginViaUi(page: Page, userName: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/username or email/i).fill(userName);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Signs in through the API and stores the session the way the web app does. */
export async function loginViaApi(page: Page, baseUrl: string, userName: string, password: string) {
  const res = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: SignedIn & { roles: string } };
  // What the browser keeps from a login: the page session cookie, as the server set it.
  const cookie = res.headers
    .getSetCookie()
    .map((line) => /^rips_session=([^;]+)/.exec(line)?.[1])
    .find(Boolean);
  if (!cookie) throw new Error('login set no session cookie');
  await page
    .context()
    .addCookies([
      { name: 'rips_session', value: cookie, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);
  await page.goto('/');
  await page.evaluate((session) => localStorage.setItem('user', JSON.stringify(session)), {
    data: body.data,
  });
  await page.reload();
  return body.data;
}

/** Where screenshots go (ignored by git). */
export const SCREENSHOT_DIR = path.join(ROOT, 'e2e/screenshots');

/** The password the journeys give the members they register. */
export const PASSWORD = 'Remember-them-2026';

export interface Member {
  fullName: string;
  userName: string;
  email: string;
  password: string;
}

/** A member no other journey has: `Label Surname`, a unique user name and address, `PASSWORD`. */
export function newMember(label: string, surname: string): Member {
  const suffix = randomBytes(3).toString('hex');
  return {
    fullName: `${label} ${surname}`,
    userName: `${label.toLowerCase()}_${suffix}`,
    email: `${label.toLowerCase()}.${suffix}@example.com`,
    password: PASSWORD,
  };
}

/** What a login answers: the member and a token for their current role. */
export interface SignedIn {
  accessToken: string;
  user: { _id: string; email: string };
}

/** A success notice is a polite status; a failure is an alert. Both carry the exact text. */
export async function expectNotice(page: Page, role: 'status' | 'alert', text: string) {
  await page.getByRole(role).filter({ hasText: text }).first().waitFor();
}

/** No sideways scrolling of the page itself at its current width. */
export async function expectNoPageOverflow(page: Page, message?: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, message).toBeLessThanOrEqual(0);
}

/**
 * Creates a memorial through the API as the holder of `token` (a sponsor), with these form fields
 * and, when given, a picture: its id. Fails the journey unless the server answers 201.
 */
export async function createMemorial(
  baseUrl: string,
  token: string,
  fields: Record<string, string>,
  picture?: { png: Buffer; name: string },
): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (picture) {
    form.set(
      'postImg',
      new Blob([new Uint8Array(picture.png)], { type: 'image/png' }),
      picture.name,
    );
  }
  const res = await fetch(`${baseUrl}/api/v1/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { data: { _id: string } }).data._id;
}

/** A notification, found by its exact text wherever it shows. */
export async function expectNotification(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/**
 * One journey file's server and browser. `useJourney()` at the top of a file registers the hooks
 * every journey needs: before its tests, the production build starts on a free port with its own
 * data dir (`startServer`) and Chromium launches; after them, both stop. The server it returns
 * reads the running one, so a file may destructure it at the top and use it in its tests and
 * hooks; `newPage`, `signIn`, `registerMember` and `newestMailTo` speak to that server.
 */
export interface Journey {
  readonly server: RunningServer;
  /** Chromium, for a context the journey builds itself (`newPage` covers the usual one). */
  readonly browser: Browser;
  /** A fresh context and page on the server, 1280 × 900 unless told. */
  newPage(viewport?: { width?: number; height?: number }): Promise<{
    context: BrowserContext;
    page: Page;
  }>;
  /** A fresh page (as `newPage`) signed in as this member, through the API (`loginViaApi`). */
  signedInPage(
    credentials: { userName: string; password: string },
    viewport?: { width?: number; height?: number },
  ): Promise<{ context: BrowserContext; page: Page; session: SignedIn }>;
  /** Signs in through the API; fails the journey when the login is refused. */
  signIn(credentials: { userName: string; password: string }): Promise<SignedIn>;
  /** Registers a member through the API (with an avatar); fails the journey when refused. */
  registerMember(member: Member, avatar?: Buffer): Promise<Member>;
  /**
   * The newest mail to `to` (in the outbox, or received by the journey's SMTP server), optionally
   * the newest that contains `including`: its headers unfolded, its body decoded.
   */
  newestMailTo(to: string, including?: string): Promise<string>;
  /**
   * Opens on `page` the newest emailed link to `to` whose page is `linkPath`, its token in the
   * fragment (`…/linkPath#token=…`), as the person would from their mail.
   */
  openEmailedLink(page: Page, to: string, linkPath: string): Promise<void>;
  /**
   * Stops the server, keeping its data; runs `meanwhile` on its data dir (the embedded database
   * is free then); starts it again on the same data and environment, on a new port.
   */
  restart(meanwhile?: (dataDir: string) => Promise<void>): Promise<void>;
}

export function useJourney(
  options: {
    /** The server's environment, or a function that gives it once the hooks before it ran. */
    env?: Record<string, string> | (() => Record<string, string>);
    /** Makes the administrator `DEMO.admin` as an operator would (see `startServer`). */
    admin?: boolean;
    /** `false` for a journey over the API alone. */
    browser?: boolean;
    /** Mail goes to a real SMTP server on loopback, started for the journey, not to the outbox. */
    smtp?: boolean;
  } = {},
): Journey {
  let started: RunningServer | undefined;
  let chromium: Browser | undefined;
  let smtp: LoopbackSmtp | undefined;
  let env: Record<string, string> = {};
  const running = (): RunningServer => {
    if (!started) throw new Error('the journey’s server starts in beforeAll; use it in a test');
    return started;
  };
  beforeAll(async () => {
    env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    if (options.smtp) {
      smtp = await startLoopbackSmtp();
      env = { ...env, SMTP_URL: smtp.url };
    }
    started = await startServer(env, { admin: options.admin ?? false, keepDataDir: true });
    if (options.browser !== false) chromium = await launchBrowser();
  });
  afterAll(async () => {
    await chromium?.close();
    await started?.stop();
    if (started) await rm(started.dataDir, { recursive: true, force: true });
    await smtp?.close();
  });
  const server: RunningServer = {
    get baseUrl() {
      return running().baseUrl;
    },
    get dataDir() {
      return running().dataDir;
    },
    get process() {
      return running().process;
    },
    get exited() {
      return running().exited;
    },
    output: () => running().output(),
    stop: () => running().stop(),
  };
  const newestMailTo = (to: string, including?: string) =>
    smtp
      ? newestMailOf(async () => smtp!.received, to, including)
      : newestMailIn(path.join(server.dataDir, 'outbox'), to, including);
  const journey: Journey = {
    server,
    get browser() {
      if (!chromium) throw new Error('the journey’s browser launches in beforeAll');
      return chromium;
    },
    newPage(viewport = {}) {
      return newPage(journey.browser, server.baseUrl, viewport);
    },
    async signedInPage(credentials, viewport) {
      const { context, page } = await journey.newPage(viewport);
      const { userName, password } = credentials;
      const session = await loginViaApi(page, server.baseUrl, userName, password);
      return { context, page, session };
    },
    async signIn(credentials) {
      const res = await fetch(`${server.baseUrl}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: credentials.userName, password: credentials.password }),
      });
      if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: SignedIn }).data;
    },
    async registerMember(member, avatar) {
      const form = new FormData();
      for (const [key, value] of Object.entries(member)) form.set(key, value);
      const png = avatar ?? (await fixturePng(200, 200));
      form.set('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const res = await fetch(`${server.baseUrl}/api/v1/users/register`, {
        method: 'POST',
        body: form,
      });
      if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
      return member;
    },
    newestMailTo,
    async openEmailedLink(page, to, linkPath) {
      const mail = await newestMailTo(to, `${linkPath}#token=`);
      const link = new RegExp(`https?://\\S+${linkPath}#token=[\\w.-]+`).exec(mail)?.[0];
      expect(link, mail).toBeTruthy();
      await page.goto(new URL(link!).pathname + new URL(link!).hash);
    },
    async restart(meanwhile) {
      const dataDir = running().dataDir;
      await running().stop();
      await meanwhile?.(dataDir);
      started = await startServer({ ...env, DATA_DIR: dataDir }, { keepDataDir: true });
    },
  };
  return journey;
}

/** A screenshot function for one journey: full-page PNGs named `name` in `dir` (made on first use). */
export function screenshotsIn(dir: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  };
}

/**
 * A mail as a test reads it: the header lines unfolded (a long one is folded over several), the
 * body decoded from quoted-printable. The headers are left undecoded: "=3D" there is text.
 */
export function readableMail(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split);
  return (
    head.replace(/\r?\n[ \t]+/g, ' ') +
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  );
}

/** The newest of the mails `all` gives (oldest first) to `to`, containing `including`. */
async function newestMailOf(
  all: () => Promise<string[]>,
  to: string,
  including?: string,
  where = 'the mail received',
): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const raw of [...(await all())].reverse()) {
      const mail = readableMail(raw);
      if (mail.includes(`To: ${to}`) && (!including || mail.includes(including))) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} in ${where}`);
}

/** The newest .eml in an outbox to `to` (and containing `including`). */
function newestMailIn(dir: string, to: string, including?: string): Promise<string> {
  const all = async () => {
    const files = await readdir(dir).catch(() => [] as string[]);
    const dated = await Promise.all(
      files
        .filter((f) => f.endsWith('.eml'))
        .map(async (f) => ({ f, at: (await stat(path.join(dir, f))).mtimeMs })),
    );
    return Promise.all(
      dated.sort((a, b) => a.at - b.at).map(({ f }) => readFile(path.join(dir, f), 'utf8')),
    );
  };
  return newestMailOf(all, to, including, dir);
}
