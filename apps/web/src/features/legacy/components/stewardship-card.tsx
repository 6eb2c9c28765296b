import { Badge, Button, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ReportDeathSchema,
  StartMemorialSchema,
  type ReleaseState,
  type Stewardship,
} from '@rips/shared/legacy-release';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { DatePartsField } from '@/components/date-parts-field';
import { ProblemAlert } from '@/components/status-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { useReportDeath, useStartMemorial, useStepDown } from '../api/legacy-release.api';
import { atMoment, onDay, possessive } from '../lib/release-words';
import { LegacyCard } from './legacy-card';

type StewardRelease = NonNullable<Stewardship['release']>;

const STATE_BADGES: Record<ReleaseState, { label: string; color: string }> = {
  reported: { label: 'Reported', color: 'yellow' },
  waiting: { label: 'Waiting period', color: 'yellow' },
  released: { label: 'Released', color: 'sage' },
  stopped: { label: 'Stopped', color: 'gray' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
  revoked: { label: 'Access revoked', color: 'gray' },
  expired: { label: 'Access ended', color: 'gray' },
};

/** Today in the steward's own calendar, as the date inputs hold it. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Where the release of `name`'s legacy stands, in words for a steward. */
function stateText(name: string, release: StewardRelease): string {
  const count = `${release.reportCount} of ${release.reportsNeeded} reports.`;
  const mine = release.reportedByMe ? 'Your report is in. ' : '';
  switch (release.state) {
    case 'reported':
      return release.reportedByMe
        ? `${mine}${count} Another steward must report too before the waiting period begins.`
        : `Another steward reported ${possessive(name)} death. ${count}`;
    case 'waiting':
      return `${mine}${count} We emailed ${name} in case this is a mistake. Unless the release is stopped, ${possessive(name)} Life Legacy will be released on ${atMoment(release.endsAt)}.`;
    case 'released':
      return `${possessive(name)} Life Legacy was released. What was marked for you can be read until ${onDay(release.accessUntil)}; we emailed you the link.`;
    case 'stopped':
      return `${name} stopped the last release. Nothing was released.`;
    case 'withdrawn':
      return 'The last report was withdrawn. Nothing was released.';
    case 'revoked':
      return `The access to ${possessive(name)} Life Legacy was revoked.`;
    case 'expired':
      return `The time to read ${possessive(name)} Life Legacy has ended.`;
  }
}

/** One member the steward looks after. */
export function StewardshipCard({
  stewardship,
  userId,
}: {
  stewardship: Stewardship;
  userId: string;
}) {
  const { _id: id, memberName: name, release } = stewardship;
  const stepDown = useStepDown(userId);
  const [confirmingStepDown, setConfirmingStepDown] = useState(false);
  const state = release?.state;
  const canReport =
    !release ||
    (state === 'reported' && !release.reportedByMe) ||
    (state !== 'reported' && state !== 'waiting' && state !== 'released');
  const headingId = `stewardship-${id}`;

  return (
    <LegacyCard headingId={headingId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {release ? (
            <Badge
              component="span"
              variant="light"
              color={STATE_BADGES[release.state].color}
              tt="none"
            >
              {STATE_BADGES[release.state].label}
            </Badge>
          ) : null}
        </Group>
        {release ? (
          <Text c={canReport && state !== 'reported' ? 'dimmed' : undefined} data-stewardship-state>
            {stateText(name, release)}
          </Text>
        ) : null}
        {canReport ? (
          <ReportDeathForm
            stewardshipId={id}
            name={name}
            userId={userId}
            second={state === 'reported'}
          />
        ) : null}
        {state === 'released' ? (
          stewardship.memorialId ? (
            <Group>
              <Button component={Link} to={paths.post.href(stewardship.memorialId)}>
                {`Go to ${possessive(name)} memorial`}
              </Button>
            </Group>
          ) : (
            <StartMemorialForm
              stewardshipId={id}
              name={name}
              userId={userId}
              reportedDeathDate={stewardship.release?.deathDate ?? ''}
            />
          )
        ) : null}
        <Divider />
        <Group>
          <Button
            variant="subtle"
            color="red"
            size="sm"
            onClick={() => setConfirmingStepDown(true)}
          >
            Step down as steward
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirmingStepDown}
        title={`Step down as ${possessive(name)} steward?`}
        body={`You will no longer be able to report ${possessive(name)} death, or read what they marked for their stewards.${release?.reportedByMe ? ' Your report no longer counts.' : ''}`}
        confirmLabel="Step down"
        busy={stepDown.isPending}
        onClose={() => setConfirmingStepDown(false)}
        onConfirm={() => {
          // The card leaves the list once it succeeds: its outcome is told from the promise.
          stepDown.mutateAsync(id).then(
            () => notify.success(`You are no longer ${possessive(name)} steward.`),
            (error: unknown) => {
              setConfirmingStepDown(false);
              notify.error(errorMessage(error));
            },
          );
        }}
      />
    </LegacyCard>
  );
}

/** "Report {name}'s death": a date (today unless changed), then a confirmation. */
function ReportDeathForm({
  stewardshipId,
  name,
  userId,
  second,
}: {
  stewardshipId: string;
  name: string;
  userId: string;
  /** Another steward reported already: this report would be the next one needed. */
  second: boolean;
}) {
  const max = today();
  const form = useZodForm(ReportDeathSchema, { initialValues: { dateOfDeath: max } });
  const report = useReportDeath(userId);
  const [confirming, setConfirming] = useState<string | null>(null);
  const { value, onBlur, error } = form.getInputProps('dateOfDeath');
  const onSubmit = form.handleSubmit(({ dateOfDeath }) => setConfirming(dateOfDeath));
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={report.isPending}>
      <Stack gap="sm">
        <Text>
          {second
            ? `If you know that ${name} has died, you can add your report. We are sorry for your loss.`
            : `If ${name} has died, you can tell us here. We are sorry for your loss.`}
        </Text>
        <DatePartsField
          label="Date of death"
          value={value as string | null}
          onChange={(next) => form.setFieldValue('dateOfDeath', next ?? '')}
          onBlur={onBlur}
          error={error as string | undefined}
          maxDate={max}
        />
        {report.isError ? <ProblemAlert>{errorMessage(report.error)}</ProblemAlert> : null}
        <Group>
          <Button type="submit" variant="default" loading={report.isPending}>
            {`Report ${possessive(name)} death`}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        title={`Report ${possessive(name)} death?`}
        body={`We will email ${name} first, in case this is a mistake. Unless they stop it, their Life Legacy is released after the waiting period they chose. Please report only a death you are sure of.`}
        confirmLabel="Report the death"
        busy={report.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          report.mutate(
            { id: stewardshipId, dateOfDeath: confirming },
            {
              onSuccess: () => {
                setConfirming(null);
                notify.success('Thank you. Your report is in.');
              },
              onError: () => setConfirming(null),
            },
          );
        }}
      />
    </form>
  );
}

