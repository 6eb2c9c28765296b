import '@mantine/dates/styles.css';
import { FileInput, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { EARLIEST_DATE, MEMORIAL_LIMITS } from '@rips/shared/memorials';
import type { FormErrors } from '@/lib/form-errors';
import classes from './memorials.module.css';

export interface MemorialFormValues {
  title: string;
  description: string;
  birthPlace: string;
  burial: string;
  plot: string;
  dateOfBirth: string | null;
  deathDate: string | null;
  traits: string;
  image: File | null;
}

export type MemorialField = keyof MemorialFormValues;
export const MEMORIAL_FIELDS: MemorialField[] = [
  'title',
  'description',
  'birthPlace',
  'burial',
  'plot',
  'dateOfBirth',
  'deathDate',
  'traits',
  'image',
];

export const EMPTY_MEMORIAL: MemorialFormValues = {
  title: '',
  description: '',
  birthPlace: '',
  burial: '',
  plot: '',
  dateOfBirth: null,
  deathDate: null,
  traits: '',
  image: null,
};

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** The multipart body of create and update; the server maps `image` to the spec's `postImg`. */
export function toFormData(values: MemorialFormValues): FormData {
  const form = new FormData();
  form.set('title', values.title.trim());
  form.set('description', values.description.trim());
  form.set('birthPlace', values.birthPlace.trim());
  form.set('burial', values.burial.trim());
  form.set('plot', values.plot.trim());
  form.set('dateOfBirth', values.dateOfBirth ?? '');
  form.set('deathDate', values.deathDate ?? '');
  form.set('traits', values.traits.trim());
  if (values.image) form.set('postImg', values.image, values.image.name);
  return form;
}

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

interface MemorialFieldsProps {
  values: MemorialFormValues;
  errors: FormErrors<MemorialField>;
  onChange: <K extends MemorialField>(field: K, value: MemorialFormValues[K]) => void;
  /** The edit modal speaks of the "Rip Name" and "Rip Image"; the create form of a title and image. */
  variant: 'create' | 'edit';
  /** Shown beside the picker when no new picture is chosen (editing keeps the current one). */
  currentImageNote?: string;
}

/** Every field of a memorial, shared by the add-memorial form and the Edit Rip modal. */
export function MemorialFields({
  values,
  errors,
  onChange,
  variant,
  currentImageNote,
}: MemorialFieldsProps) {
  const preview = usePreview(values.image);
  const max = today();
  return (
    <Stack gap="md">
      <TextInput
        label={variant === 'edit' ? 'Rip Name' : 'Title'}
        description={
          variant === 'create' ? 'The name of the person you are remembering' : undefined
        }
        required
        maxLength={MEMORIAL_LIMITS.title}
        value={values.title}
        error={errors.title}
        onChange={(e) => onChange('title', e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DateInput
          label="Date of Birth"
          placeholder="Choose a date"
          valueFormat="MMMM D, YYYY"
          clearable
          minDate={EARLIEST_DATE}
          maxDate={max}
          value={values.dateOfBirth}
          error={errors.dateOfBirth}
          onChange={(value) => onChange('dateOfBirth', value)}
          clearButtonProps={{ 'aria-label': 'Clear date of birth' }}
        />
        <DateInput
          label="Death Date"
          placeholder="Choose a date"
          valueFormat="MMMM D, YYYY"
          clearable
          minDate={values.dateOfBirth ?? EARLIEST_DATE}
          maxDate={max}
          value={values.deathDate}
          error={errors.deathDate}
          onChange={(value) => onChange('deathDate', value)}
          clearButtonProps={{ 'aria-label': 'Clear death date' }}
        />
      </SimpleGrid>
      <TextInput
        label="Birth Place"
        maxLength={MEMORIAL_LIMITS.place}
        value={values.birthPlace}
        error={errors.birthPlace}
        onChange={(e) => onChange('birthPlace', e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="Burial"
          maxLength={MEMORIAL_LIMITS.place}
          value={values.burial}
          error={errors.burial}
          onChange={(e) => onChange('burial', e.currentTarget.value)}
        />
        <TextInput
          label="Plot"
          maxLength={MEMORIAL_LIMITS.place}
          value={values.plot}
          error={errors.plot}
          onChange={(e) => onChange('plot', e.currentTarget.value)}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        rows={4}
        autosize={false}
        maxLength={MEMORIAL_LIMITS.description}
        value={values.description}
        error={errors.description}
        onChange={(e) => onChange('description', e.currentTarget.value)}
      />
      <TextInput
        label="Traits"
        description="separate with spaces"
        placeholder="kind gardener storyteller"
        maxLength={MEMORIAL_LIMITS.traits}
        value={values.traits}
        error={errors.traits}
        onChange={(e) => onChange('traits', e.currentTarget.value)}
      />
      <FileInput
        label={variant === 'edit' ? 'Rip Image' : 'Image'}
        description={currentImageNote ?? 'JPEG, PNG, WebP, GIF or AVIF'}
        placeholder="Choose a picture"
        // The theme's placeholder grey is for real inputs; this one is button text and must read at 4.5:1.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-6)' } }}
        accept={IMAGE_ACCEPT}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove chosen picture' }}
        value={values.image}
        error={errors.image}
        onChange={(file) => onChange('image', file)}
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

/** An object URL for the chosen file, released when it changes or the form goes away. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
