import { Textarea } from '@mantine/core';
import { CANDLE_MESSAGE_MAX, CreateCandleSchema } from '@rips/shared/tributes';
import type { z } from 'zod';
import { TRIBUTE_KINDS } from '@/config/tribute-kinds';
import { lengthHint } from '@/components/length-hint';
import { useZodForm } from '@/lib/use-zod-form';
import { useLeaveTribute } from '../api/tributes.mutations';
import { failureText } from '../lib/format';
import { TributeForm, type TributeFormProps } from './tribute-form';

/** Lighting a candle as a member: a few words if one wishes; the shared schema's rules. */
export function CandleForm({ postId, onDone, onCancel }: TributeFormProps) {
  const descriptor = TRIBUTE_KINDS.candles;
  const form = useZodForm(CreateCandleSchema, {
    initialValues: { postId, message: '' } as z.input<typeof CreateCandleSchema>,
  });
  const mutation = useLeaveTribute('candles');

  const onSubmit = form.handleSubmit((body) => {
    mutation.mutate(
      { postId, body },
      {
        onSuccess: () => {
          form.settled();
          form.notice.success(descriptor.success);
          onDone?.();
        },
        onError: (error) => {
          form.showServerErrors(error);
          form.notice.error(failureText(descriptor.failure, error, descriptor.noun));
        },
      },
    );
  });

  return (
    <TributeForm
      kind={descriptor}
      onSubmit={onSubmit}
      busy={mutation.isPending}
      onCancel={onCancel}
    >
      <Textarea
        label={descriptor.textLabel}
        description={lengthHint(
          form.values.message,
          CANDLE_MESSAGE_MAX,
          `It burns for 24 hours. Up to ${CANDLE_MESSAGE_MAX} characters.`,
        )}
        placeholder={descriptor.textPlaceholder}
        autosize
        minRows={2}
        maxRows={6}
        data-autofocus
        {...form.getInputProps('message')}
      />
    </TributeForm>
  );
}
