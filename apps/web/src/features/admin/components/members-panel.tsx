import { Avatar, Badge, Button, Group, Table, Text } from '@mantine/core';
import type { AdminUser } from '@rips/shared/admin';
import { ConfirmModal } from '@/components/confirm-modal';
import { ROLE_LABELS } from '@/config/roles';
import { adminCalls, useAdminAction, useConfirmedAction } from '../api/admin.api';
import { notifyFailure, notifyResult } from '../lib/notices';
import { PagedPanel } from './paged-panel';

/** Every member: grant or revoke sponsorship, disable or enable an account (never one's own). */
export function MembersPanel({ myId }: { myId: string }) {
  const sponsor = useAdminAction(adminCalls.setSponsor);
  const disable = useConfirmedAction(adminCalls.setDisabled, (member: AdminUser) => ({
    id: member._id,
    disabled: true,
  }));
  // Enabling an account again goes through the same call, without the question.
  const { action: status, asking: disabling } = disable;

  return (
    <>
      <PagedPanel list="users">
        {(members) =>
          members.map((member) => {
            const isMe = member._id === myId;
            return (
              <Table.Tr key={member._id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={member.avatar} alt="" size={36} radius="50%" color="sage">
                      {member.fullName.slice(0, 1).toUpperCase()}
                    </Avatar>
                    <div>
                      <Text fw={600} size="sm">
                        {member.fullName}{' '}
                        {isMe ? (
                          <Badge size="xs" variant="outline">
                            You
                          </Badge>
                        ) : null}
                      </Text>
                      <Text size="sm" c="dimmed">
                        @{member.userName}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={member.roles === 'visitor' ? 'slate' : 'sage'}>
                    {ROLE_LABELS[member.roles]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {member.disabled ? (
                    <Badge color="red" variant="light">
                      Disabled
                    </Badge>
                  ) : (
                    <Text size="sm">Active</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {member.roles !== 'admin' ? (
                      <Button
                        size="compact-sm"
                        variant="light"
                        loading={sponsor.isPending && sponsor.variables?.id === member._id}
                        aria-label={`${member.roles === 'sponsor' ? 'Revoke sponsor from' : 'Grant sponsor to'} ${member.userName}`}
                        onClick={() =>
                          sponsor.mutate(
                            { id: member._id, sponsor: member.roles !== 'sponsor' },
                            { onSuccess: notifyResult, onError: notifyFailure },
                          )
                        }
                      >
                        {member.roles === 'sponsor' ? 'Revoke sponsor' : 'Grant sponsor'}
                      </Button>
                    ) : null}
                    {!isMe ? (
                      <Button
                        size="compact-sm"
                        variant={member.disabled ? 'light' : 'subtle'}
                        color={member.disabled ? 'sage' : 'red'}
                        aria-label={`${member.disabled ? 'Enable' : 'Disable'} ${member.userName}`}
                        loading={status.isPending && status.variables?.id === member._id}
                        onClick={() =>
                          member.disabled
                            ? status.mutate(
                                { id: member._id, disabled: false },
                                { onSuccess: notifyResult, onError: notifyFailure },
                              )
                            : disable.ask(member)
                        }
                      >
                        {member.disabled ? 'Enable' : 'Disable'}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })
        }
      </PagedPanel>
      <ConfirmModal
        {...disable.modal}
        title="Disable this account?"
        body={
          disabling
            ? `${disabling.fullName} (@${disabling.userName}) will be signed out everywhere and will not be able to log in until you enable the account again.`
            : ''
        }
        confirmLabel="Disable account"
      />
    </>
  );
}
