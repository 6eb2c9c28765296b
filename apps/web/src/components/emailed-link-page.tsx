import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardPage } from '@/components/card-page';
import { StatusAlert } from '@/components/status-alert';
import { useDocumentTitle } from '@/lib/use-document-title';

interface EmailedLinkPageProps {
  /** The page's heading and its document title. */
  title: string;
  /** The link's token; without it the page only says the link is incomplete. */
  token: string;
  /** What to say of a link opened without its token (what to do instead). */
  incomplete: ReactNode;
  /** The server's words once the link's action succeeded; until then `children` show. */
  done?: string;
  /** What the link offers: the form or button that acts on it. */
  children: ReactNode;
  /** Below, in every state: the way on (to log in, to ask for a new link). */
  after?: ReactNode;
}

/**
 * A page opened from an emailed link: opening it changes nothing, its button does what the link is
 * for (docs/decisions/0014-reset-link-opens-a-form.md). It shows one of three things: that the
 * link is incomplete, the server's words once it worked, or what the link offers.
 */
export function EmailedLinkPage({
  title,
  token,
  incomplete,
  done,
  children,
  after,
}: EmailedLinkPageProps) {
  useDocumentTitle(title);
  return (
    <CardPage title={title} size={520}>
      <Stack gap="md">
        {!token ? (
          <LinkFailure>{incomplete}</LinkFailure>
        ) : done !== undefined ? (
          <StatusAlert>{done}</StatusAlert>
        ) : (
          children
        )}
        {after}
      </Stack>
    </CardPage>
  );
}

/** Why the link did not work, read out at once. */
export function LinkFailure({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}
