import { Textarea } from '@mantine/core';
import { KIND_SCHEMAS } from '@rips/shared/kind-schemas';
import type { z } from 'zod';
import { TRIBUTE_KINDS, type TributeKindDescriptor } from '@/config/tribute-kinds';
import { DraftNotice } from '@/components/draft-notice';
import { lengthHint } from '@/components/length-hint';
import { useZodForm } from '@/lib/use-zod-form';
import { useLeaveTribute } from '../api/tributes.mutations';
import { failureText } from '../lib/format';
import { TributeForm, type TributeFormProps } from './tribute-form';
import { countText } from '@/lib/count-text';

/** The kinds of words: one text each (a prayer). */
export type TextKind = Extract<TributeKindDescriptor, { form: 'text' }>['kind'];

/** The longest text the shared schema lets the field hold, or null when it sets none. */
function maxLength(schema: z.ZodObject, field: string): number | null {
  const rule = schema.shape[field] as { maxLength?: number | null } | undefined;
  return rule?.maxLength ?? null;
}

interface TextTributeFormProps extends TributeFormProps {
  kind: TextKind;
}

/**
 * The one form of every kind of words: its registry entry's texts, and its field's rules and
 * messages from the kind's shared create schema; sent as JSON
 * (docs/decisions/0096-web-forms-and-kinds-from-the-shared-schemas.md).
 */
export function TextTributeForm({ kind, postId, onDone, onCancel }: TextTributeFormProps) {
  const descriptor = TRIBUTE_KINDS[kind];
  const schema = KIND_SCHEMAS[kind].create;
  const field = descriptor.textField;
  const max = maxLength(schema, field);
  const form = useZodForm(schema, {
    initialValues: { postId, [field]: '' } as z.input<typeof schema>,
    draftKey: `${kind}:${postId}`,
  });
  const mutation = useLeaveTribute(kind);

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
      <DraftNotice form={form} />
      <Textarea
        label={descriptor.textLabel}
        description={
          max === null
            ? undefined
            : lengthHint(
                (form.values as Record<string, unknown>)[field],
                max,
                `Up to ${countText(max)} characters.`,
              )
        }
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
