import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okData, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import { unzipPayload } from '../../../test/archives.js';
import { createMemorialRow, type TestUser } from '../../../test/factories.js';
import { createArchiveCast, importArchive } from '../../../test/imports.js';

let source: TestApp;
let target: TestApp;
let owner: TestUser;
let importer: TestUser;

beforeAll(async () => {
  ({ source, target, owner, importer } = await createArchiveCast());
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

const MOMENTS = [
  { year: 1931, month: 3, day: 2, title: 'Born', place: 'Cork', text: 'A snowy morning.' },
  { year: 1950, title: 'Left for London' },
  { year: 1962, month: 6, title: 'Opened the bakery', place: 'Camden' },
];
const CHARITIES = [
  {
    name: 'Marie Curie',
    url: 'https://www.mariecurie.org.uk/donate',
    registeredNumber: '207994',
    reason: 'Her nurses sat with her at night.',
  },
  { name: 'Age UK', url: 'https://www.ageuk.org.uk/donate', registeredNumber: '', reason: '' },
];

describe(`the timeline and charities in a memorial's archive (${TEST_ENGINE})`, () => {
  it('travel out in memorial.json and the offline page, and back in on import', async () => {
    const memorial = await createMemorialRow(source.app, owner, { title: 'Nora Byrne' });
    for (const moment of MOMENTS) {
      await okData(source.app, {
        method: 'POST',
        url: '/api/v1/timeline',
        headers: owner.auth,
        payload: { postId: memorial.id, ...moment },
      });
    }
    await okData(source.app, {
      method: 'PUT',
      url: `/api/v1/posts/${memorial.id}/charities`,
      headers: owner.auth,
      payload: { charities: CHARITIES },
    });
    const res = await source.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${memorial.id}/export`,
      headers: owner.auth,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const files = await unzipPayload(res.rawPayload);
    const json = JSON.parse(files.get('memorial.json')!.toString('utf8'));
    expect(json.memorial.charities).toEqual(CHARITIES);
    expect(json.memorial.timeline.map((m: { title: string }) => m.title)).toEqual([
      'Born',
      'Left for London',
      'Opened the bakery',
    ]);
    const html = files.get('index.html')!.toString('utf8');
    expect(html).toContain('<time datetime="1931-03-02">March 2, 1931</time>');
    expect(html).toContain('<time datetime="1950">1950</time>');
    expect(html).toContain('<time datetime="1962-06">June 1962</time>');
    expect(html).toContain('In lieu of flowers');
    expect(html).toContain(
      '<a href="https://www.mariecurie.org.uk/donate" rel="noopener noreferrer">Marie Curie</a>',
    );
    expect(html).toContain(
      'Gifts go straight to the charity; nothing passes through Rips Memorial.',
    );

    const { job } = await importArchive(target.app, res.rawPayload, importer);
    expect(job).toMatchObject({ state: 'done', reason: null });
    const id = job!.memorialId!;
    const read = async (app: TestApp['app'], url: string, user: TestUser) =>
      (await okData(app, { method: 'GET', url, headers: user.auth })) as Record<string, unknown>[];
    const strip = (list: Record<string, unknown>[]) =>
      list.map(({ _id: _, postId: __, ...rest }) => rest);
    expect(strip(await read(target.app, `/api/v1/timeline/post/${id}`, importer))).toEqual(
      strip(await read(source.app, `/api/v1/timeline/post/${memorial.id}`, owner)),
    );
    expect(await read(target.app, `/api/v1/charities/post/${id}`, importer)).toEqual(CHARITIES);
  });
});
