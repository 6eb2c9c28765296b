import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'care@rips.example' });
});
afterAll(async () => {
  await t?.close();
});

const send = (payload: Record<string, string>, ip = '10.30.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/contact', payload, remoteAddress: ip });

describe(`contact (${TEST_ENGINE})`, () => {
  it('forwards the message to the care address with the visitor as reply-to', async () => {
    const res = await send({
      name: 'June Park',
      email: 'June@Example.com',
      message: 'Thank you for this place.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Thank you. Your message has been sent.');
    await t.mailSettled();
    expect(t.mail.at(-1)).toMatchObject({
      to: 'care@rips.example',
      replyTo: 'june@example.com',
      subject: 'Rips Memorial: message from June Park',
    });
    expect(t.mail.at(-1)!.text).toContain('Thank you for this place.');
  });

  it('rejects missing fields and a name that would break the subject line', async () => {
    const before = (await t.mailSettled()).length;
    expect((await send({ name: '', email: 'a@b.co', message: 'x' }, '10.30.1.1')).statusCode).toBe(
      400,
    );
    expect((await send({ name: 'A', email: 'nope', message: 'x' }, '10.30.1.1')).statusCode).toBe(
      400,
    );
    expect((await send({ name: 'A', email: 'a@b.co', message: ' ' }, '10.30.1.1')).statusCode).toBe(
      400,
    );
    expect(
      (await send({ name: 'A\r\nBcc: x@y.z', email: 'a@b.co', message: 'x' }, '10.30.1.1'))
        .statusCode,
    ).toBe(400);
    expect((await t.mailSettled()).length).toBe(before);
  });

  it('limits messages per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await send({ name: 'A', email: 'a@b.co', message: `m${i}` }, '10.30.2.1')).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
