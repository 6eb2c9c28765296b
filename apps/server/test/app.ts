import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Env } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { MAIL_JOB } from '../src/mail/mail-queue.js';
import type { MailMessage } from '../src/mail/mailer.js';
import { createPostgresDatabase } from '../../../scripts/postgres-database.mjs';
import { startLoopbackS3 } from './s3-server.js';

export interface TestApp {
  app: FastifyInstance;
  /** Every message the mail queue delivered (the app queues mail; a worker sends it). */
  mail: MailMessage[];
  /** Waits until no mail is waiting or being retried, then answers what was delivered. */
  mailSettled(timeoutMs?: number): Promise<MailMessage[]>;
  dataDir: string;
  close(): Promise<void>;
}

/** Which engine the suite runs on: in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_ENGINE = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
/** Where uploads go: the data dir, or with TEST_STORAGE=s3 a loopback S3 server per app. */
export const TEST_STORAGE: 'local' | 's3' = process.env.TEST_STORAGE === 's3' ? 's3' : 'local';

/** A fresh database of its own on the Postgres server, so test files never share rows. */
export { createPostgresDatabase };

export interface TestAppOptions {
  /** Receives every log line (JSON), through the app's real logger and serializers. */
  logStream?: { write(line: string): void };
  /**
   * Deliver queued mail through the configured channel (SMTP_URL, else DATA_DIR/outbox) instead
   * of collecting it in `mail`.
   */
  realMailer?: boolean;
  /** Where uploads go; TEST_STORAGE by default. */
  storage?: 'local' | 's3';
  /** The app's clock (`ctx.now`), for tests that move time; the system's by default. */
  now?: () => Date;
}

/** A test server's configuration: quiet, no demo content, its own data dir, then `env`. */
/**
 * An app on a data dir (and database) that outlives it, for tests that stop a server and start
 * another on the same data: migrates, builds and readies it; `close` stops the app, then its
 * database connection.
 */
export async function startAppOnData(
  config: ReturnType<typeof loadTestConfig>,
  options: Partial<BuildOptions> = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dbDir });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false, webDistDir: null, ...options });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Data that outlives the servers started on it: see restartableData. */
export interface RestartableData {
  dataDir: string;
  /** Starts an app on this data with `env` (a test's settings) and build `options`. */
  start(
    env?: Partial<Record<keyof Env, string>>,
    options?: Partial<BuildOptions>,
  ): Promise<{ app: FastifyInstance; close: () => Promise<void> }>;
  /** The environment a command-line tool (src/cli) reads for this data. */
  cliEnv(): NodeJS.ProcessEnv;
  /** Drops the PostgreSQL database and removes the data dir. */
  dispose(): Promise<void>;
}

/**
 * A data dir, and a PostgreSQL database of its own when TEST_DATABASE_URL is set, for tests that
 * stop a server and start another on the same data (timers across restarts, a tool run between
 * two servers). `name` goes into the data dir's name, to tell them apart in /tmp.
 */
export async function restartableData(name: string): Promise<RestartableData> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `rips-${name}-`));
  const postgres = process.env.TEST_DATABASE_URL
    ? await createPostgresDatabase(process.env.TEST_DATABASE_URL).catch(async (error: unknown) => {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      })
    : null;
  const database = postgres ? { DATABASE_URL: postgres.url } : {};
  return {
    dataDir,
    start: (env = {}, options = {}) =>
      startAppOnData(loadTestConfig(dataDir, { ...env, ...database }), options),
    cliEnv: () => ({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database }),
    async dispose() {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function loadTestConfig(dataDir: string, env: Partial<Record<keyof Env, string>> = {}) {
  return loadConfig(
    {},
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      // Tests must not depend on the free space of the machine that runs them.
      MIN_FREE_DISK_BYTES: '0',
      ...env,
    },
  );
}

export async function createTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rips-test-'));
  const postgres = process.env.TEST_DATABASE_URL
    ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
    : null;
  const s3 = (options.storage ?? TEST_STORAGE) === 's3' ? await startLoopbackS3() : null;
  const config = loadTestConfig(dataDir, {
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...s3?.env,
    ...overrides,
  });
  const database = await openDatabase({ url: config.DATABASE_URL });
  await database.migrate();
  const mail: MailMessage[] = [];
  const app = await buildApp({
    config,
    database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    webDistDir: config.WEB_DIST_DIR ?? null,
    ...(options.now ? { now: options.now } : {}),
    ...(options.realMailer
      ? {}
      : {
          mailer: {
            async send(message) {
              mail.push(message);
            },
          },
        }),
  });
  await app.ready();
  return {
    app,
    mail,
    async mailSettled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while ((await app.ctx.jobs.depth(MAIL_JOB)) > 0) {
        if (Date.now() > deadline) throw new Error(`mail still queued after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mail;
    },
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      await s3?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The test file's own app: built before its first test and closed after its last. */
export function useTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  options: TestAppOptions = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(overrides, options));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/** Sends `request` and answers its `data`, failing the test (with the body) unless it succeeded. */
export async function okData(app: FastifyInstance, request: InjectOptions) {
  const res = await app.inject(request);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

/** An answer in the spec's success envelope, with `status` and `message`; returns its body. */
export function expectSuccess(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ success: true, statusCode: status, message });
  return body;
}

/** Creation budgets lifted, for tests that leave many items as a few members and test no budget. */
export const UNLIMITED_CREATIONS = {
  FLOWER_LIMIT_PER_USER: '100000',
  PRAYER_LIMIT_PER_USER: '100000',
  CANDLE_LIMIT_PER_USER: '100000',
  UPLOAD_LIMIT_PER_USER: '100000',
  INVITATION_LIMIT_PER_USER: '100000',
  REPORT_LIMIT_PER_USER: '100000',
  EXPORT_LIMIT_PER_USER: '100000',
  BOOKS_PER_WINDOW: '100000',
  IMPORT_LIMIT_PER_USER: '100000',
  GUEST_TRIBUTE_LIMIT_PER_IP: '100000',
  GUEST_TRIBUTE_LIMIT_PER_EMAIL: '100000',
} as const;
