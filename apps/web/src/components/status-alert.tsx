import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** Good news or a gentle offer (an email on its way, writing kept), read out politely. */
export function StatusAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="sage" variant="light" title={title} role="status">
      {children}
    </Alert>
  );
}

/** What went wrong with what the person just did, read out at once. */
export function ProblemAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}
