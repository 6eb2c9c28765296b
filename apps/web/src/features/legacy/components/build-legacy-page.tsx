import {
  Anchor,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  LEGACY_MIN_YEAR,
  LEGACY_SECTION_MAX_ENTRIES,
  SaveLegacySchema,
  type SaveLegacy,
} from '@rips/shared/legacy';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { focusFirstInvalid } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { legacyKeys, saveLegacy, useOwnLegacy } from '../api/legacy.api';
import {
  formFromLegacy,
  newEntry,
  SECTIONS,
  truncateYear,
  type Entry,
  type EntryField,
  type LegacyForm,
  type SectionDef,
} from '../lib/legacy-sections';

export const REQUIRED_FIELDS_MISSING = 'Please fill out all required fields!';
export const sectionIncomplete = (title: string) => `Please fill out all fields in ${title}!`;
export const LEGACY_SAVED = 'Data submitted successfully!';
export const LEGACY_SAVE_FAILED = 'Error submitting data. Please try again.';

type Errors = Record<string, string>;

function toPayload(form: LegacyForm): SaveLegacy {
  const strip = (entries: Entry[]) => entries.map(({ id: _id, ...fields }) => fields);
  return {
    birthPlace: form.birthPlace,
    description: form.description,
    accomplishments: strip(form.sections.accomplishments) as SaveLegacy['accomplishments'],
    assets: strip(form.sections.assets) as SaveLegacy['assets'],
    relationships: strip(form.sections.relationships) as SaveLegacy['relationships'],
    bucketlists: strip(form.sections.bucketlists) as SaveLegacy['bucketlists'],
    aspirations: strip(form.sections.aspirations) as SaveLegacy['aspirations'],
  };
}

/** Spec section 5, in its order: required fields, then each section's entries, then the limits. */
function validate(
  form: LegacyForm,
  userId: string | undefined,
): { message: string; errors: Errors } | null {
  const errors: Errors = {};
  if (!form.birthPlace.trim()) errors['birthPlace'] = 'Birth place is required.';
  if (!form.description.trim()) errors['description'] = 'Description is required.';
  if (!userId || Object.keys(errors).length) return { message: REQUIRED_FIELDS_MISSING, errors };
  for (const section of SECTIONS) {
    form.sections[section.key].forEach((entry, index) => {
      for (const field of section.fields) {
        if (!entry[field.key]?.trim())
          errors[`${section.key}.${index}.${field.key}`] = `${field.label} is required.`;
      }
    });
    if (Object.keys(errors).length) return { message: sectionIncomplete(section.title), errors };
  }
  const parsed = SaveLegacySchema.safeParse(toPayload(form));
  if (parsed.success) return null;
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { message: parsed.error.issues[0]?.message ?? LEGACY_SAVE_FAILED, errors };
}

export default function BuildLegacyPage() {
  useDocumentTitle('Build your legacy');
  const { user } = useSession();
  const legacy = useOwnLegacy(user?._id);
  if (!user) return <Navigate to={paths.login.href()} replace />;
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xs" mb="xl">
        <Title order={1}>Build Your Legacy</Title>
        <Text c="dimmed">
          Write down what you have done, what you hold and who you love, in your own words. Only you
          can see your legacy. Fields marked with an asterisk are required; each entry you add needs
          every field filled in.
        </Text>
      </Stack>
      {legacy.isPending ? (
        <Center py="xl" role="status">
          <Loader aria-hidden="true" />
          <span className="visually-hidden">Loading your legacy…</span>
        </Center>
      ) : legacy.isError ? (
        <Paper withBorder p="lg" radius="lg" role="alert">
          <Text>We could not load your legacy. Please refresh the page to try again.</Text>
        </Paper>
      ) : (
        <LegacyEditor initial={formFromLegacy(legacy.data)} userId={user._id} />
      )}
    </Container>
  );
}

