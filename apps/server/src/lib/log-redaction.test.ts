import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { forgotPasswordRequest } from '../../test/accounts.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { multipartRequest } from '../../test/multipart.js';
import { redactUrl, serializeError } from './log-redaction.js';

/** Every line the app logs, as written by its real logger. */
const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
const logText = () => lines.join('');

let t: TestApp;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream, realMailer: true });
  member = await createUser(t.app, { email: 'ada.private@example.org' });
});
afterAll(async () => {
  await t?.close();
});

async function outboxMessages(): Promise<string[]> {
  const dir = t.app.ctx.config.outboxDir;
  for (let i = 0; i < 100; i++) {
    const files = await readdir(dir).catch(() => [] as string[]);
    if (files.length > 0) {
      return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return [];
}

describe('logs hold no secret or personal data', () => {
  it('a password reset logs neither the link, the token nor the address', async () => {
    const res = await t.app.inject(forgotPasswordRequest(member.row, 'A-new-passphrase-42'));
    expect(res.statusCode).toBe(200);
    const [message] = await outboxMessages();
    expect(message, 'the reset mail reached the outbox').toBeDefined();
    const link = /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(message!.replace(/=\r?\n/g, ''))?.[0];
    expect(link, 'the mail carries a link').toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;

    // Opening the link is a request whose URL carries the token.
    await t.app.inject({ method: 'GET', url: `/reset-password/confirm?token=${token}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password/confirm',
      payload: { token },
    });

    const logs = logText();
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(member.row.email);
    expect(logs).not.toContain(link!);
    expect(logs).toContain('mail written to the outbox');
    expect(logs).toContain('/reset-password/confirm?token=[redacted]');
  });

  it('a signed media URL is logged without its signature or expiry', async () => {
    const signed = t.app.ctx.urls.file('photos/secret-key.webp', 600);
    const sig = new URL(signed, 'http://x').searchParams.get('sig')!;
    const expires = new URL(signed, 'http://x').searchParams.get('expires')!;
    await t.app.inject({ method: 'GET', url: signed });
    const logs = logText();
    expect(logs).not.toContain(sig);
    expect(logs).not.toContain(`expires=${expires}`);
    expect(logs).toContain('/media/photos/secret-key.webp?expires=[redacted]&sig=[redacted]');
  });

  it('a failed query is logged without its parameters or the values in its message', async () => {
    const secret = 'Mrs-Secret-Value-0000-01-01';
    const error = await t.app.ctx.db
      .execute(sql`select ${secret}::date as day, ${'ada.private@example.org'}::text as email`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error, 'the query failed').toBeInstanceOf(Error);
    // The raw error does carry the value (that is what must not reach the log)...
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error)) + String(error)).toContain(
      secret,
    );
    // ...and both paths that log database errors keep it out.
    t.app.log.warn({ err: error }, 'data exception from the database');
    const logs = logText();
    expect(logs).toContain('data exception from the database');
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain('ada.private@example.org');
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).not.toContain(secret);
    expect(serialized).toContain('params: [redacted]');
  });

  it('a memorial dated year 0000 is refused before the database, and no value is logged', async () => {
    const sponsor = await createUser(t.app, { role: 'sponsor' });
    const title = 'Private Name Zeroyear';
    const res = await t.app.inject(
      multipartRequest('POST', '/api/v1/posts', sponsor.auth, {
        title,
        description: 'Private description text',
        dateOfBirth: '0000-01-01',
      }),
    );
    expect(res.statusCode).toBe(400);
    const logs = logText();
    expect(logs).not.toContain(title);
    expect(logs).not.toContain('Private description text');
    expect(logs).not.toContain('0000-01-01');
  });

  it('redacts every query value and keeps the keys and the path', () => {
    expect(redactUrl('/a/b?token=abc&exp=1&flag')).toBe(
      '/a/b?token=[redacted]&exp=[redacted]&flag',
    );
    expect(redactUrl('/a/b')).toBe('/a/b');
  });

  it('redacts the token of an invitation link of the old form, page and acceptance', () => {
    const token = 'x'.repeat(43);
    expect(redactUrl(`/invitations/${token}`)).toBe('/invitations/[redacted]');
    expect(redactUrl(`/invitations/${token}?utm=mail`)).toBe(
      '/invitations/[redacted]?utm=[redacted]',
    );
    expect(redactUrl(`/api/v1/invitations/${token}/accept`)).toBe(
      '/api/v1/invitations/[redacted]/accept',
    );
    expect(redactUrl('/api/v1/invitations/accept')).toBe('/api/v1/invitations/accept');
    expect(redactUrl('/invitations')).toBe('/invitations');
  });
});
