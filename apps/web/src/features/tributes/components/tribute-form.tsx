import { Stack } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { FormActions } from '@/components/form-actions';
import type { TributeKindDescriptor } from '@/config/tribute-kinds';

/** What each kind's form is given: the memorial, and what follows sending or cancelling it. */
export interface TributeFormProps {
  postId: string;
  onDone?: () => void;
  onCancel?: () => void;
}

interface FrameProps {
  kind: TributeKindDescriptor;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  /** While the tribute is being sent: the form says so, and its submit shows it. */
  busy: boolean;
  onCancel: (() => void) | undefined;
  children: ReactNode;
}

/** A tribute form: the kind's fields, then Cancel and the kind's submit button. */
export function TributeForm({ kind, onSubmit, busy, onCancel, children }: FrameProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Stack gap="md">
        {children}
        <FormActions submitLabel={kind.submitLabel} busy={busy} cancel={onCancel} />
      </Stack>
    </form>
  );
}
