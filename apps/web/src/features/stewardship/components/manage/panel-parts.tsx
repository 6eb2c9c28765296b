import { Alert, Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/*
 * What the Manage area's tabs share: a query's loading state, a panel holding one form, and how
 * a change says it went.
 */

/** A panel's data once loaded; until then a small spinner, or the failure in the server's words. */
export function Loaded<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  return children(query.data);
}

/** A mutation's callbacks that say how it went: `message` on success (then `after`), else the error. */
export function outcome(message: string, after?: () => void) {
  return {
    onSuccess: () => {
      notify.success(message);
      after?.();
    },
    onError: (error: unknown) => notify.error(errorMessage(error)),
  };
}

/**
 * The outcome of an action whose row leaves the list when it succeeds (an invitation sent again
 * gets a new id; a withdrawn one goes): told from the promise, which settles even though the row,
 * and with it `mutate`'s own callbacks, are gone by then.
 */
export function told(done: Promise<unknown>, message: string) {
  done.then(
    () => notify.success(message),
    (error: unknown) => notify.error(errorMessage(error)),
  );
}

export interface PanelFormProps {
  title: string;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  busy: boolean;
  /** The submit button's words. */
  submit: string;
  children: ReactNode;
}

/** A panel holding one form: its heading, its fields, and its submit button. */
export function PanelForm({ title, onSubmit, busy, submit, children }: PanelFormProps) {
  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          {children}
          <Group>
            <Button type="submit" loading={busy}>
              {submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
