import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useFormGuard } from '@/lib/discard-changes';

interface FormActionsProps {
  submitLabel: string;
  /** While the form is being sent: the submit shows it, and Cancel waits. */
  busy: boolean;
  /** Closes the form, or (a path) leaves for that page; none: no Cancel. */
  cancel?: (() => void) | string;
  /** The submit says it is busy in its own words (the Edit Rip modal's "Updating...") instead of a spinner. */
  busyLabel?: string;
  submitDisabled?: boolean;
}

/** A form's Cancel and submit buttons, at its end. */
export function FormActions({
  submitLabel,
  busy,
  cancel,
  busyLabel,
  submitDisabled = false,
}: FormActionsProps) {
  // Inside a dialog that guards its forms, Cancel asks before throwing changes away.
  const guard = useFormGuard();
  const onCancel =
    typeof cancel === 'function' && guard ? () => guard.requestClose(cancel) : cancel;
  return (
    <Group justify="flex-end" gap="sm">
      {typeof cancel === 'string' ? (
        <Button component={Link} to={cancel} variant="default">
          Cancel
        </Button>
      ) : typeof onCancel === 'function' ? (
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
      <Button
        type="submit"
        loading={busy && !busyLabel}
        disabled={submitDisabled || (busy && Boolean(busyLabel))}
      >
        {busy && busyLabel ? busyLabel : submitLabel}
      </Button>
    </Group>
  );
}