function LegacyEditor({ initial, userId }: { initial: LegacyForm; userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<LegacyForm>(initial);
  const [errors, setErrors] = useState<Errors>({});

  const mutation = useMutation({
    mutationFn: () => saveLegacy(toPayload(form)),
    onSuccess: (saved) => {
      queryClient.setQueryData(legacyKeys.own(userId), saved);
      notify.success(LEGACY_SAVED);
      void navigate(paths.home.href());
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])));
        requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      }
      notify.error(LEGACY_SAVE_FAILED);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validate(form, userId);
    setErrors(problem?.errors ?? {});
    if (problem) {
      notify.error(problem.message);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate();
  }

  const clearError = (key: string) => setErrors((e) => (e[key] ? { ...e, [key]: '' } : e));

  function setEntry(section: SectionDef, index: number, field: EntryField, value: string) {
    setForm((f) => {
      const entries = f.sections[section.key].map((entry, i) =>
        i === index
          ? { ...entry, [field.key]: field.kind === 'year' ? truncateYear(value) : value }
          : entry,
      );
      return { ...f, sections: { ...f.sections, [section.key]: entries } };
    });
    clearError(`${section.key}.${index}.${field.key}`);
  }

  function addEntry(section: SectionDef) {
    setForm((f) => ({
      ...f,
      sections: { ...f.sections, [section.key]: [...f.sections[section.key], newEntry(section)] },
    }));
  }

  function removeEntry(section: SectionDef, index: number) {
    setForm((f) => ({
      ...f,
      sections: {
        ...f.sections,
        [section.key]: f.sections[section.key].filter((_, i) => i !== index),
      },
    }));
    // Entries after the removed one move up: their error keys no longer match.
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([key]) => !key.startsWith(`${section.key}.`))),
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="xl">
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          component="section"
          aria-labelledby="personal-details"
        >
          <Title order={2} id="personal-details" mb="md">
            Personal details
          </Title>
          <Stack gap="md">
            <TextInput
              label="Birth Place"
              name="birthPlace"
              required
              placeholder="Savannah, Georgia"
              value={form.birthPlace}
              error={errors['birthPlace'] || undefined}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setForm((f) => ({ ...f, birthPlace: value }));
                clearError('birthPlace');
              }}
            />
            <Textarea
              label="Description"
              name="description"
              required
              autosize
              minRows={4}
              placeholder="A few words about your life and what you want remembered"
              value={form.description}
              error={errors['description'] || undefined}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setForm((f) => ({ ...f, description: value }));
                clearError('description');
              }}
            />
          </Stack>
        </Paper>

        {SECTIONS.map((section) => (
          <Paper
            key={section.key}
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'xl' }}
            component="section"
            aria-labelledby={`section-${section.key}`}
          >
            <Title order={2} id={`section-${section.key}`}>
              {section.title}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {section.intro}
            </Text>
            <Stack gap="md">
              {form.sections[section.key].length === 0 ? (
                <Text c="dimmed" fs="italic">
                  {section.empty}
                </Text>
              ) : null}
              {form.sections[section.key].map((entry, index) => (
                <fieldset
                  key={entry.id}
                  style={{
                    border: '1px solid var(--mantine-color-gray-3)',
                    borderRadius: 10,
                    padding: '12px 16px 16px',
                    margin: 0,
                    minWidth: 0,
                  }}
                >
                  <legend style={{ padding: '0 6px', fontWeight: 600 }}>
                    {`${section.singular[0]!.toUpperCase()}${section.singular.slice(1)} ${index + 1}`}
                  </legend>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    {section.fields.map((field) => (
                      <EntryInput
                        key={field.key}
                        field={field}
                        value={entry[field.key] ?? ''}
                        error={errors[`${section.key}.${index}.${field.key}`] || undefined}
                        onChange={(value) => setEntry(section, index, field, value)}
                      />
                    ))}
                  </SimpleGrid>
                  <Group justify="flex-end" mt="sm">
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => removeEntry(section, index)}
                      aria-label={`Remove ${section.singular} ${index + 1}`}
                    >
                      Remove
                    </Button>
                  </Group>
                </fieldset>
              ))}
              <Group>
                <Button
                  variant="light"
                  onClick={() => addEntry(section)}
                  disabled={form.sections[section.key].length >= LEGACY_SECTION_MAX_ENTRIES}
                >
                  {`Add ${section.singular}`}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}

        <Group justify="space-between" gap="md">
          <Anchor component={Link} to={paths.lifeLegacy.href()}>
            Back to your legacy
          </Anchor>
          <Button type="submit" size="md" loading={mutation.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EntryInput({
  field,
  value,
  error,
  onChange,
}: {
  field: EntryField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const common = {
    label: field.label,
    required: true,
    value,
    error,
    placeholder: field.placeholder,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
  };
  if (field.kind === 'long') return <Textarea autosize minRows={2} {...common} />;
  if (field.kind === 'year') {
    const max = new Date().getFullYear();
    return (
      <TextInput
        {...common}
        type="number"
        inputMode="numeric"
        min={LEGACY_MIN_YEAR}
        max={max}
        step={1}
        description={`${LEGACY_MIN_YEAR} to ${max}`}
      />
    );
  }
  return <TextInput {...common} />;
}
