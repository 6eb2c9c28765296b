// Search without accents or case, both ways, and the names offered when a search finds nothing
// (decision 0102): only names of memorials the searcher may see, only when nothing was found.
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE, useTestApp } from '../../../test/app.js';
import { createMemorialRequest, createUser, type TestUser } from '../../../test/factories.js';

const t = useTestApp();
let sponsor: TestUser;
let outsider: TestUser;

async function memorial(title: string, fields: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject(
    await createMemorialRequest(sponsor.auth, {
      owner: 'ignored',
      title,
      description: 'Remembered with love.',
      traits: 'kind',
      ...fields,
    }),
  );
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}

async function search(q: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/posts?${new URLSearchParams({ q, limit: '12' })}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: { title: string }[]; suggestions?: string[] };
  return { titles: body.data.map((m) => m.title).sort(), suggestions: body.suggestions };
}

beforeAll(async () => {
  sponsor = await createUser(t.app, { role: 'sponsor' });
  outsider = await createUser(t.app, { role: 'visitor' });
  await memorial('Rosa María Delgado');
  await memorial('Rosa Maria Xiberta');
  await memorial('José Ortega', { description: 'Un maestro de Sevilla.' });
  await memorial('Eleanor Whitmore');
  await memorial('Agnès Quillon', { traits: 'ÉCLAIR' });
  await memorial('Bartholomew Zanzibarovich', { visibility: 'private' });
});

describe(`search ignores accents and case (${TEST_ENGINE})`, () => {
  it('finds accented names typed without accents, and plain names typed with them', async () => {
    expect((await search('Rosa Maria')).titles).toEqual([
      'Rosa Maria Xiberta',
      'Rosa María Delgado',
    ]);
    expect((await search('rosa maria delgado')).titles).toEqual(['Rosa María Delgado']);
    expect((await search('rosa maría')).titles).toEqual([
      'Rosa Maria Xiberta',
      'Rosa María Delgado',
    ]);
    expect((await search('maría xiberta')).titles).toEqual(['Rosa Maria Xiberta']);
    expect((await search('Jose')).titles).toEqual(['José Ortega']);
  });

  it('ignores letter case on both sides, in titles, descriptions and tags', async () => {
    expect((await search('JOSÉ ORTEGA')).titles).toEqual(['José Ortega']);
    expect((await search('SEVILLA')).titles).toEqual(['José Ortega']);
    expect((await search('eclair agnes')).titles).toEqual(['Agnès Quillon']);
    // Short words (below the vocabulary's three letters) are tested as text, folded the same way.
    expect((await search('Agnès qu')).titles).toEqual(['Agnès Quillon']);
  });
});

describe(`suggestions when a search finds nothing (${TEST_ENGINE})`, () => {
  it('offers the nearest visible name for a misspelt one', async () => {
    const answer = await search('Eleanour');
    expect(answer.titles).toEqual([]);
    expect(answer.suggestions).toEqual(['Eleanor Whitmore']);
    expect((await search('eleanour whitmor')).suggestions).toEqual(['Eleanor Whitmore']);
  });

  it('matches suggestions without accents too', async () => {
    expect((await search('Rosa Marya Delgadoo')).suggestions?.[0]).toBe('Rosa María Delgado');
  });

  it('never offers a memorial the searcher may not see', async () => {
    // The private memorial's name is the only near one: its owner is offered it, nobody else.
    expect((await search('Zanzibarovitch')).suggestions).toEqual([]);
    expect((await search('Zanzibarovitch', outsider.auth)).suggestions).toEqual([]);
    expect((await search('Zanzibarovitch', sponsor.auth)).suggestions).toEqual([
      'Bartholomew Zanzibarovich',
    ]);
  });

  it('offers nothing when the search found something, or is shorter than three letters', async () => {
    const found = await search('Eleanor');
    expect(found.titles).toEqual(['Eleanor Whitmore']);
    expect(found.suggestions).toBeUndefined();
    expect((await search('qz')).suggestions).toEqual([]);
    expect((await search('zzzzqqqq')).suggestions).toEqual([]);
  });
});
