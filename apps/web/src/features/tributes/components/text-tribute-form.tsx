import { Stack, Textarea } from '@mantine/core';
import { CreatePrayerSchema, PRAYER_MAX } from '@rips/shared/tributes';
import { FormActions } from '@/components/form-actions';
import { TRIBUTE_KINDS } from '@/config/tribute-kinds';
import { notify } from '@/lib/notify';
import { useZodForm, type FormSchema } from '@/lib/use-zod-form';
import { useLeaveTribute } from '../api/tributes.mutations';
import { failureText } from '../lib/format';

type TextKind = 'prayers';

/** Each text kind's shared create schema (its rules and messages) and its longest text. */
const TEXT_RULES: Record<TextKind, { schema: FormSchema; max: number }> = {
  prayers: { schema: CreatePrayerSchema, max: PRAYER_MAX },
};

interface TextTributeFormProps {
  kind: TextKind;
  postId: string;
  onDone?: () => void;
  onCancel?: () => void;
}

/** A tribute of words (a prayer): one text, sent as JSON. */
export function TextTributeForm({ kind, postId, onDone, onCancel }: TextTributeFormProps) {
  const descriptor = TRIBUTE_KINDS[kind];
  const { schema, max } = TEXT_RULES[kind];
  const field = descriptor.textField;
  const form = useZodForm(schema, { initialValues: { postId, [field]: '' } });
  const mutation = useLeaveTribute(kind);

  const onSubmit = form.handleSubmit((body) => {
    mutation.mutate(
      { postId, body: body as object },
      {
        onSuccess: () => {
          notify.success(descriptor.success);
          onDone?.();
        },
        onError: (error) => {
          form.showServerErrors(error);
          notify.error(failureText(descriptor.failure, error));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <Textarea
          label={descriptor.textLabel}
          description={`Up to ${max} characters.`}
          placeholder={descriptor.textPlaceholder}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={max}
          required
          data-autofocus
          {...form.getInputProps(field)}
        />
        <FormActions
          submitLabel={descriptor.submitLabel}
          busy={mutation.isPending}
          cancel={onCancel}
        />
      </Stack>
    </form>
  );
}
