import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardPage } from '@/components/card-page';
import { useDocumentTitle } from '@/lib/use-document-title';
import { unsubscribe, UnsubscribeError } from '../api/follows.api';

/**
 * The digest's unsubscribe link (decision 0115): opening it changes nothing; the button stops the
 * emails, with no sign-in. The token stays in the query, as the mail's one-click header needs it
 * there; the server never logs query values.
 */
export default function UnsubscribePage() {
  useDocumentTitle('Stop the emails about a memorial');
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const stop = useMutation({ mutationFn: () => unsubscribe(token) });
  return (
    <CardPage title="Stop these emails" size={520}>
      <Stack gap="md">
        {!token ? (
          <Alert color="red" variant="light" role="alert">
            This link is incomplete. Please open the whole link from the email.
          </Alert>
        ) : stop.isSuccess ? (
          <Alert color="sage" variant="light" role="status">
            {`You will get no more emails about the memorial of ${stop.data.memorialTitle}. You can follow it again from its page at any time.`}
          </Alert>
        ) : stop.error instanceof UnsubscribeError && stop.error.gone ? (
          // Already stopped (a mail program's one click, or this page before): nothing went wrong.
          <Alert color="gray" variant="light" role="status">
            {stop.error.message}
          </Alert>
        ) : (
          <>
            <Text>
              Press the button and we will stop emailing you about this memorial. Nothing else
              changes.
            </Text>
            {stop.isError ? (
              <Alert color="red" variant="light" role="alert">
                {stop.error.message}
              </Alert>
            ) : null}
            <Button onClick={() => stop.mutate()} loading={stop.isPending} fullWidth>
              Stop the emails
            </Button>
          </>
        )}
      </Stack>
    </CardPage>
  );
}
