import {
  Button,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  INACTIVITY_MONTHS,
  SaveLegacyRulesSchema,
  WAITING_DAYS,
  type LegacyPlan,
  type SectionMark,
} from '@rips/shared/legacy-release';
import { useState } from 'react';
import { ProblemAlert } from '@/components/status-alert';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { useSaveLegacyRules } from '../api/legacy-release.api';
import {
  RELEASE_SECTIONS,
  SECTION_MARK_LABELS,
  stewards,
  waitingLabel,
} from '../lib/release-words';
import { LegacyCard } from './legacy-card';

const WAITING_CHOICES = WAITING_DAYS.map((d) => ({ value: String(d), label: waitingLabel(d) }));
const INACTIVITY_CHOICES = [
  { value: '', label: 'Never: no inactivity trigger' },
  ...INACTIVITY_MONTHS.map((m) => ({ value: String(m), label: `After ${m} months` })),
];
const MARK_CHOICES = (['private', 'stewards'] as const).map((value) => ({
  value,
  label: SECTION_MARK_LABELS[value],
}));

/** The member's rules: who must report, how long to wait, inactivity, and each part's mark. */
export function ReleaseRulesForm({ plan, userId }: { plan: LegacyPlan; userId: string }) {
  const form = useZodForm(SaveLegacyRulesSchema, {
    initialValues: {
      reportsNeeded: plan.reportsNeeded === 2 ? 2 : 1,
      waitingDays: plan.waitingDays,
      inactivityMonths: plan.inactivityMonths,
      sections: { ...plan.sections },
    },
  });
  const save = useSaveLegacyRules(userId);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((rules) => {
    setProblem(null);
    save.mutate(rules, {
      onSuccess: () => {
        form.resetDirty();
        notify.success('Your choices are saved.');
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) setProblem(errorMessage(error));
      },
    });
  });
  const { values } = form;
  const fieldError = (path: string) => {
    const error = form.errors[path];
    return error ? String(error) : undefined;
  };

  return (
    <LegacyCard headingId="release-rules">
      <form onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
        <Stack gap="lg">
          <Title order={2} id="release-rules">
            How your legacy is released
          </Title>
          <Radio.Group
            label="Who must report your death"
            value={String(values.reportsNeeded)}
            onChange={(value) => form.setFieldValue('reportsNeeded', value === '2' ? 2 : 1)}
            error={fieldError('reportsNeeded')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="1" label="One steward" />
              <Radio value="2" label="Two stewards" />
            </Stack>
          </Radio.Group>
          <Paper radius="md" p="md" bg="var(--mantine-color-gray-1)" data-effective-reports>
            <Text size="sm">
              Assets marked for release always need two stewards to report, so one steward alone
              never opens them.
            </Text>
            <Text size="sm" fw={600} mt={4}>
              {`Right now ${stewards(plan.effectiveReportsNeeded)} must report before the waiting period begins.`}
            </Text>
          </Paper>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label="Waiting period"
              description="After the report we wait this long and email you, so you can stop it."
              data={WAITING_CHOICES}
              value={String(values.waitingDays)}
              error={fieldError('waitingDays')}
              onChange={(event) =>
                form.setFieldValue('waitingDays', Number(event.currentTarget.value))
              }
            />
            <NativeSelect
              label="Inactivity trigger"
              description="If you do not sign in for this long, the waiting period starts without a report. We email you first; signing in is enough."
              data={INACTIVITY_CHOICES}
              value={values.inactivityMonths === null ? '' : String(values.inactivityMonths)}
              error={fieldError('inactivityMonths')}
              onChange={(event) => {
                const value = event.currentTarget.value;
                form.setFieldValue('inactivityMonths', value === '' ? null : Number(value));
              }}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Title order={3} size="h4">
              What each part releases
            </Title>
            <Text size="sm" c="dimmed">
              “To my stewards” lets your stewards read that part after the waiting period. Each
              entry can choose otherwise in Build Your Legacy, or name beneficiaries of its own.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="xs">
              {RELEASE_SECTIONS.map((section) => (
                <NativeSelect
                  key={section.key}
                  label={section.label}
                  data={MARK_CHOICES}
                  value={values.sections[section.key] ?? 'private'}
                  error={fieldError(`sections.${section.key}`)}
                  onChange={(event) =>
                    form.setFieldValue(
                      `sections.${section.key}`,
                      event.currentTarget.value as SectionMark,
                    )
                  }
                />
              ))}
            </SimpleGrid>
          </Stack>
          {problem ? <ProblemAlert>{problem}</ProblemAlert> : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save my choices
            </Button>
          </Group>
        </Stack>
      </form>
    </LegacyCard>
  );
}
