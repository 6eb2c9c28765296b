// Names are text, not layout: one-line fields refuse control characters, line breaks and bidi
// overrides, fields of several lines keep newlines and tabs; every refusal is a 400 naming the
// field (docs/decisions/0089-text-fields-refuse-control-characters.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE, useTestApp } from '../test/app.js';
import {
  createMemorialRequest,
  createMemorialRow,
  createUser,
  type TestUser,
} from '../test/factories.js';
import { pngFile } from '../test/fixtures.js';
import { uploadRequest } from '../test/item-samples.js';
import { photoKind } from './modules/tributes/tribute-kinds.js';

const t = useTestApp();
let owner: TestUser;
let memorialId: string;

beforeAll(async () => {
  owner = await createUser(t.app, { role: 'sponsor' });
  memorialId = (await createMemorialRow(t.app, owner)).id;
});

/** A 400 whose errors name `field` and say the text holds something it may not. */
function expectRefused(res: { statusCode: number; json(): unknown; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as {
    success: boolean;
    code: string;
    errors: { path: string; message: string }[];
  };
  expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  expect(body.errors).toContainEqual({
    path: field,
    message: expect.stringMatching(/without control characters/),
  });
}

describe(`text fields refuse control characters (${TEST_ENGINE})`, () => {
  it('a full name with a control character or a bidi override is refused, naming fullName', async () => {
    for (const fullName of ['Ada\u0007 Lovelace', 'Ada \u202eecalevoL', 'Ada\u2028Lovelace']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/update-account',
        headers: owner.auth,
        payload: { fullName, email: owner.row.email },
      });
      expectRefused(res, 'fullName');
    }
    const fine = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-account',
      headers: owner.auth,
      payload: { fullName: 'Zoë Ó’Brien 李', email: owner.row.email },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('a memorial’s title, places and poster line are one line; its description keeps its lines', async () => {
    const created = await t.app.inject(
      await createMemorialRequest(owner.auth, {
        title: 'Robert\u202e Hale',
        description: 'Kind.\nWise.',
      }),
    );
    expectRefused(created, 'title');
    for (const [field, value] of [
      ['birthPlace', 'Leeds\nYorkshire'],
      ['burial', 'St Mary\u0007'],
      ['plot', 'Row 4\u0085'],
      ['posterLine', 'Always loved\u2066'],
      ['traits', 'kind\u001bwise'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/posts/${memorialId}`,
        headers: owner.auth,
        payload: { [field]: value },
      });
      expectRefused(res, field);
    }
    const description = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${memorialId}`,
      headers: owner.auth,
      payload: { description: 'First paragraph.\r\n\r\n\tSecond paragraph.' },
    });
    expect(description.statusCode, description.body).toBe(200);
    expectRefused(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/posts/${memorialId}`,
        headers: owner.auth,
        payload: { description: 'Clears the screen\u001b[2J' },
      }),
      'description',
    );
  });

  it('a prayer keeps its line breaks but not other controls; a caption is one line', async () => {
    const prayer = (prayerText: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/prayers',
        headers: owner.auth,
        payload: { postId: memorialId, prayerText },
      });
    expect((await prayer('Rest now.\nWe remember.')).statusCode).toBe(201);
    expectRefused(await prayer('Rest now.\u0008'), 'prayerText');

    const photo = await t.app.inject(
      uploadRequest(photoKind, memorialId, await pngFile(), owner.auth, {
        caption: 'At the lake\u202e1962',
      }),
    );
    expectRefused(photo, 'caption');
  });
});
