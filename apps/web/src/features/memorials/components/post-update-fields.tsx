import { Stack, TextInput, Textarea } from '@mantine/core';
import { MEMORIAL_LIMITS } from '@rips/shared/memorials';
import { FileField, IMAGE_ACCEPT } from '@/components/file-field';
import { lengthHint } from '@/components/length-hint';
import type { ZodForm } from '@/lib/use-zod-form';
import type { PostUpdateFormSchema } from '../lib/memorial-form';
import { countText } from '@/lib/count-text';

/** The fields of both profile update forms: post id, title, description and image. */
export function PostUpdateFields({
  postId,
  form,
}: {
  postId: string;
  form: ZodForm<typeof PostUpdateFormSchema>;
}) {
  return (
    <Stack gap="sm">
      <TextInput label="Post ID" value={postId} readOnly />
      <TextInput
        label="Title"
        required
        description={lengthHint(form.values.title, MEMORIAL_LIMITS.title)}
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Description"
        required
        rows={4}
        description={lengthHint(
          form.values.description,
          MEMORIAL_LIMITS.description,
          `Up to ${countText(MEMORIAL_LIMITS.description)} characters.`,
        )}
        {...form.getInputProps('description')}
      />
      <FileField
        label="Image"
        description="Leave empty to keep the current picture"
        placeholder="Choose a picture"
        accept={IMAGE_ACCEPT}
        clearLabel="Remove chosen picture"
        {...form.getInputProps('image')}
      />
    </Stack>
  );
}
