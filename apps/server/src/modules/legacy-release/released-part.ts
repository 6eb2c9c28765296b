import type {
  EntryMark,
  LegacySection,
  ReleasedLegacy,
  SectionMarks,
} from '@rips/shared/legacy-release';
import type { LegacyRecord } from '../legacy/legacy.repository.js';

/** The sections with entries, by their name in the API and their rows in a legacy record. */
const ENTRY_SECTIONS = [
  ['accomplishments', 'accomplishments', ['description', 'from', 'to', 'beneficiaries']],
  ['assets', 'assets', ['item', 'description', 'value', 'beneficiaries']],
  ['relationships', 'relationships', ['name', 'lastName', 'relationship']],
  ['bucketlists', 'bucketList', ['type', 'description', 'status']],
  ['aspirations', 'aspirations', ['name', 'description', 'comment']],
] as const satisfies readonly [
  Exclude<LegacySection, 'about'>,
  keyof Omit<LegacyRecord, 'legacy'>,
  readonly string[],
][];

/** A section's mark as stored: a section never marked is private. */
export function sectionMark(sections: Partial<SectionMarks>, section: LegacySection) {
  return sections[section] ?? 'private';
}

/** Who an entry reaches: its own mark, or its section's. */
export function effectiveMark(
  entry: { release: EntryMark },
  sections: Partial<SectionMarks>,
  section: LegacySection,
): Exclude<EntryMark, 'section'> {
  return entry.release === 'section' ? sectionMark(sections, section) : entry.release;
}

/** Whether any asset would be released: then two stewards must report (never one alone). */
export function assetsMarked(record: LegacyRecord | null, sections: Partial<SectionMarks>) {
  return Boolean(record?.assets.some((a) => effectiveMark(a, sections, 'assets') !== 'private'));
}

/** Every beneficiary an entry of the legacy is released to, lower-cased, once each. */
export function beneficiaryEmails(
  record: LegacyRecord | null,
  sections: Partial<SectionMarks>,
): string[] {
  const emails = new Set<string>();
  for (const [section, rows] of ENTRY_SECTIONS) {
    for (const entry of record?.[rows] ?? []) {
      if (effectiveMark(entry, sections, section) !== 'beneficiaries') continue;
      for (const email of entry.releaseTo) emails.add(email.toLowerCase());
    }
  }
  return [...emails];
}

export interface Reader {
  email: string;
  isSteward: boolean;
  /** Distinct stewards who reported the death: assets open only to a release two reported. */
  reportCount: number;
}

/**
 * Exactly what the member marked for `reader`: the entries released to the stewards (for a
 * steward) and those naming the reader's email (for a beneficiary). Nothing else, and not the
 * other beneficiaries' addresses.
 */
export function releasedPart(
  record: LegacyRecord | null,
  sections: Partial<SectionMarks>,
  reader: Reader,
): Omit<ReleasedLegacy, 'memberName' | 'releasedAt' | 'accessUntil'> {
  const email = reader.email.toLowerCase();
  const reaches = (mark: Exclude<EntryMark, 'section'>, releaseTo: string[]) =>
    (mark === 'stewards' && reader.isSteward) ||
    (mark === 'beneficiaries' && releaseTo.some((e) => e.toLowerCase() === email));
  const part = {
    about:
      record && reader.isSteward && sectionMark(sections, 'about') === 'stewards'
        ? { birthPlace: record.legacy.birthPlace, description: record.legacy.description }
        : null,
    accomplishments: [] as Record<string, string>[],
    assets: [] as Record<string, string>[],
    relationships: [] as Record<string, string>[],
    bucketlists: [] as Record<string, string>[],
    aspirations: [] as Record<string, string>[],
  };
  for (const [section, rows, fields] of ENTRY_SECTIONS) {
    if (section === 'assets' && reader.reportCount < 2) continue;
    for (const entry of record?.[rows] ?? []) {
      if (!reaches(effectiveMark(entry, sections, section), entry.releaseTo)) continue;
      const values = entry as unknown as Record<string, string>;
      part[section].push(Object.fromEntries(fields.map((f) => [f, values[f] ?? ''])));
    }
  }
  return part;
}

/** Whether a part holds anything at all. */
export function isEmptyPart(part: ReturnType<typeof releasedPart>): boolean {
  return !part.about && ENTRY_SECTIONS.every(([section]) => part[section].length === 0);
}
