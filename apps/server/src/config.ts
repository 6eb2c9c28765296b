import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy.js';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** A whole number (the environment holds text: "30" reads as 30). */
const int = z.coerce.number().int();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: int.min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters.').optional(),
    JWT_TTL_SECONDS: int.min(60).max(2_592_000).default(604_800),
    /** Unset/false: trust no proxy; a number: that many hops; else a list of proxy addresses/CIDRs. */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((raw, ctx) => {
        const parsed = parseTrustProxy(raw);
        if (typeof parsed === 'object' && 'error' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed;
      }),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SPONSOR_SELF_SERVICE: bool.default(true),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    /** Production only: write mail to DATA_DIR/outbox although nobody receives it there. */
    MAIL_OUTBOX: bool.default(false),
    MAIL_FROM: z.string().min(3).default('Rips Memorial <no-reply@localhost>'),
    CONTACT_EMAIL: z.email().default('care@localhost'),
    MAX_IMAGE_BYTES: int.min(1024).default(10 * 1024 * 1024),
    MAX_DOCUMENT_BYTES: int.min(1024).default(20 * 1024 * 1024),
    MAX_IMAGE_PIXELS: int.min(10_000).default(40_000_000),
    LOGIN_LIMIT_PER_IP: int.min(1).default(60),
    LOGIN_LIMIT_PER_ACCOUNT: int.min(1).default(10),
    REGISTER_LIMIT_PER_IP: int.min(1).default(30),
    RATE_LIMIT_WINDOW_SECONDS: int.min(1).default(900),
    /** Password-reset requests per address and per account, reset-form submits per address. */
    RESET_LIMIT_PER_IP: int.min(1).default(20),
    RESET_LIMIT_PER_ACCOUNT: int.min(1).default(5),
    RESET_CONFIRM_LIMIT_PER_IP: int.min(1).default(30),
    /** Wrong passwords typed on one reset link before it stops accepting attempts for the window. */
    RESET_WRONG_PASSWORDS_PER_LINK: int.min(1).default(5),
    /** Past an account's budget, a check from a new address first waits this, doubling per failure… */
    LOGIN_DELAY_BASE_MS: int.min(1).max(60_000).default(1000),
    /** …up to this; a check that would wait longer is refused with Retry-After instead. */
    LOGIN_DELAY_MAX_MS: int.min(1).max(120_000).default(30_000),
    /** How long a server-rendered page is served again to anonymous visitors; 0 turns it off. */
    PAGE_CACHE_SECONDS: int.min(0).max(300).default(5),
    /** Page renders (cache misses) per address per minute; past it the app shell goes out. */
    PAGE_RENDERS_PER_MINUTE_PER_IP: int.min(1).default(120),
    /** A render taking longer is given up and the app shell goes out. */
    PAGE_RENDER_TIMEOUT_MS: int.min(100).max(60_000).default(5000),
    /** Memorial posters (PDF) drawn per address per minute; past it: 429 with Retry-After. */
    POSTERS_PER_MINUTE_PER_IP: int.min(1).default(20),
    /**
     * Memorial books (PDF) one member (or one address, for visitors) may ask for per
     * RATE_LIMIT_WINDOW_SECONDS; past it: 429 with Retry-After (decision 0124).
     */
    BOOKS_PER_WINDOW: int.min(1).default(10),
    /** Books made at once by this server; one more is refused with 429, never queued. */
    BOOK_BUILDS_AT_ONCE: int.min(1).max(16).default(2),
    /**
     * Short links (`/m/{code}`, `GET /posts/short/{code}`) per address per minute that lead
     * nowhere; past it every lookup from the address gets 429 until the minute ends (decision 0086).
     */
    SHORT_LINK_MISSES_PER_MINUTE_PER_IP: int.min(1).default(30),
    /** Lower caps for pictures only ever shown small, which anyone may send (decision 0020). */
    MAX_AVATAR_PIXELS: int.min(10_000).default(25_000_000),
    MAX_FLOWER_PIXELS: int.min(10_000).default(25_000_000),
    /** Pictures decoded at once, apart from the threads logins hash passwords on. */
    IMAGE_CONCURRENCY: int.min(1).max(64).default(1),
    /**
     * After SIGTERM, how long the server keeps answering (503 to new requests, /readyz 503) before
     * it closes its port: at least the load balancer's health-check interval, so it has stopped
     * routing here by then (decision 0066).
     */
    SHUTDOWN_GRACE_MS: int.min(0).max(5_000).default(0),
    /** PDF and DOC files verified at once (each is read whole while it is checked). */
    DOCUMENT_CONCURRENCY: int.min(1).max(64).default(2),
    /** Upload quotas: everything stored for one memorial, and everything one member uploaded. */
    MEMORIAL_UPLOAD_QUOTA_BYTES: int.min(1).default(2 * 1024 ** 3),
    MEMORIAL_UPLOAD_QUOTA_COUNT: int.min(1).default(5_000),
    USER_UPLOAD_QUOTA_BYTES: int.min(1).default(5 * 1024 ** 3),
    USER_UPLOAD_QUOTA_COUNT: int.min(1).default(10_000),
    /** Uploads are refused (507) when they would leave less free space than this on the uploads disk. */
    MIN_FREE_DISK_BYTES: int.min(0).default(1024 ** 3),
    /** Per member and window: flowers, prayers, and gallery uploads (photos, memorabilia, documents). */
    FLOWER_LIMIT_PER_USER: int.min(1).default(30),
    PRAYER_LIMIT_PER_USER: int.min(1).default(30),
    /** Per member and window: candles lit, across memorials (one per memorial per day besides). */
    CANDLE_LIMIT_PER_USER: int.min(1).default(30),
    UPLOAD_LIMIT_PER_USER: int.min(1).default(100),
    /** Per window: guest tributes sent from one client address, and to one guest email address. */
    GUEST_TRIBUTE_LIMIT_PER_IP: int.min(1).default(10),
    GUEST_TRIBUTE_LIMIT_PER_EMAIL: int.min(1).default(5),
    /** Guest tributes one guest email address may be sent in 24 hours, counted from the stored ones. */
    GUEST_TRIBUTE_DAILY_LIMIT_PER_EMAIL: int.min(1).max(1000).default(5),
    /** Seconds between sweeps of guest tributes whose link expired unused. */
    GUEST_TRIBUTE_SWEEP_SECONDS: int.min(1).default(3600),
    /** Per window: guest follow requests from one client address, and to one email address. */
    FOLLOW_LIMIT_PER_IP: int.min(1).default(10),
    FOLLOW_LIMIT_PER_EMAIL: int.min(1).default(5),
    /** The hour (UTC, 0-23) from which a day's digests go out; weekly ones on Mondays. */
    FOLLOW_DIGEST_HOUR: int.min(0).max(23).default(8),
    /** Follows read and mailed per batch of a digest run. */
    FOLLOW_DIGEST_BATCH: int.min(1).max(5000).default(200),
    /** Seconds between looks for digests due (and sweeps of unconfirmed guest follows). */
    FOLLOW_DIGEST_CHECK_SECONDS: int.min(1).default(600),
    /** The hour of the day (UTC, 0-23) from which anniversary reminders are sent. */
    REMINDER_SEND_HOUR: int.min(0).max(23).default(8),
    /** Seconds between runs that look for anniversary reminders due today. */
    REMINDER_SWEEP_SECONDS: int.min(1).default(3600),
    /** Seconds between runs that hand out memorials' yearly copies due (docs/decisions/0126). */
    YEARLY_COPY_SWEEP_SECONDS: int.min(1).max(86_400).default(3600),
    /** Memorials read per batch of a yearly-copy run; other work gets a turn between batches. */
    YEARLY_COPY_BATCH: int.min(1).max(5000).default(100),
    /** Confirmation mails one address receives in 24 hours for yearly copies, from every memorial. */
    COPY_ADDRESS_MAILS_PER_DAY: int.min(1).max(100).default(3),
    /** Seconds between runs of a Life Legacy's release timer (waiting periods, inactivity, expiry). */
    LEGACY_RELEASE_SWEEP_SECONDS: int.min(1).max(86_400).default(300),
    /**
     * The site has closed (the promise of permanence, decision 0127): memorials and pages stay
     * readable, and every change (any method but GET, HEAD and OPTIONS) is refused with 503.
     */
    READ_ONLY: bool.default(false),
    /**
     * Tests only: POST /api/v1/test-clock moves the site's clock forward (waiting periods pass in a
     * test). Production refuses to start with it.
     */
    TEST_CLOCK_CONTROL: bool.default(false),
    /**
     * Per member and window: invitations sent (and sent again), ownership offers made (a budget
     * of their own), and tribute reports and access requests made.
     */
    INVITATION_LIMIT_PER_USER: int.min(1).default(30),
    /** Invitations one email address receives in 24 hours, from every memorial together. */
    INVITATIONS_PER_ADDRESS_PER_DAY: int.min(1).max(1000).default(3),
    REPORT_LIMIT_PER_USER: int.min(1).default(10),
    /** Days the start-up storage check keeps unreferenced files in quarantine before deleting them. */
    QUARANTINE_DAYS: int.min(1).max(3650).default(30),
    /** Seconds between looks for the day's fixity check of stored files (decision 0125). */
    FIXITY_SWEEP_SECONDS: int.min(1).max(86_400).default(3600),
    /** The hour of the day (UTC, 0-23) from which the day's fixity check runs, once. */
    FIXITY_HOUR: int.min(0).max(23).default(3),
    /** Every stored file is checked within this many days: a night checks 1/FIXITY_CYCLE_DAYS. */
    FIXITY_CYCLE_DAYS: int.min(1).max(365).default(30),
    /** Files a night's fixity check hashes at least, and at most (a cap on its work). */
    FIXITY_BATCH_MIN: int.min(1).max(1_000_000).default(100),
    FIXITY_BATCH_MAX: int.min(1).max(1_000_000).default(20_000),
    /**
     * Origins (comma-separated, e.g. `https://app.example.org,http://localhost:5173`) whose pages
     * may call the API; empty keeps it same-origin only. When set, media and file URLs in answers
     * are absolute (from PUBLIC_URL).
     */
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .url({ message: 'CORS_ORIGINS must list origins such as https://app.example.org.' })
            .transform((o) => new URL(o).origin),
        ),
      ),
    SEED_DEMO: bool.default(true),
    /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (decision 0040). */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    /** The S3 service's address; unset: AWS itself. */
    S3_ENDPOINT: z
      .url({ message: 'S3_ENDPOINT must be a URL such as https://s3.example.org.' })
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Unset: the SDK's own credential chain (its environment variables, an instance role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Bucket in the path (http://host/bucket/key), as most S3-compatible servers want. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** Rate-limit counts shared by every instance; unset: kept in this process's memory. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
    /** Prefix of every Redis key this site writes, so several sites can share one Redis. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(
        /^[A-Za-z0-9:_-]{1,64}$/,
        'REDIS_KEY_PREFIX may hold letters, digits, ":", "_" and "-".',
      )
      .default('rips:'),
    /** Serves Prometheus metrics at /metrics to callers presenting this token; unset: no /metrics. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters.').optional(),
    /** Delivery attempts of a mail after its first, spaced from this delay, doubling each time. */
    MAIL_RETRY_LIMIT: int.min(0).max(100).default(10),
    MAIL_RETRY_DELAY_SECONDS: int.min(1).max(86_400).default(30),
    /** Mails each instance sends at once, each over its own reused SMTP connection. */
    MAIL_CONCURRENCY: int.min(1).max(32).default(4),
    /** Largest memorial archive a sponsor may import (the upload itself). */
    IMPORT_MAX_BYTES: int.min(1024).default(2 * 1024 ** 3),
    /**
     * What one imported archive may hold: items in all, and of each kind. Items with files are also
     * held to the upload quotas (MEMORIAL_UPLOAD_QUOTA_COUNT and the member's).
     */
    IMPORT_MAX_ITEMS: int.min(1).max(100_000).default(5_000),
    IMPORT_MAX_ITEMS_PER_KIND: int.min(1).max(100_000).default(2_000),
    /** Imports a member may start per RATE_LIMIT_WINDOW_SECONDS (one runs at a time). */
    IMPORT_LIMIT_PER_USER: int.min(1).default(5),
    /** Memorials holding more stored bytes than this are exported by a background job, not inline. */
    EXPORT_INLINE_MAX_BYTES: int.min(0).default(512 * 1024 ** 2),
    /**
     * Per member and window: archive downloads, emailed archives and take-outs asked for (every
     * export route counts against one budget); the emailed link's download counts per address.
     */
    EXPORT_LIMIT_PER_USER: int.min(1).default(10),
    /** How often expired emailed archives are removed with their files. */
    EXPORT_SWEEP_SECONDS: int.min(1).max(86_400).default(3600),
    WEB_DIST_DIR: z.string().optional(),
    /** `npm run dev`: pages rendered from the web app's sources through Vite, with hot reload. */
    WEB_DEV: bool.default(false),
    /** Measure event-loop delay; SIGUSR2 logs it and starts a new measurement (benchmarks use it). */
    DIAGNOSTICS: bool.default(false),
  })
  .superRefine((env, ctx) => {
    const s3Settings = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const stray = s3Settings.filter((name) => env[name] !== undefined);
    if (!env.S3_BUCKET && stray.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: `S3_BUCKET is required with ${stray.join(', ')}: name the bucket uploads go to, or unset ${stray.length === 1 ? 'it' : 'them'} to keep uploads in DATA_DIR/uploads.`,
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message:
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the credentials of the environment.',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.TEST_CLOCK_CONTROL) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK_CONTROL'],
        message:
          'TEST_CLOCK_CONTROL lets anyone move the site clock and is for tests only: production refuses to start with it. Unset it.',
      });
    }
    if (env.WEB_DEV) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_DEV'],
        message:
          'WEB_DEV serves the web app from its sources for development; in production unset it and serve the build (npm run build).',
      });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'PUBLIC_URL is required in production: the address people open (https://memorial.example.org); links in emails are built from it.',
      });
    }
    if (!env.SMTP_URL && !env.MAIL_OUTBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'In production, mail needs SMTP_URL (smtp:// or smtps://). To keep mail in DATA_DIR/outbox instead, where nobody receives it, set MAIL_OUTBOX=true deliberately.',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'DATA_DIR'> {
  dataDir: string;
  dbDir: string;
  uploadsDir: string;
  outboxDir: string;
  /** Where uploads are written while they arrive, before they are checked and stored (decision 0065). */
  spoolDir: string;
  jwtSecret: string;
  /** Where the signing key came from: a generated one is this instance's own (decision 0041). */
  jwtSecretSource: 'environment' | 'data-dir';
  publicUrl: string;
}

/**
 * Reads the secret from the environment, else from the data dir, else creates and keeps one.
 * Every other signing key (media URLs, device cookies, mail jobs) is derived from it.
 */
function resolveJwtSecret(
  env: Env,
  dataDir: string,
): { secret: string; source: Config['jwtSecretSource'] } {
  if (env.JWT_SECRET) return { secret: env.JWT_SECRET, source: 'environment' };
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return { secret: stored, source: 'data-dir' };
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return { secret, source: 'data-dir' };
}

/**
 * What start-up should warn about: several instances on one PostgreSQL database each with a
 * secret of their own would refuse each other's tokens and signed links.
 */
export function configWarnings(config: Config): string[] {
  if (!config.DATABASE_URL || config.jwtSecretSource === 'environment') return [];
  return [
    `JWT_SECRET is not set: this instance signs tokens and links with a secret generated into ${path.join(config.dataDir, 'jwt-secret')}. ` +
      'Other instances on the same PostgreSQL database will refuse them; give every instance the same JWT_SECRET (32+ characters).',
  ];
}

/** Variables that no longer exist, with what to do instead: set, they stop start-up. */
const REMOVED: Record<string, string> = {
  ADMIN_EMAIL:
    'ADMIN_EMAIL was removed: registering with an address no longer makes anyone an administrator (nothing proved the address was theirs). ' +
    'Unset it and make an administrator with `npm run make-admin -- <userName or email>`, or create one with `npm run make-admin -- --create <userName> <email>`.',
};

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
}

/**
 * Validates the environment once. Nothing else reads process.env.
 * `overrides` lets tests and tools start an app without touching the real environment.
 */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<keyof Env, string>> = {},
): Config {
  const raw = Object.fromEntries(
    Object.entries({ ...source, ...overrides }).filter(([, v]) => v !== undefined && v !== ''),
  );
  const removed = Object.keys(REMOVED).filter((name) => name in raw);
  if (removed.length > 0) {
    throw new Error(`Invalid configuration:\n${removed.map((n) => `  ${REMOVED[n]}`).join('\n')}`);
  }
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${formatIssues(parsed.error)}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { JWT_SECRET: _secret, DATA_DIR: _dir, ...rest } = env;
  const jwt = resolveJwtSecret(env, dataDir);
  return {
    ...rest,
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    spoolDir: path.join(dataDir, 'spool'),
    jwtSecret: jwt.secret,
    jwtSecretSource: jwt.source,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
