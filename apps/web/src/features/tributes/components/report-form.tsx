import { Button, Group, Stack, Textarea } from '@mantine/core';
import { CreateReportSchema } from '@rips/shared/stewardship';
import type { TributeItem } from '@rips/shared/tributes';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { memorialChange } from '@/lib/memorial-changes';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';

/** The reason a visitor gives when reporting a tribute; loaded only when someone reports one. */
export default function ReportForm({
  kind,
  item,
  onDone,
}: {
  kind: string;
  item: TributeItem;
  onDone: () => void;
}) {
  const form = useZodForm(CreateReportSchema, {
    initialValues: { kind, itemId: item._id, reason: '' },
  });
  const mutation = useMutation({
    mutationFn: (body: { kind: string; itemId: string; reason: string }) =>
      api.post(`/posts/${encodeURIComponent(item.postId)}/reports`, body),
    // The family's queue lists it; the memorial's lists are asked again as the viewer sees them.
    meta: memorialChange(() => ({ change: 'tributes', memorialId: item.postId })),
  });
  const onSubmit = form.handleSubmit((input) =>
    mutation.mutate(input, {
      onSuccess: () => {
        notify.success('Thank you. The family will look at it.');
        onDone();
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) notify.error(errorMessage(error));
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="sm">
        <Textarea
          label="Why should the family look at this?"
          autosize
          minRows={3}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Send report
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
