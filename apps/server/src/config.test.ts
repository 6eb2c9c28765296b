import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Env } from './config.js';

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

  it('asks nothing of development and tests', () => {
    expect(load({ NODE_ENV: 'development' }).publicUrl).toBe('http://localhost:3000');
    expect(load({ NODE_ENV: 'test', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });
});
