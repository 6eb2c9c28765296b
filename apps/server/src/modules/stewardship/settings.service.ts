import {
  GALLERY_AUDIENCE_LABELS,
  VISIBILITY_LABELS,
  type GalleryAudience,
  type MemorialSettings,
  type MemorialVisibility,
} from '@rips/shared/memorials';
import { GUEST_KINDS, KIND_LIST, kindsInWords } from '@rips/shared/kinds';
import type { UpdateSettings } from '@rips/shared/stewardship';
import type { AppContext } from '../../context.js';
import {
  isIndexable,
  requireMemorialAccess,
  type MemorialRow,
} from '../memorials/memorials.policy.js';
import { updateMemorial } from '../memorials/memorials.repository.js';
import type { UserRow } from '../users/users.repository.js';
import * as repo from './stewardship.repository.js';

function settingsOf(row: MemorialRow): MemorialSettings {
  return {
    visibility: row.visibility,
    indexable: isIndexable(row),
    tributeModeration: row.tributeModeration,
    allowAccessRequests: row.allowAccessRequests,
    allowGuestTributes: row.allowGuestTributes,
    allowCandles: row.allowCandles,
    galleryAudience: row.galleryAudience,
    allowPublicBook: row.allowPublicBook,
    observeYahrzeit: row.observeYahrzeit,
    diedAfterSunset: row.diedAfterSunset,
  };
}

export async function updateSettings(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  fields: UpdateSettings,
): Promise<MemorialSettings> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const changes = Object.entries(fields).filter(
    ([key, value]) => value !== undefined && memorial[key as keyof UpdateSettings] !== value,
  );
  if (changes.length === 0) return settingsOf(memorial);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateMemorial(tx, memorial.id, fields);
    await repo.recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action: 'changed the settings',
      detail: changes
        .map(([key, value]) => settingInWords(key as keyof UpdateSettings, value))
        .join('; '),
    });
    return row!;
  });
  return settingsOf(updated);
}

/** "flowers and prayers": the kinds a guest may leave (decision 0103). */
const GUEST_KINDS_IN_WORDS = kindsInWords(GUEST_KINDS);

/** "flowers and prayers": the kinds a memorial's approval setting covers. */
const MODERATED_KINDS_IN_WORDS = kindsInWords(KIND_LIST.filter((kind) => kind.moderated));

/**
 * A changed setting as the activity list says it: "who may see it: Signed-in members". The
 * switch covers every setting, so a new one does not compile until it has its words.
 */
function settingInWords(key: keyof UpdateSettings, value: unknown): string {
  switch (key) {
    case 'visibility':
      return `who may see it: ${VISIBILITY_LABELS[value as MemorialVisibility].label}`;
    case 'indexable':
      return value ? 'search engines may list it' : 'search engines may not list it';
    case 'tributeModeration':
      return value === 'approve'
        ? `${MODERATED_KINDS_IN_WORDS} wait for approval`
        : `${MODERATED_KINDS_IN_WORDS} appear at once`;
    case 'allowAccessRequests':
      return value ? 'people who cannot see it may ask to join' : 'no requests to join';
    case 'allowGuestTributes':
      return value
        ? `guests without an account may leave ${GUEST_KINDS_IN_WORDS}`
        : `only members may leave ${GUEST_KINDS_IN_WORDS}`;
    case 'allowCandles':
      return value ? 'visitors may light candles' : 'no candles';
    case 'galleryAudience':
      return `who may see photos, memorabilia and documents: ${GALLERY_AUDIENCE_LABELS[value as GalleryAudience]}`;
    case 'allowPublicBook':
      return value
        ? 'anyone may download the memorial book while it is public'
        : 'only the family may download the memorial book';
    case 'observeYahrzeit':
      return value ? 'the calendar shows the yahrzeit' : 'the calendar leaves out the yahrzeit';
    case 'diedAfterSunset':
      return value ? 'the death was after sunset' : 'the death was before sunset';
  }
}
