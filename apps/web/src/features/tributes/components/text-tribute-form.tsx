import { Textarea } from '@mantine/core';
import { CreatePrayerSchema, PRAYER_MAX } from '@rips/shared/tributes';
import { TRIBUTE_KINDS } from '@/config/tribute-kinds';
import { DraftNotice } from '@/components/draft-notice';
import { lengthHint } from '@/components/length-hint';
import { useZodForm, type FormSchema } from '@/lib/use-zod-form';
import { useLeaveTribute } from '../api/tributes.mutations';
import { failureText } from '../lib/format';
import { TributeForm, type TributeFormProps } from './tribute-form';

type TextKind = 'prayers';

/** Each text kind's shared create schema (its rules and messages) and its longest text. */
const TEXT_RULES: Record<TextKind, { schema: FormSchema; max: number }> = {
  prayers: { schema: CreatePrayerSchema, max: PRAYER_MAX },
};

interface TextTributeFormProps extends TributeFormProps {
  kind: TextKind;
}

/** A tribute of words (a prayer): one text, sent as JSON. */
export function TextTributeForm({ kind, postId, onDone, onCancel }: TextTributeFormProps) {
  const descriptor = TRIBUTE_KINDS[kind];
  const { schema, max } = TEXT_RULES[kind];
  const field = descriptor.textField;
  const form = useZodForm(schema, {
    initialValues: { postId, [field]: '' },
    draftKey: `${kind}:${postId}`,
  });
  const mutation = useLeaveTribute(kind);

  const onSubmit = form.handleSubmit((body) => {
    mutation.mutate(
      { postId, body: body as object },
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
      <DraftNotice form={form} />
      <Textarea
        label={descriptor.textLabel}
        description={lengthHint(
          form.values[field],
          max,
          `Up to ${max.toLocaleString('en-US')} characters.`,
        )}
        placeholder={descriptor.textPlaceholder}
        autosize
        minRows={4}
        maxRows={10}
        required
        data-autofocus
        {...form.getInputProps(field)}
      />
    </TributeForm>
  );
}
