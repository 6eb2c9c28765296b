import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  InviteStewardSchema,
  MAX_STEWARDS,
  STEWARD_INVITATION_DAYS,
  type LegacyPlan,
  type Steward,
} from '@rips/shared/legacy-release';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { ProblemAlert } from '@/components/status-alert';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { useInviteSteward, useRemoveSteward } from '../api/legacy-release.api';
import { onDay, STEWARD_STATE_COLORS, STEWARD_STATE_LABELS } from '../lib/release-words';
import { LegacyCard } from './legacy-card';

const nameOf = (steward: Steward) => steward.fullName ?? steward.email;

function stewardDates(steward: Steward): string {
  if (steward.state === 'active' && steward.acceptedAt)
    return `Accepted on ${onDay(steward.acceptedAt)}`;
  if (steward.state === 'expired')
    return `Invited on ${onDay(steward.invitedAt)}; the link expired`;
  return `Invited on ${onDay(steward.invitedAt)}`;
}

/** The member's stewards: who they are, where each invitation stands, and inviting one more. */
export function ReleaseStewards({ plan, userId }: { plan: LegacyPlan; userId: string }) {
  const invite = useInviteSteward(userId);
  const remove = useRemoveSteward(userId);
  const [removing, setRemoving] = useState<Steward | null>(null);
  const offered = plan.offeredSteward;
  const offerOpen =
    offered !== null &&
    !plan.stewards.some((s) => s.email.toLowerCase() === offered.email.toLowerCase());
  const full = plan.stewards.length >= MAX_STEWARDS;

  return (
    <LegacyCard headingId="release-stewards">
      <Stack gap="md">
        <Title order={2} id="release-stewards">
          Your stewards
        </Title>
        <Text c="dimmed">
          {`A steward is someone you trust to tell us of your death. We email them a link to accept, which works for ${STEWARD_INVITATION_DAYS} days. After a release they can read what you marked for your stewards.`}
        </Text>

        {offerOpen && offered ? (
          <Paper radius="md" p="md" bg="var(--mantine-color-sage-0)" withBorder>
            <Stack gap="sm">
              <Text style={{ overflowWrap: 'anywhere' }}>
                {`Name ${offered.fullName} (${offered.email}), your memorial successor, as your first steward?`}
              </Text>
              <Group>
                <Button
                  aria-label={`Invite ${offered.fullName} as your steward`}
                  loading={invite.isPending && invite.variables === offered.email}
                  disabled={full}
                  onClick={() =>
                    invite.mutate(offered.email, {
                      onSuccess: () =>
                        notify.success(`We emailed ${offered.fullName} an invitation.`),
                    })
                  }
                >
                  Invite
                </Button>
              </Group>
              {invite.isError ? <ProblemAlert>{errorMessage(invite.error)}</ProblemAlert> : null}
            </Stack>
          </Paper>
        ) : null}

        {plan.stewards.length === 0 ? (
          <Text fs="italic" c="dimmed">
            You have not named a steward yet.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {plan.stewards.map((steward) => (
              <Group
                component="li"
                key={steward._id}
                justify="space-between"
                wrap="wrap"
                gap="sm"
                p="sm"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 10 }}
              >
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {nameOf(steward)}
                    </Text>
                    <Badge
                      component="span"
                      variant="light"
                      color={STEWARD_STATE_COLORS[steward.state]}
                      tt="none"
                    >
                      {STEWARD_STATE_LABELS[steward.state]}
                    </Badge>
                  </Group>
                  {steward.fullName ? (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {steward.email}
                    </Text>
                  ) : null}
                  <Text size="sm" c="dimmed">
                    {stewardDates(steward)}
                  </Text>
                </Stack>
                <Button
                  variant="default"
                  size="xs"
                  aria-label={`Remove ${nameOf(steward)}`}
                  onClick={() => setRemoving(steward)}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <InviteStewardForm userId={userId} disabled={full} />
        {full ? (
          <Text size="sm" c="dimmed">
            {`You have named ${MAX_STEWARDS} stewards, the most a legacy can have.`}
          </Text>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={removing ? `Remove ${nameOf(removing)} as your steward?` : 'Remove this steward?'}
        body="They will no longer be able to report your death, or read what you marked for your stewards. A report they made no longer counts."
        confirmLabel="Remove steward"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = nameOf(removing);
          remove.mutate(removing._id, {
            onSuccess: () => {
              setRemoving(null);
              notify.success(`${name} is no longer your steward.`);
            },
            onError: (error) => {
              setRemoving(null);
              notify.error(errorMessage(error));
            },
          });
        }}
      />
    </LegacyCard>
  );
}

/** Invites one more steward by email. */
function InviteStewardForm({ userId, disabled }: { userId: string; disabled: boolean }) {
  const form = useZodForm(InviteStewardSchema, { initialValues: { email: '' } });
  const invite = useInviteSteward(userId);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(({ email }) => {
    setProblem(null);
    invite.mutate(email, {
      onSuccess: () => {
        notify.success(`We emailed ${email} an invitation.`);
        form.reset();
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) setProblem(errorMessage(error));
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={invite.isPending}>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Steward's email address"
            type="email"
            autoComplete="off"
            style={{ flex: '1 1 240px' }}
            disabled={disabled}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={invite.isPending} disabled={disabled}>
            Invite steward
          </Button>
        </Group>
        {problem ? <ProblemAlert>{problem}</ProblemAlert> : null}
      </Stack>
    </form>
  );
}
