import { Paper, Radio, Stack, Switch } from '@mantine/core';
import { kindsInWords } from '@rips/shared/kinds';
import type { MemorialDetail, MemorialVisibility } from '@rips/shared/memorials';
import type { UpdateSettings } from '@rips/shared/stewardship';
import { VisibilityChoices } from '@/components/visibility-choices';
import { MODERATED_KINDS } from '@/config/tribute-kinds';
import { useUpdateSettings } from '../../api/stewardship.api';
import { outcome } from './panel-parts';

/** The settings that are on or off; some only count for memorials of one visibility. */
const SWITCHES: Array<{
  label: string;
  description: string;
  isOn: (memorial: MemorialDetail) => boolean;
  turn: (on: boolean) => UpdateSettings;
  onlyFor?: MemorialVisibility;
  /** Whether the setting means anything for this memorial yet. */
  applies?: (memorial: MemorialDetail) => boolean;
}> = [
  {
    label: 'Let search engines show this memorial',
    description:
      'Only for memorials everyone may see; otherwise search engines are always asked to skip it.',
    isOn: (memorial) => memorial.indexable,
    turn: (on) => ({ indexable: on }),
    onlyFor: 'public',
  },
  {
    label: `Approve ${kindsInWords(MODERATED_KINDS)} before they appear`,
    description: 'Visitors see their own as awaiting approval until you or a manager approves it.',
    isOn: (memorial) => memorial.tributeModeration === 'approve',
    turn: (on) => ({ tributeModeration: on ? 'approve' : 'open' }),
  },
  {
    label: 'Let people who cannot see it ask to join',
    description: 'For private memorials: others see only its name and may send a request.',
    isOn: (memorial) => memorial.allowAccessRequests,
    turn: (on) => ({ allowAccessRequests: on }),
    onlyFor: 'private',
  },
  {
    label: 'Mark the yahrzeit in the memorial’s calendar',
    description:
      'The anniversary of the death by the Hebrew calendar, each year, in the calendar people add from the memorial. Needs the death date.',
    isOn: (memorial) => memorial.observeYahrzeit,
    turn: (on) => ({ observeYahrzeit: on }),
    applies: (memorial) => memorial.deathDate !== null,
  },
  {
    label: 'The death came after sunset',
    description:
      'The Hebrew day begins at nightfall, so the yahrzeit is counted from the next day.',
    isOn: (memorial) => memorial.diedAfterSunset,
    turn: (on) => ({ diedAfterSunset: on }),
    applies: (memorial) => memorial.deathDate !== null && memorial.observeYahrzeit,
  },
];

/** Manage → Privacy: who may see the memorial, and the settings that are on or off. */
export function SettingsPanel({ memorial }: { memorial: MemorialDetail }) {
  const mutation = useUpdateSettings(memorial._id);
  const save = (change: UpdateSettings) =>
    mutation.mutate(change, outcome('The memorial’s settings were saved.'));
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Radio.Group
          label="Who may see this memorial?"
          value={memorial.visibility}
          onChange={(value) => save({ visibility: value as MemorialVisibility })}
        >
          <VisibilityChoices disabled={mutation.isPending} />
        </Radio.Group>
        {SWITCHES.map((setting) => (
          <Switch
            key={setting.label}
            label={setting.label}
            description={setting.description}
            checked={setting.isOn(memorial)}
            disabled={
              (setting.onlyFor !== undefined && memorial.visibility !== setting.onlyFor) ||
              (setting.applies !== undefined && !setting.applies(memorial)) ||
              mutation.isPending
            }
            onChange={(event) => save(setting.turn(event.currentTarget.checked))}
          />
        ))}
      </Stack>
    </Paper>
  );
}
