import {
  CreateMemorialSchema,
  PostUpdateFieldsSchema,
  UpdateMemorialSchema,
  type MemorialDetail,
} from '@rips/shared/memorials';
import { describe, expect, it } from 'vitest';
import { schemaKeys } from '@/lib/schema-form-data';
import { asFormText, sampleValues } from '@/lib/test-schema-values';
import {
  memorialFormData,
  MemorialFormSchema,
  memorialFormValues,
  memorialUpdateFormData,
  postUpdateFormData,
  PostUpdateFormSchema,
} from './memorial-form';

/*
 * The memorial forms send every field the shared schemas name (decision 0096): the fields come
 * from the schemas' keys, and so do these tests', so a field added there is checked here too.
 */

const picture = new File(['x'], 'ada.png', { type: 'image/png' });

/** Every field of `keys` is in `body`, as the parsed value `input` holds. */
function expectEvery(body: FormData, keys: string[], input: Record<string, unknown>) {
  expect(keys.length).toBeGreaterThan(1);
  for (const key of keys) {
    expect(input[key], `the sample has no ${key}`).not.toBeUndefined();
    expect(body.get(key), key).toBe(asFormText(input[key]));
  }
  expect(body.get('postImg')).toBeInstanceOf(File);
}

describe('the memorial forms’ bodies', () => {
  it('Add a Rip sends every field of the shared create schema, and the picture', () => {
    const input = MemorialFormSchema.parse({
      ...sampleValues(CreateMemorialSchema),
      image: picture,
    });
    const body = memorialFormData(input);
    expectEvery(body, schemaKeys(CreateMemorialSchema), input);
  });

  it('Edit Rip starts from every field of the update schema and sends each back', () => {
    const memorial = sampleValues(UpdateMemorialSchema) as unknown as MemorialDetail;
    const values = memorialFormValues(memorial);
    const keys = schemaKeys(UpdateMemorialSchema);
    for (const key of keys) expect(values[key], key).toBe(memorial[key]);
    const input = MemorialFormSchema.parse({ ...values, image: picture });
    const body = memorialFormData(input);
    const update = memorialUpdateFormData(input);
    expectEvery(update, keys, input);
    // Only what the update call takes: the create form's other fields are not sent.
    expect([...update.keys()].sort()).toEqual([...keys, 'postImg'].sort());
    expect([...body.keys()].length).toBeGreaterThan([...update.keys()].length);
  });

  it('sends no picture when none was chosen (editing keeps the current one)', () => {
    const input = MemorialFormSchema.parse({ ...sampleValues(CreateMemorialSchema), image: null });
    expect(memorialUpdateFormData(input).has('postImg')).toBe(false);
  });

  it('the profile’s update forms send every field of their shared schema', () => {
    const input = PostUpdateFormSchema.parse({
      ...sampleValues(PostUpdateFieldsSchema),
      image: picture,
    });
    expectEvery(postUpdateFormData(input), schemaKeys(PostUpdateFieldsSchema), input);
  });
});
