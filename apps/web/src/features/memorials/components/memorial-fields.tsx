import { SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { MEMORIAL_LIMITS, memorialDateErrors } from '@rips/shared/memorials';
import { DatePartsField } from '@/components/date-parts-field';
import { DraftNotice } from '@/components/draft-notice';
import { FileField, IMAGE_ACCEPT } from '@/components/file-field';
import { lengthHint } from '@/components/length-hint';
import { useObjectUrl } from '@/lib/use-object-url';
import type { ZodForm } from '@/lib/use-zod-form';
import type { MemorialFormSchema } from '../lib/memorial-form';
import { lifeSpan } from '../lib/format';
import { PosterLineField } from './poster-line-field';
import classes from './memorials.module.css';
import { countText } from '@/lib/count-text';

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
  const date = (field: 'dateOfBirth' | 'deathDate', label: string) => {
    const { value, onChange, onBlur, error } = form.getInputProps(field);
    return (
      <DatePartsField
        label={label}
        value={value as string | null}
        onChange={(next) => {
          onChange(next);
          // Both dates are checked together: a changed birth date may settle the death date.
          if (form.errors.dateOfBirth || form.errors.deathDate) {
            form.clearFieldError('dateOfBirth');
            form.clearFieldError('deathDate');
          }
        }}
        onBlur={() => {
          onBlur?.();
          const values = form.getValues();
          if (values.dateOfBirth || values.deathDate) form.validateField(field);
        }}
        error={error as string | undefined}
        near={field === 'deathDate' ? form.values.dateOfBirth : form.values.deathDate}
        maxDate={max}
      />
    );
  };
  // The life span the memorial will show, once the dates are real days that follow the rules.
  const { dateOfBirth, deathDate } = form.values;
  const span =
    memorialDateErrors(dateOfBirth, deathDate).length === 0
      ? lifeSpan(dateOfBirth, deathDate)
      : null;
  return (
    <Stack gap="md">
      <DraftNotice form={form} />
      <TextInput
        label={variant === 'edit' ? 'Rip Name' : 'Title'}
        description={lengthHint(
          form.values.title,
          MEMORIAL_LIMITS.title,
          variant === 'create' ? 'The name of the person you are remembering' : undefined,
        )}
        required
        {...form.getInputProps('title')}
      />
      {date('dateOfBirth', 'Date of Birth')}
      {date('deathDate', 'Death Date')}
      {span ? (
        <Text size="sm" c="dimmed" data-life-span aria-live="polite">
          Will be shown as: <strong>{span}</strong>
        </Text>
      ) : null}
      <TextInput
        label="Birth Place"
        description={lengthHint(form.values.birthPlace, MEMORIAL_LIMITS.place)}
        {...form.getInputProps('birthPlace')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="Burial"
          description={lengthHint(form.values.burial, MEMORIAL_LIMITS.place)}
          {...form.getInputProps('burial')}
        />
        <TextInput
          label="Plot"
          description={lengthHint(form.values.plot, MEMORIAL_LIMITS.place)}
          {...form.getInputProps('plot')}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        description={lengthHint(
          form.values.description,
          MEMORIAL_LIMITS.description,
          `Their life story, up to ${countText(MEMORIAL_LIMITS.description)} characters.`,
        )}
        rows={4}
        autosize={false}
        {...form.getInputProps('description')}
      />
      <TextInput
        label="Traits"
        description={lengthHint(form.values.traits, MEMORIAL_LIMITS.traits, 'separate with spaces')}
        placeholder="kind gardener storyteller"
        {...form.getInputProps('traits')}
      />
      <PosterLineField form={form} />
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
