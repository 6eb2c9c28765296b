import { Button, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';

interface TaskButtonProps extends ButtonProps {
  /** The work the button starts (a download); it reports its own success and failure. */
  task: () => Promise<unknown>;
  children: ReactNode;
}

/** A button that starts a longer task and shows it is busy until the task has settled. */
export function TaskButton({ task, ...props }: TaskButtonProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      {...props}
      loading={busy}
      onClick={() => {
        setBusy(true);
        void task().finally(() => setBusy(false));
      }}
    />
  );
}
