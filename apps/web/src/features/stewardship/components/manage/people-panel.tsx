import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { MemorialDetail } from '@rips/shared/memorials';
import {
  GRANTABLE_ROLES,
  ROLE_LABELS,
  type GrantableRole,
  type PendingInvitation,
  type Person,
} from '@rips/shared/stewardship';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { errorMessage } from '@/lib/api-client';
import { longDateOfMoment } from '@/lib/long-date';
import {
  accessRequestsQuery,
  peopleQuery,
  useChangeRole,
  useDecideAccess,
  useRemovePerson,
  useResendInvitation,
  useWithdrawInvitation,
} from '../../api/stewardship.api';
import { InviteForm } from './invite-form';
import { outcome, told } from './panel-parts';

/** The answers to a request to see the memorial, and what each says once done. */
const DECISIONS: Array<{
  action: 'approve' | 'decline';
  label: string;
  variant?: 'default';
  decided: string;
}> = [
  { action: 'approve', label: 'Approve', decided: 'Approved.' },
  { action: 'decline', label: 'Decline', variant: 'default', decided: 'Declined.' },
];

/** "Manager", "Contributor", "Viewer": the first words of the role's label. */
function roleName(role: GrantableRole): string {
  return ROLE_LABELS[role].split(':')[0]!;
}

/**
 * A pending invitation, with Send again (a new link; the old one stops working) and Withdraw
 * (no link works). A manager's buttons on the owner's invitation of a manager are refused by the
 * server with its reason. The two mutations belong to the list: the row itself is replaced once
 * the list refreshes (a new invitation, or none), and a row's own mutation would then never say
 * how it went.
 */
function WaitingInvitation({
  invitation,
  resend,
  withdraw,
}: {
  invitation: PendingInvitation;
  resend: ReturnType<typeof useResendInvitation>;
  withdraw: ReturnType<typeof useWithdrawInvitation>;
}) {
  const { _id, email, role, expiresAt } = invitation;
  const mine = (mutation: { isPending: boolean; variables?: string }) =>
    mutation.isPending && mutation.variables === _id;
  const busy = resend.isPending || withdraw.isPending;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm" style={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>
        {email} as {roleName(role).toLowerCase()}, until {longDateOfMoment(expiresAt)}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          disabled={busy}
          loading={mine(resend)}
          aria-label={`Send again the invitation to ${email}`}
          onClick={() =>
            told(resend.mutateAsync(_id), `The invitation was emailed to ${email} again.`)
          }
        >
          Send again
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          disabled={busy}
          loading={mine(withdraw)}
          aria-label={`Withdraw the invitation to ${email}`}
          onClick={() =>
            told(withdraw.mutateAsync(_id), `The invitation to ${email} was withdrawn.`)
          }
        >
          Withdraw
        </Button>
      </Group>
    </Group>
  );
}

/**
 * Manage → People: the invitation form, the memorial's people with their roles, the invitations
 * waiting, and the requests to see a private memorial.
 */
export function PeoplePanel({ memorial }: { memorial: MemorialDetail }) {
  const people = useQuery(peopleQuery(memorial._id));
  const requests = useQuery(accessRequestsQuery(memorial._id));
  const changeRole = useChangeRole(memorial._id);
  const remove = useRemovePerson(memorial._id);
  const resendInvitation = useResendInvitation(memorial._id);
  const withdrawInvitation = useWithdrawInvitation(memorial._id);
  const decide = useDecideAccess(memorial._id);
  // Removing someone asks first: they lose what their role gave them at once.
  const [removing, setRemoving] = useState<Person | null>(null);
  return (
    <Stack gap="lg">
      <InviteForm memorial={memorial} />
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          People
        </Title>
        {people.isPending ? (
          <Loader size="sm" aria-label="Loading people" />
        ) : people.isError ? (
          <Alert color="red">{errorMessage(people.error)}</Alert>
        ) : (
          // A list of wrapping rows, not a table: on a phone each person's role and Remove
          // move under their name instead of being cut off.
          <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {people.data.people.map((p) => (
              <Group
                component="li"
                key={p._id}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                py="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group gap="xs" style={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <Text fw={600}>{p.fullName}</Text>
                  {p.isSuccessor ? <Badge variant="light">successor</Badge> : null}
                </Group>
                {p.role === 'owner' ? (
                  <Text>Owner</Text>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <NativeSelect
                      w={150}
                      aria-label={`Role of ${p.fullName}`}
                      value={p.role}
                      data={GRANTABLE_ROLES.map((r) => ({ value: r, label: roleName(r) }))}
                      onChange={(event) =>
                        changeRole.mutate(
                          { userId: p._id, role: event.currentTarget.value as GrantableRole },
                          outcome(
                            `${p.fullName} is now a ${roleName(event.currentTarget.value as GrantableRole).toLowerCase()}.`,
                          ),
                        )
                      }
                    />
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={`Remove ${p.fullName}`}
                      onClick={() => setRemoving(p)}
                    >
                      Remove
                    </Button>
                  </Group>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {people.data?.invitations.length ? (
          <Stack gap={4} mt="md">
            <Text fw={600}>Invitations waiting</Text>
            <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {people.data.invitations.map((i) => (
                <WaitingInvitation
                  key={i._id}
                  invitation={i}
                  resend={resendInvitation}
                  withdraw={withdrawInvitation}
                />
              ))}
            </Stack>
          </Stack>
        ) : null}
        <ConfirmModal
          opened={removing !== null}
          busy={remove.isPending}
          title={`Remove ${removing?.fullName ?? 'this person'}?`}
          body={`They will no longer ${removing?.role === 'viewer' ? 'see this memorial if it is private' : 'help look after this memorial'}. You can invite them again later.`}
          confirmLabel="Remove"
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            if (!removing) return;
            const { _id, fullName } = removing;
            remove.mutate(
              _id,
              outcome(`${fullName} was removed.`, () => setRemoving(null)),
            );
          }}
        />
      </Paper>
      {requests.data?.length ? (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Requests to see this memorial
          </Title>
          <Stack gap="sm">
            {requests.data.map((r) => (
              <Group key={r._id} justify="space-between" wrap="wrap">
                <Text>
                  {r.user.fullName}
                  {r.message ? `: “${r.message}”` : ''}
                </Text>
                <Group gap="xs">
                  {DECISIONS.map(({ action, label, variant, decided }) => (
                    <Button
                      key={action}
                      size="xs"
                      variant={variant}
                      aria-label={`${label} ${r.user.fullName}’s request`}
                      onClick={() => decide.mutate({ requestId: r._id, action }, outcome(decided))}
                    >
                      {label}
                    </Button>
                  ))}
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
