// The memorial archive is a BagIt bag (RFC 8493), checked by a validator that is not ours:
// bagit-tools (npm), unzipped to a folder as an archivist would. It passes the exported bag and
// fails it once one byte of a payload file changes; this site's import refuses that bag too.
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '../../../test/archives.js';
import { okData, TEST_ENGINE } from '../../../test/app.js';
import { createMemorialRequest, type TestUser } from '../../../test/factories.js';
import { pngFile } from '../../../test/fixtures.js';
import { craftedZip } from '../../../test/hostile-corpus.js';
import { createArchiveCast, importArchive, type ArchiveCast } from '../../../test/imports.js';
import { createItemRequest, pictureFlowerRequest } from '../../../test/item-samples.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';

interface TapResult {
  type: string;
  ok: boolean;
  name: string;
}
type Verify = (
  dir: string,
  opts: { version: string; test: boolean },
  cb: (error: Error | null, valid: boolean, results: TapResult[]) => void,
) => void;
const fromHere = createRequire(import.meta.url);
const { verify } = fromHere('bagit-tools') as { verify: Verify };
// Its iconv-lite warns (on stderr) that it is given strings; the tests fail on any console.error.
(
  createRequire(fromHere.resolve('bagit-tools'))('iconv-lite') as { skipDecodeWarning: boolean }
).skipDecodeWarning = true;

/** bagit-tools' verdict on the bag in `dir`, with the name of every check that failed. */
function validate(dir: string): Promise<{ valid: boolean; failed: string[]; passed: string[] }> {
  return new Promise((resolve, reject) =>
    verify(dir, { version: '1.0', test: true }, (error, valid, results) => {
      if (error) return reject(error);
      const asserts = results.filter((r) => r.type === 'assert');
      resolve({
        valid,
        failed: asserts.filter((r) => !r.ok).map((r) => r.name),
        passed: asserts.filter((r) => r.ok).map((r) => r.name),
      });
    }),
  );
}

async function unpack(files: Map<string, Buffer>, dir: string): Promise<void> {
  for (const [name, data] of files) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), data);
  }
}

let cast: ArchiveCast;
let owner: TestUser;
let exported: Buffer;
let dir: string;

beforeAll(async () => {
  cast = await createArchiveCast();
  owner = cast.owner;
  const { _id: id } = await okData(
    cast.source.app,
    await createMemorialRequest(
      owner.auth,
      { title: 'Katherine Johnson', dateOfBirth: '1918-08-26' },
      await pngFile(1200, 800, '#7d9bb0'),
    ),
  );
  for (const kind of TRIBUTE_KINDS)
    await okData(cast.source.app, await createItemRequest(kind, id, owner.auth));
  await okData(cast.source.app, await pictureFlowerRequest(id, owner.auth));
  const res = await cast.source.app.inject({
    method: 'GET',
    url: `/api/v1/posts/${id}/export`,
    headers: owner.auth,
  });
  expect(res.statusCode).toBe(200);
  exported = res.rawPayload;
  dir = await mkdtemp(path.join(tmpdir(), 'rips-bag-'));
});
afterAll(async () => {
  await cast?.source.close();
  await cast?.target.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe(`the memorial archive as a BagIt bag, by an independent validator (${TEST_ENGINE})`, () => {
  it('is a valid bag: its declaration, every payload file in manifest-sha256.txt, and its tag manifest', async () => {
    const bag = path.join(dir, 'valid');
    await unpack(await unzip(exported), bag);
    const verdict = await validate(bag);
    expect(verdict.failed).toEqual([]);
    expect(verdict.valid).toBe(true);
    // The checks it ran: the declaration, both manifests' checksums, the payload complete.
    expect(verdict.passed).toEqual(
      expect.arrayContaining([
        'bagit version okay',
        'manifest-sha256.txt no verification errors',
        'entries match file count',
        'tagmanifest-sha256.txt no verification errors',
      ]),
    );
  });

  it('fails when one byte of a payload file changes, and this site refuses to import it', async () => {
    const files = await unzip(exported);
    const photo = [...files.keys()].find((n) => n.startsWith('data/media/photos/'))!;
    const changed = Buffer.from(files.get(photo)!);
    const middle = Math.floor(changed.length / 2);
    changed.writeUInt8(changed.readUInt8(middle) ^ 0x01, middle);
    files.set(photo, changed);
    const bag = path.join(dir, 'changed');
    await unpack(files, bag);
    expect((await readFile(path.join(bag, photo))).equals(changed)).toBe(true);
    const verdict = await validate(bag);
    expect(verdict.valid).toBe(false);
    expect(verdict.failed).toEqual(['manifest-sha256.txt no verification errors']);

    const zip = craftedZip([...files].map(([name, data]) => ({ name, data })));
    const { res, job } = await importArchive(cast.target.app, zip, cast.importer);
    expect(res.statusCode, res.body).toBe(202);
    expect(job).toMatchObject({ state: 'failed', memorialId: null });
    expect(job!.reason).toBe(
      `${photo} does not match its checksum in manifest-sha256.txt: the archive was changed or damaged.`,
    );
  });
});
