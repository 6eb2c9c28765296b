import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configWarnings, loadConfig, type Env } from './config.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rips-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Partial<Record<keyof Env, string>>) =>
  loadConfig({}, { DATA_DIR: dataDir, ...env });

describe('production configuration', () => {
  it('refuses to start without PUBLIC_URL, naming it', () => {
    expect(() =>
      load({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org' }),
    ).toThrowError(/PUBLIC_URL is required in production/);
  });

  it('refuses outbox-only mail unless MAIL_OUTBOX=true is set deliberately', () => {
    expect(() =>
      load({ NODE_ENV: 'production', PUBLIC_URL: 'https://memorial.example.org' }),
    ).toThrowError(/mail needs SMTP_URL .* set MAIL_OUTBOX=true deliberately/);
    expect(() =>
      load({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://memorial.example.org',
        MAIL_OUTBOX: 'false',
      }),
    ).toThrowError(/MAIL_OUTBOX=true/);
  });

  it('starts with SMTP, or with the outbox chosen deliberately', () => {
    const smtp = load({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://memorial.example.org/',
      SMTP_URL: 'smtp://mail.example.org',
    });
    expect(smtp.publicUrl).toBe('https://memorial.example.org');
    expect(smtp.MAIL_OUTBOX).toBe(false);
    const outbox = load({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost:3000',
      MAIL_OUTBOX: 'true',
    });
    expect(outbox.MAIL_OUTBOX).toBe(true);
  });

  it('refuses WEB_DEV (pages from the web sources through Vite) in production', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://memorial.example.org',
      SMTP_URL: 'smtp://mail.example.org',
    } as const;
    expect(() => load({ ...production, WEB_DEV: 'true' })).toThrowError(/WEB_DEV .*development/);
    expect(load({ ...production }).WEB_DEV).toBe(false);
    expect(load({ NODE_ENV: 'development', WEB_DEV: 'true' }).WEB_DEV).toBe(true);
  });

  it('refuses the test clock control in production, and keeps it off unless asked', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://memorial.example.org',
      SMTP_URL: 'smtp://mail.example.org',
    } as const;
    expect(() => load({ ...production, TEST_CLOCK_CONTROL: 'true' })).toThrowError(
      /TEST_CLOCK_CONTROL .*production refuses/,
    );
    expect(load({ ...production }).TEST_CLOCK_CONTROL).toBe(false);
    expect(load({ NODE_ENV: 'test', TEST_CLOCK_CONTROL: 'true' }).TEST_CLOCK_CONTROL).toBe(true);
  });

  it('asks nothing of development and tests', () => {
    expect(load({ NODE_ENV: 'development' }).publicUrl).toBe('http://localhost:3000');
    expect(load({ NODE_ENV: 'test', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });
});

describe('secrets shared by several instances', () => {
  it('warns on PostgreSQL when the signing key was generated into the data dir', () => {
    const generated = load({ DATABASE_URL: 'postgres://db.example/rips' });
    expect(generated.jwtSecretSource).toBe('data-dir');
    expect(configWarnings(generated)).toEqual([
      expect.stringMatching(/JWT_SECRET is not set: .*give every instance the same JWT_SECRET/),
    ]);
    const shared = load({
      DATABASE_URL: 'postgres://db.example/rips',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(shared.jwtSecretSource).toBe('environment');
    expect(configWarnings(shared)).toEqual([]);
    // The embedded database allows one process, so its own secret is right there.
    expect(configWarnings(load({}))).toEqual([]);
  });
});

describe('S3 settings', () => {
  it('names the missing bucket and the missing half of a key pair', () => {
    expect(() => load({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrowError(
      /S3_BUCKET is required with S3_ENDPOINT/,
    );
    expect(() => load({ S3_BUCKET: 'rips-uploads', S3_ACCESS_KEY_ID: 'AKIA' })).toThrowError(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(load({ S3_BUCKET: 'rips-uploads' }).S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('refuses a REDIS_URL or METRICS_TOKEN that cannot work', () => {
    expect(() => load({ REDIS_URL: 'localhost:6379' })).toThrowError(
      /REDIS_URL must start with redis:\/\//,
    );
    expect(() => load({ METRICS_TOKEN: 'short' })).toThrowError(
      /METRICS_TOKEN must be at least 16/,
    );
  });
});
