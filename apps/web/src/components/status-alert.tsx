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
