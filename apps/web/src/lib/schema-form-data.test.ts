import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaFormData, schemaKeys } from './schema-form-data';

const Schema = z.object({
  title: z.string(),
  date: z.string().nullable().optional(),
  indexable: z.boolean(),
  count: z.number(),
});

describe('schemaFormData', () => {
  it('sends each field of the schema as text, in its order', () => {
    const body = schemaFormData(Schema, {
      title: 'Ada',
      date: '1998-07-14',
      indexable: false,
      count: 3,
    });
    expect([...body.entries()]).toEqual([
      ['title', 'Ada'],
      ['date', '1998-07-14'],
      ['indexable', 'false'],
      ['count', '3'],
    ]);
    expect(schemaKeys(Schema)).toEqual(['title', 'date', 'indexable', 'count']);
  });

  it('sends null empty, leaves undefined out, and drops names the schema does not have', () => {
    const values = { title: '', date: null, indexable: true, count: 0, image: 'not a field' };
    const body = schemaFormData(Schema, values);
    expect([...body.entries()]).toEqual([
      ['title', ''],
      ['date', ''],
      ['indexable', 'true'],
      ['count', '0'],
    ]);
    const without = schemaFormData(Schema, {
      title: 'Ada',
      date: undefined,
      indexable: true,
      count: 1,
    });
    expect(without.has('date')).toBe(false);
  });

  it('leaves empty text and null out too when told to', () => {
    const body = schemaFormData(
      Schema,
      { title: '', date: null, indexable: false, count: 0 },
      { omitEmpty: true },
    );
    expect([...body.keys()]).toEqual(['indexable', 'count']);
  });

  it('puts the files beside the fields under their own names, and skips those not chosen', () => {
    const file = new File(['x'], 'ada.png', { type: 'image/png' });
    const body = schemaFormData(
      Schema,
      { title: 'Ada', indexable: true, count: 1 },
      { files: { postImg: file, other: null } },
    );
    expect(body.get('postImg')).toBeInstanceOf(File);
    expect((body.get('postImg') as File).name).toBe('ada.png');
    expect(body.has('other')).toBe(false);
  });
});
