import '@mantine/dates/styles.css';
import { SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { EARLIEST_DATE, MEMORIAL_LIMITS } from '@rips/shared/memorials';
import { FileField, IMAGE_ACCEPT } from '@/components/file-field';
import { useObjectUrl } from '@/lib/use-object-url';
import type { ZodForm } from '@/lib/use-zod-form';
import type { MemorialFormSchema } from '../lib/memorial-form';
import classes from './memorials.module.css';

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

interface MemorialFieldsProps {
  form: ZodForm<typeof MemorialFormSchema>;
  /** The edit modal speaks of the "Rip Name" and "Rip Image"; the create form of a title and image. */
  variant: 'create' | 'edit';
  /** Shown beside the picker when no new picture is chosen (editing keeps the current one). */
  currentImageNote?: string;
}

/** Every field of a memorial, shared by the add-memorial form and the Edit Rip modal. */
export function MemorialFields({ form, variant, currentImageNote }: MemorialFieldsProps) {
  const preview = useObjectUrl(form.values.image);
  const max = today();
  const date = (field: 'dateOfBirth' | 'deathDate', label: string, clear: string) => (
    <DateInput
      label={label}
      placeholder="Choose a date"
      valueFormat="MMMM D, YYYY"
      clearable
      minDate={field === 'deathDate' ? (form.values.dateOfBirth ?? EARLIEST_DATE) : EARLIEST_DATE}
      maxDate={max}
      clearButtonProps={{ 'aria-label': clear }}
      {...form.getInputProps(field)}
    />
  );
  return (
    <Stack gap="md">
      <TextInput
        label={variant === 'edit' ? 'Rip Name' : 'Title'}
        description={
          variant === 'create' ? 'The name of the person you are remembering' : undefined
        }
        required
        maxLength={MEMORIAL_LIMITS.title}
        {...form.getInputProps('title')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {date('dateOfBirth', 'Date of Birth', 'Clear date of birth')}
        {date('deathDate', 'Death Date', 'Clear death date')}
      </SimpleGrid>
      <TextInput
        label="Birth Place"
        maxLength={MEMORIAL_LIMITS.place}
        {...form.getInputProps('birthPlace')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="Burial"
          maxLength={MEMORIAL_LIMITS.place}
          {...form.getInputProps('burial')}
        />
        <TextInput label="Plot" maxLength={MEMORIAL_LIMITS.place} {...form.getInputProps('plot')} />
      </SimpleGrid>
      <Textarea
        label="Description"
        rows={4}
        autosize={false}
        maxLength={MEMORIAL_LIMITS.description}
        {...form.getInputProps('description')}
      />
      <TextInput
        label="Traits"
        description="separate with spaces"
        placeholder="kind gardener storyteller"
        maxLength={MEMORIAL_LIMITS.traits}
        {...form.getInputProps('traits')}
      />
      <FileField
        label={variant === 'edit' ? 'Rip Image' : 'Image'}
        description={currentImageNote ?? 'JPEG, PNG, WebP, GIF or AVIF'}
        placeholder="Choose a picture"
        accept={IMAGE_ACCEPT}
        clearLabel="Remove chosen picture"
        {...form.getInputProps('image')}
      />
      {preview ? (
        <div>
          <Text size="sm" c="dimmed" mb={6}>
            Preview
          </Text>
          <img src={preview} alt="Preview of the chosen picture" className={classes.preview} />
        </div>
      ) : null}
    </Stack>
  );
}
