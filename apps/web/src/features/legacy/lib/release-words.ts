import type {
  EntryMark,
  LegacySection,
  Release,
  SectionMark,
  Steward,
} from '@rips/shared/legacy-release';
import { longDateOfMoment, longDateTimeOfMoment } from '@/lib/long-date';

/*
 * The words of a Life Legacy's release after death, for the member, their stewards and readers.
 * Type-only imports: the Life Legacy page shows an entry's mark without loading the schemas.
 */

/** The legacy's parts, in the order the member wrote them, as the release speaks of them. */
export const RELEASE_SECTIONS: readonly { key: LegacySection; label: string }[] = [
  { key: 'about', label: 'About me' },
  { key: 'accomplishments', label: 'Accomplishments' },
  { key: 'assets', label: 'Assets' },
  { key: 'relationships', label: 'Relationships' },
  { key: 'bucketlists', label: 'Bucket list' },
  { key: 'aspirations', label: 'Aspirations' },
];

export const SECTION_MARK_LABELS: Record<SectionMark, string> = {
  private: 'Private',
  stewards: 'To my stewards',
};

/** The choices of "Released after my death to", in their order. */
export const ENTRY_MARK_CHOICES: readonly { value: EntryMark; label: string }[] = [
  { value: 'section', label: 'As its section' },
  { value: 'private', label: 'Private forever' },
  { value: 'stewards', label: 'My stewards' },
  { value: 'beneficiaries', label: 'These beneficiaries' },
];

/** An entry's mark as its row on the Life Legacy page shows it. */
export function entryMarkText(release: EntryMark | undefined, releaseTo: string[] = []): string {
  switch (release) {
    case 'private':
      return 'Private forever';
    case 'stewards':
      return 'My stewards';
    case 'beneficiaries':
      return releaseTo.length > 0 ? releaseTo.join(', ') : 'Beneficiaries';
    default:
      return 'As its section';
  }
}

/** "a@b.org, c@d.org" as typed into the beneficiaries' box, as the list the entry keeps. */
export function emailList(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((email) => email.trim())
    .filter(Boolean);
}

export const STEWARD_STATE_LABELS: Record<Steward['state'], string> = {
  invited: 'Invited',
  active: 'Active',
  expired: 'Invitation expired',
};

export const STEWARD_STATE_COLORS: Record<Steward['state'], string> = {
  invited: 'yellow',
  active: 'sage',
  expired: 'gray',
};

export const stewards = (n: number) =>
  n === 1 ? 'one steward' : n === 2 ? 'two stewards' : `${n} stewards`;
export const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

export function waitingLabel(n: number): string {
  if (n === 7) return '7 days (one week)';
  if (n === 14) return '14 days (two weeks)';
  if (n === 30) return '30 days (about a month)';
  if (n === 90) return '90 days (about three months)';
  return days(n);
}

/** A day, or nothing when the server gave none. */
export const onDay = (iso: string | null | undefined) => (iso ? longDateOfMoment(iso) : '');
export const atMoment = (iso: string | null | undefined) => (iso ? longDateTimeOfMoment(iso) : '');

/** Where the member's latest release stands, in words for the member. */
export function releaseStateText(release: Release): string {
  const when = onDay(release.closedAt);
  switch (release.state) {
    case 'reported':
      return `A steward reported your death; ${release.reports.length} of ${release.reportsNeeded} reports.`;
    case 'waiting':
      return `Your Life Legacy will be released on ${atMoment(release.endsAt)} unless you stop it.`;
    case 'released':
      return `Released on ${onDay(release.releasedAt)}, readable until ${onDay(release.accessUntil)}.`;
    case 'stopped':
      return `You stopped the release${when ? ` on ${when}` : ''}. Nothing was released.`;
    case 'withdrawn':
      return `The report of your death was withdrawn${when ? ` on ${when}` : ''}. Nothing was released.`;
    case 'revoked':
      return `You revoked all access${when ? ` on ${when}` : ''}. Nobody can read your legacy now.`;
    case 'expired':
      return `The access ended${when ? ` on ${when}` : ''}. Nobody can read your legacy now.`;
  }
}

/** "Ada Obi's", "James's": always the same ending, so every page says it the same way. */
export const possessive = (name: string) => `${name}'s`;
