import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters.').optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(604_800),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SPONSOR_SELF_SERVICE: bool.default(true),
  ADMIN_EMAIL: z.email().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Rips Memorial <no-reply@localhost>'),
  CONTACT_EMAIL: z.email().default('care@localhost'),
  MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  MAX_DOCUMENT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(10_000).default(40_000_000),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  SEED_DEMO: bool.default(true),
  WEB_DIST_DIR: z.string().optional(),
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
  /** Measure event-loop delay; SIGUSR2 logs it and starts a new measurement (benchmarks use it). */
  DIAGNOSTICS: bool.default(false),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'DATA_DIR'> {
  dataDir: string;
  dbDir: string;
  uploadsDir: string;
  outboxDir: string;
  jwtSecret: string;
  publicUrl: string;
}

/** Reads the secret from the environment, else from the data dir, else creates and keeps one. */
function resolveJwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

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
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${formatIssues(parsed.error)}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const { JWT_SECRET: _secret, DATA_DIR: _dir, ...rest } = env;
  return {
    ...rest,
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    jwtSecret: resolveJwtSecret(env, dataDir),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
