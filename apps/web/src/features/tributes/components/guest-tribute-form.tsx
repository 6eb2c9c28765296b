import { Alert, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  GUEST_HONEYPOT_FIELD,
  GUEST_LINK_DAYS,
  GuestAuthorSchema,
} from '@rips/shared/guest-tributes';
import { KIND_SCHEMAS } from '@rips/shared/kind-schemas';
import { KINDS } from '@rips/shared/kinds';
import { BOUQUET_IDS } from '@rips/shared/tributes';
import { HoneypotField } from '@/components/honeypot-field';
import { TRIBUTE_KINDS, type TributeKindDescriptor } from '@/config/tribute-kinds';
import { errorMessage } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { leaveAsGuest } from '../api/tributes.api';
import { BouquetPicker } from './bouquet-picker';
import { TributeForm } from './tribute-form';

/** The kinds a guest may leave (kinds.ts `guests`): words, a candle, or a bouquet. */
export type GuestKind = Extract<
  TributeKindDescriptor,
  { form: 'text' | 'flower' | 'candle' }
>['kind'];

interface GuestTributeFormProps {
  kind: GuestKind;
  postId: string;
  onCancel: () => void;
}

/** The kind's own fields as its shared create schema says, with the guest's name and address. */
function guestSchema(kind: GuestKind) {
  return (KIND_SCHEMAS[kind].create as unknown as z.ZodObject).extend(GuestAuthorSchema.shape);
}

/**
 * A tribute left without an account (docs/decisions/0103-guest-tributes.md): the kind's words or
 * bouquet, a name and an email address. Nothing shows until the emailed link is used; the form
 * says so once it is sent. A hidden field only robots fill, and the moment the form opened, let
 * the server refuse simple robots.
 */
export function GuestTributeForm({ kind, postId, onCancel }: GuestTributeFormProps) {
  const descriptor = TRIBUTE_KINDS[kind];
  const { noun } = KINDS[kind];
  const [startedAt] = useState(() => Date.now());
  const [honeypot, setHoneypot] = useState('');
  const schema = guestSchema(kind);
  const textField = descriptor.form === 'flower' ? null : descriptor.textField;
  const form = useZodForm(schema, {
    initialValues: {
      postId,
      guestName: '',
      guestEmail: '',
      ...(textField ? { [textField]: '' } : { bouquet: BOUQUET_IDS[0] }),
    } as z.input<typeof schema>,
  });
  const mutation = useMutation({
    mutationFn: (body: object) => leaveAsGuest(kind, body),
  });

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(
      { ...values, startedAt, [GUEST_HONEYPOT_FIELD]: honeypot },
      {
        onSuccess: () => form.settled(),
        onError: (error) => {
          form.showServerErrors(error);
          form.notice.error(errorMessage(error, descriptor.failure));
        },
      },
    );
  });

  if (mutation.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="sage" variant="light" role="status">
          {`Check your email: we sent a link to confirm your ${noun}. It shows on the memorial once you open the link and press its button (the link works for ${GUEST_LINK_DAYS} days).`}
        </Alert>
        {/* The dialog's own Close button closes it: one Close, not two. */}
      </Stack>
    );
  }

  const values = form.values as Record<string, unknown>;
  return (
    <TributeForm
      kind={descriptor}
      onSubmit={onSubmit}
      busy={mutation.isPending}
      onCancel={onCancel}
    >
      {textField && descriptor.form !== 'flower' ? (
        <Textarea
          label={descriptor.textLabel}
          placeholder={descriptor.textPlaceholder}
          autosize
          minRows={descriptor.form === 'candle' ? 2 : 4}
          maxRows={10}
          // A candle's words are optional; a prayer is its words.
          required={descriptor.form === 'text'}
          data-autofocus
          {...form.getInputProps(textField)}
        />
      ) : (
        <BouquetPicker
          value={typeof values['bouquet'] === 'string' ? values['bouquet'] : null}
          onChoose={(id) => form.setValues({ bouquet: id } as never)}
        />
      )}
      <TextInput
        label="Your name"
        description="Shown with your tribute, marked as a guest."
        autoComplete="name"
        required
        {...form.getInputProps('guestName')}
      />
      <TextInput
        label="Your email"
        description="We send you a link to confirm. It is never shown to anyone."
        type="email"
        autoComplete="email"
        required
        {...form.getInputProps('guestEmail')}
      />
      <HoneypotField value={honeypot} onChange={setHoneypot} />
      {mutation.isError ? null : (
        <Text size="sm" c="dimmed">
          {`Your ${noun} shows once you confirm it from your email.`}
        </Text>
      )}
    </TributeForm>
  );
}
