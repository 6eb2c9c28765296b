import { Button, Group, Text } from '@mantine/core';
import type { StoredDraft } from '@/lib/form-drafts';
import { StatusAlert } from './status-alert';

/** The draft side of a form (see lib/use-zod-form): what it offers back, and the two answers. */
interface DraftOffer {
  offeredDraft: StoredDraft<unknown> | null;
  restoreDraft: () => void;
  discardDraft: () => void;
}

function savedWhen(savedAt: number): string {
  const minutes = Math.round((Date.now() - savedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** Offers back unfinished writing kept on this device (see lib/form-drafts). */
export function DraftNotice({ form }: { form: DraftOffer }) {
  const draft = form.offeredDraft;
  if (!draft) return null;
  return (
    <StatusAlert title="You have unsaved writing">
      <Text size="sm" mb="xs">
        What you typed here {savedWhen(draft.savedAt)} was kept on this device.
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={form.restoreDraft}>
          Restore my writing
        </Button>
        <Button size="xs" variant="default" onClick={form.discardDraft}>
          Discard it
        </Button>
      </Group>
    </StatusAlert>
  );
}
