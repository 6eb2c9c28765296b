import { FileInput, Stack, TextInput, Textarea } from '@mantine/core';
import { MEMORIAL_LIMITS } from '@rips/shared/memorials';

export interface PostUpdateValues {
  title: string;
  description: string;
  image: File | null;
}

export type PostUpdateField = keyof PostUpdateValues;

export const TITLE_REQUIRED_TEXT = 'Please enter a title.';
export const DESCRIPTION_REQUIRED_TEXT = 'Please enter a description.';

/** The spec's rule for both update forms: title and description are required. */
export function validatePostUpdate(
  values: PostUpdateValues,
): Partial<Record<PostUpdateField, string>> {
  return {
    title: values.title.trim() ? undefined : TITLE_REQUIRED_TEXT,
    description: values.description.trim() ? undefined : DESCRIPTION_REQUIRED_TEXT,
  };
}

export function toUpdateFormData(values: PostUpdateValues): FormData {
  const form = new FormData();
  form.set('title', values.title.trim());
  form.set('description', values.description.trim());
  if (values.image) form.set('postImg', values.image, values.image.name);
  return form;
}

interface Props {
  postId: string;
  values: PostUpdateValues;
  errors: Partial<Record<PostUpdateField, string>>;
  onChange: <K extends PostUpdateField>(field: K, value: PostUpdateValues[K]) => void;
}

export function PostUpdateFields({ postId, values, errors, onChange }: Props) {
  return (
    <Stack gap="sm">
      <TextInput label="Post ID" value={postId} readOnly />
      <TextInput
        label="Title"
        required
        maxLength={MEMORIAL_LIMITS.title}
        value={values.title}
        error={errors.title}
        onChange={(e) => onChange('title', e.currentTarget.value)}
      />
      <Textarea
        label="Description"
        required
        rows={4}
        maxLength={MEMORIAL_LIMITS.description}
        value={values.description}
        error={errors.description}
        onChange={(e) => onChange('description', e.currentTarget.value)}
      />
      <FileInput
        label="Image"
        description="Leave empty to keep the current picture"
        placeholder="Choose a picture"
        // The theme's placeholder grey is for real inputs; this one is button text and must read at 4.5:1.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-6)' } }}
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        clearable
        clearButtonProps={{ 'aria-label': 'Remove chosen picture' }}
        value={values.image}
        error={errors.image}
        onChange={(file) => onChange('image', file)}
      />
    </Stack>
  );
}
