import { Alert, Button, Stack, Text } from '@mantine/core';
import { CardPage } from '@/components/card-page';
import { apiUrl } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLinkToken } from '@/lib/use-link-token';

/**
 * Opened from the emailed link to a large memorial's archive. Opening it changes nothing; the
 * button posts a plain form (not a script's request), so the browser saves the archive as it
 * arrives, however large, and the link is spent then (docs/decisions/0077-large-archives-by-email.md).
 */
export default function ArchiveDownloadPage() {
  useDocumentTitle('Download a memorial archive');
  const token = useLinkToken();
  return (
    <CardPage title="Download the memorial’s archive" size={520}>
      <Stack gap="md">
        {!token ? (
          <Alert color="red" title="This link is incomplete">
            Open the link from the email again, or ask for a new archive from the memorial page.
          </Alert>
        ) : (
          <form method="post" action={apiUrl('/exports/download')}>
            <input type="hidden" name="token" value={token} />
            <Stack gap="md">
              <Text>
                The archive holds everything on the memorial, and opens in any browser without our
                site. This link works once: keep the file somewhere safe.
              </Text>
              <Button type="submit">Download the archive</Button>
            </Stack>
          </form>
        )}
      </Stack>
    </CardPage>
  );
}