/** After a release: a memorial started from the legacy, then its page. */
function StartMemorialForm({
  stewardshipId,
  name,
  userId,
  reportedDeathDate,
}: {
  stewardshipId: string;
  name: string;
  userId: string;
  /** The date of death the first steward reported, offered again here. */
  reportedDeathDate: string;
}) {
  const max = today();
  const navigate = useNavigate();
  const form = useZodForm(StartMemorialSchema, {
    initialValues: { title: name, dateOfBirth: null, deathDate: reportedDeathDate },
  });
  const start = useStartMemorial(userId);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((input) => {
    setProblem(null);
    start.mutate(
      { id: stewardshipId, ...input },
      {
        onSuccess: ({ memorialId }) => {
          notify.success(`The memorial of ${name} is started.`);
          void navigate(paths.post.href(memorialId));
        },
        onError: (error) => {
          if (!form.showServerErrors(error)) setProblem(errorMessage(error));
        },
      },
    );
  });
  const date = (field: 'dateOfBirth' | 'deathDate', label: string) => {
    const { value, onBlur, error } = form.getInputProps(field);
    return (
      <DatePartsField
        label={label}
        value={value as string | null}
        onChange={(next) =>
          field === 'dateOfBirth'
            ? form.setFieldValue('dateOfBirth', next)
            : form.setFieldValue('deathDate', next ?? '')
        }
        onBlur={onBlur}
        error={error as string | undefined}
        maxDate={max}
      />
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={start.isPending}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {`A memorial for ${name}`}
        </Title>
        <Text size="sm" c="dimmed">
          {`You can start a memorial page where family and friends remember ${name} together.`}
        </Text>
        <TextInput label="Name for the memorial" required {...form.getInputProps('title')} />
        {date('dateOfBirth', 'Date of birth (optional)')}
        {date('deathDate', 'Date of death')}
        {problem ? <ProblemAlert>{problem}</ProblemAlert> : null}
        <Group>
          <Button type="submit" loading={start.isPending}>
            {`Start ${possessive(name)} memorial`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
