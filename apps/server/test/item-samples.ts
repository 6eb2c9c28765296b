import { KINDS, type KindPath, type TextKindPath } from '@rips/shared/kinds';
import type { InjectOptions } from 'fastify';
import type { TributeKind } from '../src/modules/tributes/tribute-kind.js';
import { pdfFile, pngFile } from './fixtures.js';
import { multipartRequest, type FilePart } from './multipart.js';

type Sample = (
  postId: string,
) => Promise<{ fields: Record<string, string>; files: Record<string, FilePart> }>;

/**
 * A valid create request for each kind of item, by its API path. The tests that run every kind
 * of the registry (the authorization table, memorial visibility, the registry's own test) read
 * these, so a new kind needs its sample here (a kind without one does not compile) and no other
 * change to them; a kind whose item is words alone (kinds.ts `text`) gets its sample from there.
 */
const SAMPLES: Record<Exclude<KindPath, TextKindPath>, Sample> = {
  flowers: async (postId) => ({ fields: { postId, bouquet: 'white-lilies' }, files: {} }),
  candles: async (postId) => ({ fields: { postId, message: 'Always remembered.' }, files: {} }),
  photos: async (postId) => ({
    fields: { postId, name: 'n' },
    files: { photoImg: await pngFile() },
  }),
  memorablias: async (postId) => ({
    fields: { postId, name: 'n' },
    files: { memorabliaImg: await pngFile() },
  }),
  documents: async (postId) => ({ fields: { postId }, files: { documentFile: pdfFile() } }),
};

/** A valid create request of a kind, by its path. */
function sampleOf(path: KindPath): Sample {
  const { text } = KINDS[path];
  if (text) return async (postId) => ({ fields: { postId, [text.field]: 'Peace.' }, files: {} });
  return SAMPLES[path as Exclude<KindPath, TextKindPath>];
}

/** The multipart request that leaves one item of `kind` on the memorial `postId`, as `auth`. */
export async function createItemRequest(
  kind: TributeKind,
  postId: string,
  auth: Record<string, string>,
): Promise<InjectOptions> {
  const { fields, files } = await sampleOf(kind.path)(postId);
  return multipartRequest('POST', `/api/v1/${kind.path}`, auth, fields, files);
}

let guestCounter = 0;

/**
 * A guest's create request of a kind guests may leave (kinds.ts `guests`): its sample's fields
 * with a name, a fresh address and a form opened ten seconds ago; `auth` may still sign it in.
 */
export async function guestItemRequest(
  kind: TributeKind,
  postId: string,
  auth: Record<string, string> = {},
): Promise<InjectOptions> {
  const { fields, files } = await sampleOf(kind.path)(postId);
  if (!KINDS[kind.path].guests || Object.keys(files).length > 0) {
    throw new Error(`${kind.path} is not a kind a guest leaves with words alone`);
  }
  return multipartRequest('POST', `/api/v1/${kind.path}`, auth, {
    ...fields,
    guestName: 'Guest Visitor',
    guestEmail: `guest${++guestCounter}.${Date.now()}@example.com`,
    startedAt: String(Date.now() - 10_000),
  });
}

/**
 * The request that uploads `file` as an item of `kind` on the memorial `postId`, under the file
 * field the registry names for the kind; without a file, the field is left out.
 */
export function uploadRequest(
  kind: TributeKind,
  postId: string,
  file: FilePart | null,
  auth: Record<string, string>,
  fields: Record<string, string> = {},
): InjectOptions {
  const files: Record<string, FilePart> = file && kind.file ? { [kind.file.field]: file } : {};
  return multipartRequest('POST', `/api/v1/${kind.path}`, auth, { postId, ...fields }, files);
}

/** A flower with an uploaded picture (the flowers' sample is a bouquet, which stores no file). */
export async function pictureFlowerRequest(
  postId: string,
  auth: Record<string, string>,
): Promise<InjectOptions> {
  return multipartRequest(
    'POST',
    '/api/v1/flowers',
    auth,
    { postId },
    { flowerImg: await pngFile() },
  );
}
