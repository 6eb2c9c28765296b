import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { MemorialDetail } from '@rips/shared/memorials';
import { TRANSFER_OFFER_DAYS, UserChoiceSchema } from '@rips/shared/stewardship';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import {
  peopleQuery,
  useOfferTransfer,
  useSetSuccessor,
  useWithdrawTransfer,
} from '../../api/stewardship.api';
import { outcome, PanelForm } from './panel-parts';

/** Manage → Ownership: the successor, and the offer of the memorial to someone else (decision 0059). */
export function OwnershipPanel({ memorial }: { memorial: MemorialDetail }) {
  const people = useQuery(peopleQuery(memorial._id));
  const transfer = useOfferTransfer(memorial._id);
  const withdrawOffer = useWithdrawTransfer(memorial._id);
  const successor = useSetSuccessor(memorial._id);
  const form = useZodForm(UserChoiceSchema, { initialValues: { userId: '' } });
  const others = (people.data?.people ?? []).filter((p) => p.role !== 'owner');
  const choices = [
    { value: '', label: 'Choose someone' },
    ...others.map((p) => ({ value: p._id, label: `${p.fullName} (${p.role})` })),
  ];
  const onTransfer = form.handleSubmit((input) =>
    transfer.mutate(input.userId, {
      onSuccess: () =>
        notify.success('Ownership was offered. It passes when they accept from their email.'),
      onError: (error) => {
        if (!form.showServerErrors(error)) notify.error(errorMessage(error));
      },
    }),
  );
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Successor
          </Title>
          <Text size="sm" c="dimmed">
            Who takes this memorial over if your account is ever deleted. Without one, a manager
            does; without either, your account cannot be deleted until you choose.
          </Text>
          <NativeSelect
            label="Successor"
            data={choices}
            value={people.data?.successor?._id ?? ''}
            onChange={(event) =>
              successor.mutate(
                event.currentTarget.value || null,
                outcome('The successor was saved.'),
              )
            }
          />
        </Stack>
      </Paper>
      <PanelForm
        title="Transfer ownership"
        onSubmit={onTransfer}
        busy={transfer.isPending}
        submit="Offer ownership"
      >
        {people.data?.pendingOwner ? (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              Offered to {people.data.pendingOwner.fullName}, not yet accepted. The offer lapses
              after {TRANSFER_OFFER_DAYS} days.
            </Text>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={withdrawOffer.isPending}
              onClick={() =>
                withdrawOffer.mutate(undefined, outcome('The ownership offer was withdrawn.'))
              }
            >
              Withdraw the offer
            </Button>
          </Group>
        ) : null}
        <NativeSelect
          label="New owner"
          description="They are emailed and must accept. You stay on as a manager."
          data={choices}
          {...form.getInputProps('userId')}
        />
      </PanelForm>
    </Stack>
  );
}
