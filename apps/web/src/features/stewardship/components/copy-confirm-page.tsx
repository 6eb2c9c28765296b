import { Alert, Button, Stack, Text } from '@mantine/core';
import { CardPage } from '@/components/card-page';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLinkToken } from '@/lib/use-link-token';
import { useConfirmCopyAddress } from '../api/yearly-copy.api';

/**
 * Opened from the link emailed to an address a family chose for the memorial's yearly copy
 * (decision 0126). Opening it changes nothing; the button confirms the address.
 */
export default function CopyConfirmPage() {
  useDocumentTitle('Receive a yearly copy of a memorial');
  const token = useLinkToken();
  const confirm = useConfirmCopyAddress();
  return (
    <CardPage title="Receive a copy of a memorial every year" size={520}>
      <Stack gap="md">
        {!token ? (
          <Alert color="red" title="This link is incomplete">
            Open the link from the email again.
          </Alert>
        ) : confirm.isSuccess ? (
          <Alert color="teal" title="Thank you">
            This address will receive a copy of the memorial of {confirm.data.title} once a year.
            Each email has a link to stop it.
          </Alert>
        ) : (
          <>
            <Text>
              A family asked for a copy of a memorial they look after to be sent to this address
              once a year: a file that holds the whole memorial and opens in any web browser.
            </Text>
            <Text>
              If you would like to receive it, press the button. If not, simply close this page:
              nothing will be sent.
            </Text>
            {confirm.isError && <Alert color="red">{errorMessage(confirm.error)}</Alert>}
            <div>
              <Button loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
                Yes, send me the copy
              </Button>
            </div>
          </>
        )}
      </Stack>
    </CardPage>
  );
}
