import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The spec's title for a page that failed while it was shown (the router's errorElement). */
export const FALLBACK_TITLE = 'Unexpected Application Error!';
/** An unknown address is not an error of the application: it is said as what it is. */
export const NOT_FOUND_TITLE = 'Page not found';

/**
 * The page for unknown addresses (route `*`) and for errors thrown while showing a page
 * (the router's errorElement). It stays calm and always offers the way home.
 */
export function ErrorFallback({ notFound = false }: { notFound?: boolean }) {
  const error = useRouteError();
  const missing = notFound || (isRouteErrorResponse(error) && error.status === 404);
  const title = missing ? NOT_FOUND_TITLE : FALLBACK_TITLE;
  useDocumentTitle(title);
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);

  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Stack align="center" ta="center" gap="md">
        {missing ? null : (
          <Text fw={600} c="sage.7" tt="uppercase" size="sm" lts="0.08em">
            Something went wrong
          </Text>
        )}
        <Title order={1}>{title}</Title>
        <Text size="lg" c="dimmed" maw={480}>
          {missing
            ? 'We could not find the page you were looking for. It may have moved, or the address may be mistyped.'
            : 'We could not show this page just now. Please try again in a moment; nothing you saved has been lost.'}
        </Text>
        <Button component={Link} to={paths.home.href()} mt="sm">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}

/** The same page when the layout itself failed: no header, but still a landmark to skip to. */
export function RootErrorFallback() {
  return (
    <main id="main" tabIndex={-1}>
      <ErrorFallback />
    </main>
  );
}
