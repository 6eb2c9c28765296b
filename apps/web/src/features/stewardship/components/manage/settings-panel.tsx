import { Paper, Radio, Stack, Switch } from '@mantine/core';
import { GUEST_KINDS, kindsInWords } from '@rips/shared/kinds';
import {
  GALLERY_AUDIENCE_LABELS,
  GALLERY_AUDIENCES,
  type GalleryAudience,
  type MemorialDetail,
  type MemorialVisibility,
} from '@rips/shared/memorials';
import type { UpdateSettings } from '@rips/shared/stewardship';
import { VisibilityChoices } from '@/components/visibility-choices';
import { MODERATED_KINDS } from '@/config/tribute-kinds';
import { useUpdateSettings } from '../../api/stewardship.api';
import { outcome } from './panel-parts';

/** What each choice of who sees the galleries means, under its label. */
const GALLERY_AUDIENCE_NOTES: Record<GalleryAudience, string> = {
  people: 'Only you, the managers and the contributors you chose see and add them.',
  visitors:
    'Everyone who may see this memorial sees them, without adding any; contributors still add them.',
};

/** The settings that are on or off; some only count for memorials of one visibility. */
const SWITCHES: Array<{
  label: string;
  description: string;
  isOn: (memorial: MemorialDetail) => boolean;
  turn: (on: boolean) => UpdateSettings;
  onlyFor?: MemorialVisibility | MemorialVisibility[];
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
    label: `Let guests leave ${kindsInWords(GUEST_KINDS)} without an account`,
    description:
      'With their name and email address, confirmed from a link we email them; the address is never shown. Only for memorials anyone may see or open by link.',
    isOn: (memorial) => memorial.allowGuestTributes,
    turn: (on) => ({ allowGuestTributes: on }),
    onlyFor: ['public', 'unlisted'],
  },
  {
    label: 'Let visitors light candles',
    description:
      'A candle burns for 24 hours with a few words if one wishes; the memorial counts every candle lit. Always free.',
    isOn: (memorial) => memorial.allowCandles,
    turn: (on) => ({ allowCandles: on }),
  },
  {
    label: 'Let anyone download the memorial book',
    description:
      'The printable book (PDF) of the life story, timeline, tributes, events and charities. The owner, the managers and the named successor can always download it; with this on, so can every visitor while the memorial is public. Photos are in it only if visitors may see the galleries.',
    isOn: (memorial) => memorial.allowPublicBook,
    turn: (on) => ({ allowPublicBook: on }),
    onlyFor: 'public',
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
        <Radio.Group
          label="Who may see photos, memorabilia and documents?"
          value={memorial.galleryAudience}
          onChange={(value) => save({ galleryAudience: value as GalleryAudience })}
        >
          <Stack gap="sm" mt="xs">
            {GALLERY_AUDIENCES.map((audience) => (
              <Radio
                key={audience}
                value={audience}
                label={GALLERY_AUDIENCE_LABELS[audience]}
                description={GALLERY_AUDIENCE_NOTES[audience]}
                disabled={mutation.isPending}
              />
            ))}
          </Stack>
        </Radio.Group>
        {SWITCHES.map((setting) => (
          <Switch
            key={setting.label}
            label={setting.label}
            description={setting.description}
            checked={setting.isOn(memorial)}
            disabled={
              (setting.onlyFor !== undefined &&
                ![setting.onlyFor].flat().includes(memorial.visibility)) ||
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
