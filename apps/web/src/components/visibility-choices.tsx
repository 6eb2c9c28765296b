import { Radio, Stack } from '@mantine/core';
import { VISIBILITY_LABELS, type MemorialVisibility } from '@rips/shared/memorials';

const VISIBILITIES = Object.keys(VISIBILITY_LABELS) as MemorialVisibility[];

/** The answers to "Who may see this memorial?", each with what it means (inside a Radio.Group). */
export function VisibilityChoices({ disabled }: { disabled?: boolean }) {
  return (
    <Stack gap="sm" mt="xs">
      {VISIBILITIES.map((v) => (
        <Radio
          key={v}
          value={v}
          label={VISIBILITY_LABELS[v].label}
          description={VISIBILITY_LABELS[v].description}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}
