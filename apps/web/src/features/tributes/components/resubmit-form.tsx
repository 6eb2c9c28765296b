import { Stack, Text, Textarea } from '@mantine/core';
import { KINDS } from '@rips/shared/kinds';
import type { TributeItem } from '@rips/shared/tributes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormActions } from '@/components/form-actions';
import { lengthHint } from '@/components/length-hint';
import type { TributeKindDescriptor } from '@/config/tribute-kinds';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { tributeKeys } from '../api/tributes.api';
import { BouquetPicker } from './bouquet-picker';

/**
 * The author's form for a tribute the family returned with a note (decision 0117): the words, or
 * the bouquet, changed and sent to the family again. The server checks them with the kind's own
 * create rules and answers each mistake in words shown under the field. Loaded only when opened.
 */
export default function ResubmitForm({
  kind,
  item,
  onDone,
}: {
  kind: TributeKindDescriptor;
  item: TributeItem;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const own = item as TributeItem & Record<string, unknown>;
  const textField = kind.form === 'text' ? kind.textField : null;
  const [words, setWords] = useState(textField ? String(own[textField] ?? '') : '');
  const initialBouquet = (own['bouquet'] as { id: string } | null | undefined)?.id ?? null;
  const [bouquet, setBouquet] = useState<string | null>(initialBouquet);
  const [error, setError] = useState<string | null>(null);
  const max = KINDS[kind.kind].text?.max ?? 0;
  const send = useMutation({
    mutationFn: (body: object) =>
      api.post<TributeItem>(`/${kind.kind}/${encodeURIComponent(item._id)}/resubmit`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tributeKeys.list(kind.kind, item.postId) });
      notify.success(`Thank you: your ${kind.noun} was sent to the family again.`);
      onDone();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 400) setError(errorMessage(e));
      else notify.error(errorMessage(e));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // A flower kept as it was (its own picture) is sent without a bouquet.
    const body = textField ? { [textField]: words } : bouquet ? { bouquet } : {};
    send.mutate(body);
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={send.isPending}>
      <Stack gap="sm">
        {item.returnNote ? (
          <Text size="sm">
            The family’s note: <q>{item.returnNote}</q>
          </Text>
        ) : null}
        {textField ? (
          <Textarea
            label={kind.form === 'text' ? kind.textLabel : 'Your words'}
            autosize
            minRows={4}
            value={words}
            onChange={(e) => setWords(e.currentTarget.value)}
            description={lengthHint(words, max)}
            error={error}
          />
        ) : (
          <>
            <Text size="sm">
              {initialBouquet
                ? 'Choose the bouquet to send.'
                : 'Choose a bouquet instead of your picture, or send your picture again as it is.'}
            </Text>
            <BouquetPicker value={bouquet} onChoose={setBouquet} />
            {error ? (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            ) : null}
          </>
        )}
        <FormActions submitLabel="Send again" busy={send.isPending} cancel={onDone} />
      </Stack>
    </form>
  );
}
