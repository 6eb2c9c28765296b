import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const year = new Date().getFullYear();

function legacyOf(label: string) {
  return {
    userId: '00000000-0000-0000-0000-000000000000',
    birthPlace: `${label} Birthplace`,
    description: `${label} wrote this legacy.`,
    accomplishments: [
      {
        description: `${label} built a school`,
        from: '1990',
        to: '1995',
        beneficiaries: 'Village children',
      },
      { description: `${label} ran a clinic`, from: 2000, to: year, beneficiaries: 'Neighbours' },
    ],
    assets: [
      {
        item: `${label} house`,
        description: 'Blue door cottage',
        value: '250000',
        beneficiaries: `${label} secret heir`,
      },
    ],
    relationships: [{ name: 'Ann', lastName: 'Lee', relationship: 'Sister' }],
    bucketlists: [{ type: 'Travel', description: 'Kyoto', status: 'Planned' }],
    aspirations: [{ name: 'Write', description: 'A memoir', comment: 'Before seventy' }],
  };
}

const getLegacies = (user?: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/v1/legacies', headers: user?.auth ?? {} });
const postLegacy = (user: TestUser | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/legacies',
    headers: user?.auth ?? {},
    payload: payload as object,
  });

describe(`life legacy (${TEST_ENGINE})`, () => {
  it('answers an empty list before a legacy exists, then the member’s own legacy', async () => {
    const member = await createUser(t.app);
    const empty = await getLegacies(member);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);

    const created = await postLegacy(member, legacyOf('Alice'));
    expect(created.statusCode).toBe(201);
    expect(created.json().data.userId).toBe(member.row.id);

    const list = await getLegacies(member);
    const [legacy] = list.json().data;
    expect(list.json().data).toHaveLength(1);
    expect(legacy).toMatchObject({
      userId: member.row.id,
      birthPlace: 'Alice Birthplace',
      accomplishments: [
        {
          description: 'Alice built a school',
          from: '1990',
          to: '1995',
          beneficiaries: 'Village children',
        },
        { description: 'Alice ran a clinic', from: '2000', to: String(year) },
      ],
      assets: [{ item: 'Alice house', value: '250000', beneficiaries: 'Alice secret heir' }],
      relationships: [{ name: 'Ann', lastName: 'Lee', relationship: 'Sister' }],
      bucketlists: [{ type: 'Travel', description: 'Kyoto', status: 'Planned' }],
      aspirations: [{ name: 'Write', description: 'A memoir', comment: 'Before seventy' }],
    });
  });

  it('replaces the whole legacy on a second submit: one per member, sections rewritten', async () => {
    const member = await createUser(t.app);
    await postLegacy(member, legacyOf('First'));
    const replaced = await postLegacy(member, {
      ...legacyOf('Second'),
      assets: [],
      relationships: [],
    });
    expect(replaced.statusCode).toBe(200);
    const list = (await getLegacies(member)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      birthPlace: 'Second Birthplace',
      assets: [],
      relationships: [],
    });
    expect(list[0].accomplishments[0].description).toBe('Second built a school');
  });

  it('never shows one member’s legacy to another or to an admin', async () => {
    const alice = await createUser(t.app);
    const bob = await createUser(t.app);
    const admin = await createUser(t.app, { role: 'admin' });
    await postLegacy(alice, legacyOf('Alice'));

    // Bob posting Alice's id as userId writes Bob's own legacy, never Alice's.
    const bobs = await postLegacy(bob, { ...legacyOf('Bob'), userId: alice.row.id });
    expect(bobs.json().data.userId).toBe(bob.row.id);

    for (const other of [bob, admin]) {
      const res = await getLegacies(other);
      expect(res.statusCode).toBe(200);
      expect(res.payload).not.toContain('Alice');
      expect(res.payload).not.toContain(alice.row.id);
    }
    expect((await getLegacies(bob)).json().data[0].birthPlace).toBe('Bob Birthplace');
    expect((await getLegacies(admin)).json().data).toEqual([]);
    expect((await getLegacies(alice)).json().data[0].assets[0].beneficiaries).toBe(
      'Alice secret heir',
    );

    for (const url of [
      `/api/v1/legacies/${alice.row.id}`,
      `/api/v1/legacies?userId=${alice.row.id}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bob.auth });
      expect(res.payload).not.toContain('Alice');
    }
  });

  it('validates required fields, entry fields, years and section sizes', async () => {
    const member = await createUser(t.app);
    // A legacy whose one accomplishment has these years.
    const withYears = (from: string, to: string) => ({
      ...legacyOf('X'),
      accomplishments: [{ description: 'a', from, to, beneficiaries: 'b' }],
    });
    const cases: [unknown, string][] = [
      [{ ...legacyOf('X'), birthPlace: '  ' }, 'birthPlace'],
      [{ ...legacyOf('X'), description: undefined }, 'description'],
      [
        {
          ...legacyOf('X'),
          assets: [{ item: 'Car', description: '', value: '1', beneficiaries: 'Kim' }],
        },
        'assets.0.description',
      ],
      [withYears('1899', '1950'), 'accomplishments.0.from'],
      [withYears('1990', String(year + 1)), 'accomplishments.0.to'],
      [withYears('19900', '1995'), 'accomplishments.0.from'],
      [withYears('2000', '1990'), 'accomplishments.0.to'],
      [
        {
          ...legacyOf('X'),
          relationships: Array.from({ length: 51 }, () => ({
            name: 'a',
            lastName: 'b',
            relationship: 'c',
          })),
        },
        'relationships',
      ],
      [
        {
          ...legacyOf('X'),
          aspirations: [{ name: 'x'.repeat(201), description: 'd', comment: 'c' }],
        },
        'aspirations.0.name',
      ],
    ];
    for (const [payload, path] of cases) {
      const res = await postLegacy(member, payload);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await getLegacies(member)).json().data).toEqual([]);
    const fifty = Array.from({ length: 50 }, (_, i) => ({
      name: `n${i}`,
      lastName: 'b',
      relationship: 'c',
    }));
    expect((await postLegacy(member, { ...legacyOf('X'), relationships: fifty })).statusCode).toBe(
      201,
    );
  });
});
