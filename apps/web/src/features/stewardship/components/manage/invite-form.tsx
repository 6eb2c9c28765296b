import { NativeSelect, TextInput } from '@mantine/core';
import type { MemorialDetail } from '@rips/shared/memorials';
import { CreateInvitationSchema, GRANTABLE_ROLES, ROLE_LABELS } from '@rips/shared/stewardship';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { useInvite } from '../../api/stewardship.api';
import { PanelForm } from './panel-parts';

/** Invites someone by email in a role; only the owner (and admins) may invite a manager. */
export function InviteForm({ memorial }: { memorial: MemorialDetail }) {
  const form = useZodForm(CreateInvitationSchema, {
    initialValues: { email: '', role: 'viewer' },
  });
  const invite = useInvite(memorial._id);
  const roles = memorial.abilities.transfer
    ? GRANTABLE_ROLES
    : GRANTABLE_ROLES.filter((r) => r !== 'manager');
  const onSubmit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: () => {
        notify.success(`An invitation was emailed to ${input.email}.`);
        form.reset();
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) notify.error(errorMessage(error));
      },
    }),
  );
  return (
    <PanelForm
      title="Invite family and friends"
      onSubmit={onSubmit}
      busy={invite.isPending}
      submit="Send invitation"
    >
      <TextInput
        label="Their email address"
        type="email"
        autoComplete="off"
        {...form.getInputProps('email')}
      />
      <NativeSelect
        label="Their role"
        data={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        {...form.getInputProps('role')}
      />
    </PanelForm>
  );
}
