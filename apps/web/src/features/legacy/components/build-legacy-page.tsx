import { LoginFirst } from '@/lib/use-entry-links';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  LEGACY_MIN_YEAR,
  LEGACY_SECTION_MAX_ENTRIES,
  SaveLegacySchema,
  type SaveLegacyParsed,
} from '@rips/shared/legacy';
import { paths } from '@/config/paths';
import { DraftNotice } from '@/components/draft-notice';
import { isUnreachable, offlineText } from '@/lib/api-client';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useZodForm } from '@/lib/use-zod-form';
import { useSaveLegacy } from '../api/legacy.api';
import {
  incompleteSections,
  legacyFormValues,
  newEntry,
  SECTIONS,
  truncateYear,
  type EntryField,
  type LegacyFormValues,
} from '../lib/legacy-sections';
import { useOwnLegacyPage } from '../lib/use-own-legacy-page';
import { EntryReleaseField } from './entry-release-field';
import { LegacyQueryState } from './legacy-query-state';

export const REQUIRED_FIELDS_MISSING = 'Please fill out all required fields!';
export const sectionIncomplete = (title: string) => `Please fill out all fields in ${title}!`;
export const LEGACY_SAVED = 'Data submitted successfully!';
export const LEGACY_SAVE_FAILED = 'Error submitting data. Please try again.';

/**
 * The shared schema checks the form's values as they are: entries are text records, and the ids
 * that keep each entry's inputs in place are not part of the schema, so it drops them.
 */
const LegacyFormSchema = SaveLegacySchema as unknown as z.ZodType<
  SaveLegacyParsed,
  LegacyFormValues
>;

/**
 * The messages of docs/product.md §8 for everything that fails at once, in its order: the
 * required fields, then one per section with an incomplete entry, then any other rule (a limit).
 */
function alertsFor(errors: FormErrors, values: LegacyFormValues): string[] {
  const alerts: string[] = [];
  if (errors['birthPlace'] || errors['description']) alerts.push(REQUIRED_FIELDS_MISSING);
  for (const section of incompleteSections(values)) alerts.push(sectionIncomplete(section.title));
  if (alerts.length === 0) {
    const first = Object.values(errors)[0];
    alerts.push(typeof first === 'string' ? first : LEGACY_SAVE_FAILED);
  }
  return alerts;
}

export default function BuildLegacyPage() {
  const { user, legacy } = useOwnLegacyPage('Build your legacy');
  if (!user) return <LoginFirst />;
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xs" mb="xl">
        <Title order={1}>Build Your Legacy</Title>
        <Text c="dimmed">
          Write down what you have done, what you hold and who you love, in your own words. Only you
          can see your legacy. Fields marked with an asterisk are required; each entry you add needs
          every field filled in.
        </Text>
        <Text c="dimmed">
          Each entry can also say who receives it after your death. “As its section” follows what
          you chose for the whole section in{' '}
          <Anchor component={Link} to={paths.legacyRelease.href()}>
            After my death
          </Anchor>
          .
        </Text>
      </Stack>
      <LegacyQueryState query={legacy}>
        {(saved) => <LegacyEditor initial={legacyFormValues(saved)} userId={user._id} />}
      </LegacyQueryState>
    </Container>
  );
}

function LegacyEditor({ initial, userId }: { initial: LegacyFormValues; userId: string }) {
  const navigate = useNavigate();
  const form = useZodForm(LegacyFormSchema, { initialValues: initial, draftKey: 'legacy' });
  useLeaveGuard(form);
  const mutation = useSaveLegacy(userId);
  const [alerts, setAlerts] = useState<string[]>([]);

  const onSubmit = form.handleSubmit(
    (legacy) => {
      setAlerts([]);
      mutation.mutate(legacy, {
        onSuccess: () => {
          form.settled();
          form.notice.success(LEGACY_SAVED);
          void navigate(paths.home.href());
        },
        onError: (error) => {
          form.showServerErrors(error);
          form.notice.error(isUnreachable(error) ? offlineText('legacy') : LEGACY_SAVE_FAILED);
        },
      });
    },
    (errors) => {
      const found = alertsFor(errors, form.getValues());
      setAlerts(found);
      form.notice.error(found.join(' '));
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xl">
        <DraftNotice form={form} />
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
              {...form.getInputProps('birthPlace')}
            />
            <Textarea
              label="Description"
              name="description"
              required
              autosize
              minRows={4}
              placeholder="A few words about your life and what you want remembered"
              {...form.getInputProps('description')}
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
              {form.values[section.key].length === 0 ? (
                <Text c="dimmed" fs="italic">
                  {section.empty}
                </Text>
              ) : null}
              {form.values[section.key].map((entry, index) => (
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
                    {section.fields.map((field) => {
                      const path = `${section.key}.${index}.${field.key}`;
                      return (
                        <EntryInput
                          key={field.key}
                          field={field}
                          {...form.getInputProps(path)}
                          onChange={(value) =>
                            form.setFieldValue(
                              path,
                              field.kind === 'year' ? truncateYear(value) : value,
                            )
                          }
                        />
                      );
                    })}
                  </SimpleGrid>
                  <EntryReleaseField
                    path={`${section.key}.${index}`}
                    release={entry.release}
                    releaseTo={entry.releaseTo}
                    errors={form.errors}
                    onRelease={(release) => {
                      form.setFieldValue(`${section.key}.${index}.release`, release);
                      // Only beneficiaries are named: another choice forgets the addresses.
                      if (release !== 'beneficiaries') {
                        form.setFieldValue(`${section.key}.${index}.releaseTo`, []);
                      }
                    }}
                    onReleaseTo={(emails) =>
                      form.setFieldValue(`${section.key}.${index}.releaseTo`, emails)
                    }
                  />
                  <Group justify="flex-end" mt="sm">
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => form.removeListItem(section.key, index)}
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
                  onClick={() => form.insertListItem(section.key, newEntry(section))}
                  disabled={form.values[section.key].length >= LEGACY_SECTION_MAX_ENTRIES}
                >
                  {`Add ${section.singular}`}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}

        {alerts.length > 0 ? (
          <Alert color="red" variant="light" title="Please check your legacy" data-legacy-alerts>
            <List size="sm" spacing={4}>
              {alerts.map((alert) => (
                <List.Item key={alert}>{alert}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
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
  value?: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const common = {
    label: field.label,
    required: true,
    value: value ?? '',
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
