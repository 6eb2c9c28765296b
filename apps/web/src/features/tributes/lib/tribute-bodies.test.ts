import { GALLERY_FILE_FIELDS } from '@rips/shared/galleries';
import { KIND_SCHEMAS } from '@rips/shared/kind-schemas';
import { describe, expect, it } from 'vitest';
import { schemaKeys } from '@/lib/schema-form-data';
import { sampleValues } from '@/lib/test-schema-values';
import {
  flowerBody,
  galleryUploadBody,
  type GalleryUploadValues,
  type UploadKind,
} from './tribute-bodies';

/*
 * The bodies of the kinds with a file carry every field of the kind's shared create schema
 * (decision 0096), and only those: the keys come from the schemas here as in the forms.
 */

const file = new File(['x'], 'letter.pdf', { type: 'application/pdf' });
const UPLOAD_KINDS = Object.keys(GALLERY_FILE_FIELDS) as UploadKind[];

describe('a gallery upload’s body', () => {
  it.each(UPLOAD_KINDS)('%s sends every field of its create schema, and the file', (kind) => {
    const schema = KIND_SCHEMAS[kind].create;
    const values = { ...sampleValues(schema), postId: 'm1' };
    const body = galleryUploadBody(kind, values as GalleryUploadValues, file);
    const keys = schemaKeys(schema);
    for (const key of keys) expect(body.get(key), key).toBe(values[key as keyof typeof values]);
    expect(body.get(GALLERY_FILE_FIELDS[kind])).toBeInstanceOf(File);
    expect([...body.keys()].sort()).toEqual([...keys, GALLERY_FILE_FIELDS[kind]].sort());
  });

  it.each(UPLOAD_KINDS)('%s leaves out what was not told, and the other kinds’ fields', (kind) => {
    const told = { postId: 'm1', name: undefined, caption: '', date: null, title: '' };
    const body = galleryUploadBody(kind, told, file);
    expect([...body.keys()]).toEqual(['postId', GALLERY_FILE_FIELDS[kind]]);
  });
});

describe('a flower’s body', () => {
  it('sends every field of its create schema with a bouquet', () => {
    const body = flowerBody('m1', 'red-roses', null);
    expect([...body.keys()]).toEqual(schemaKeys(KIND_SCHEMAS.flowers.create));
    expect(body.get('bouquet')).toBe('red-roses');
  });

  it('sends the picture instead of the bouquet when one was chosen', () => {
    const picture = new File(['x'], 'rose.png', { type: 'image/png' });
    const body = flowerBody('m1', 'red-roses', picture);
    expect([...body.keys()]).toEqual(['postId', 'flowerImg']);
  });
});
