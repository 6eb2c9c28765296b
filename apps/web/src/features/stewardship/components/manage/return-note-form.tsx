import { Stack, Text, Textarea } from '@mantine/core';
import { ModerationActionSchema } from '@rips/shared/stewardship';
import { RETURN_NOTE_MAX } from '@rips/shared/tributes';
import { FormActions } from '@/components/form-actions';
import { lengthHint } from '@/components/length-hint';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { useModerate } from '../../api/stewardship.api';

/**
 * The note a manager sends a pending tribute back to its author with (decision 0117): required,
 * checked by the schema the server parses it with. Loaded only when a manager opens the dialog.
 */
export default function ReturnNoteForm({
  memorialId,
  kind,
  itemId,
  name,
  onDone,
}: {
  memorialId: string;
  kind: string;
  itemId: string;
  /** "The prayer by Ann Lee". */
  name: string;
  onDone: () => void;
}) {
  const moderate = useModerate(memorialId);
  const form = useZodForm(ModerationActionSchema, {
    initialValues: { kind, itemId, action: 'return', note: '' },
  });
  const onSubmit = form.handleSubmit((input) =>
    moderate.mutate(input, {
      onSuccess: () => {
        notify.success(`${name} was returned to its author with your note.`);
        onDone();
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) notify.error(errorMessage(error));
      },
    }),
  );
  const note = form.getValues().note;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={moderate.isPending}>
      <Stack gap="sm">
        <Text size="sm">
          It leaves the list of tributes waiting and shows to no visitor. Its author is emailed your
          note and can change the tribute and send it again.
        </Text>
        <Textarea
          label="Your note to its author"
          autosize
          minRows={3}
          data-autofocus
          description={lengthHint(note, RETURN_NOTE_MAX, 'What could they change?')}
          {...form.getInputProps('note')}
        />
        <FormActions
          submitLabel="Return with this note"
          busy={moderate.isPending}
          cancel={onDone}
        />
      </Stack>
    </form>
  );
}
