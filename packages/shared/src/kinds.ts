/*
 * The kinds of things left on a memorial, declared once. The server's registry
 * (apps/server/src/modules/tributes/tribute-kinds.ts) and the web's
 * (apps/web/src/config/tribute-kinds.ts) are records over `KindPath`, so a kind missing from
 * either does not compile; the archive page, the memorial page's prefetch, the Report button,
 * moderation's wording, the section headings and the rate-limit budgets read this list.
 *
 * Plain data with no imports: the web's memorial page loads it with the first paint.
 */

/** What a member creates that is rate-limited per member; each budget has its own setting. */
export const CREATION_BUDGETS = ['flowers', 'prayers', 'candles', 'uploads'] as const;
export type CreationBudget = (typeof CREATION_BUDGETS)[number];

/**
 * How the offline archive page shows a kind: a flower (picture or bouquet), words (the archive
 * keeps them in the item's `text` field), a gallery picture, or a document link.
 */
export type ArchiveDisplay = 'flower' | 'text' | 'picture' | 'document';

/**
 * A kind whose item is words alone (a prayer): its schemas, its server descriptor, its table and
 * the web's form are made from this, so a new text kind is its entry here, one line naming its
 * table, its generated migration, and its texts on the web (the README's recipe).
 */
export interface TextKindSpec<F extends string = string> {
  /** The create call's and the item's field that carries the words (`prayerText`). */
  field: F;
  /** The longest the words may be, in characters. */
  max: number;
  /** The words in an error message ("The prayer must not contain control characters."). */
  label: string;
  /** Said when the words are missing or empty. */
  missing: string;
}

export interface KindSpec<P extends string = string> {
  /** The API's name for the kind: `/api/v1/{path}`. */
  path: P;
  /** One item in a sentence ("the prayer by Ann Lee"); also the admin API's name for the kind. */
  noun: string;
  /** One item with its article, in the activity list ("added a photo", "a piece of memorabilia"). */
  one: string;
  /** Several, in a sentence or a heading ("Flowers and prayers"). */
  plural: string;
  /** Tributes are for everyone who may see the memorial; galleries for its family circle. */
  section: 'tributes' | 'galleries';
  /** Its items wait for approval when the memorial asks it, and managers hide and unhide them. */
  moderated: boolean;
  /** A signed-in visitor may report an item to the memorial's managers. */
  reportable: boolean;
  /**
   * Anyone who may see the memorial without an account may leave one as a guest, with a name and
   * an email address whose emailed link publishes it (decision 0103). Words and bouquets only:
   * a guest never uploads a file.
   */
  guests: boolean;
  archive: ArchiveDisplay;
  /** The per-member budget its creations count against. */
  creation: CreationBudget;
  /** Set for a kind whose item is words alone; null for a kind with its own fields or a file. */
  text: TextKindSpec | null;
}

export const KIND_PATHS = [
  'flowers',
  'prayers',
  'candles',
  'photos',
  'memorablias',
  'documents',
] as const;
export type KindPath = (typeof KIND_PATHS)[number];

export const KINDS = {
  flowers: {
    path: 'flowers',
    noun: 'flower',
    one: 'a flower',
    plural: 'flowers',
    section: 'tributes',
    moderated: true,
    reportable: true,
    guests: true,
    archive: 'flower',
    creation: 'flowers',
    text: null,
  },
  prayers: {
    path: 'prayers',
    noun: 'prayer',
    one: 'a prayer',
    plural: 'prayers',
    section: 'tributes',
    moderated: true,
    reportable: true,
    guests: true,
    archive: 'text',
    creation: 'prayers',
    text: {
      field: 'prayerText',
      max: 2000,
      label: 'The prayer',
      missing: 'Please write your prayer.',
    },
  },
  // A candle burns 24 hours from when it is lit; its words are optional, so it is a kind with
  // fields of its own (`message`), not a kind of words (decision 0111).
  candles: {
    path: 'candles',
    noun: 'candle',
    one: 'a candle',
    plural: 'candles',
    section: 'tributes',
    moderated: true,
    reportable: true,
    guests: true,
    archive: 'text',
    creation: 'candles',
    text: null,
  },
  photos: {
    path: 'photos',
    noun: 'photo',
    one: 'a photo',
    plural: 'photos',
    section: 'galleries',
    moderated: false,
    reportable: false,
    guests: false,
    archive: 'picture',
    // Photos, memorabilia and documents share one budget: they are one gallery upload form.
    creation: 'uploads',
    text: null,
  },
  memorablias: {
    path: 'memorablias',
    noun: 'memorablia',
    one: 'a piece of memorabilia',
    plural: 'memorablia',
    section: 'galleries',
    moderated: false,
    reportable: false,
    guests: false,
    archive: 'picture',
    creation: 'uploads',
    text: null,
  },
  documents: {
    path: 'documents',
    noun: 'document',
    one: 'a document',
    plural: 'documents',
    section: 'galleries',
    moderated: false,
    reportable: false,
    guests: false,
    archive: 'document',
    creation: 'uploads',
    text: null,
  },
} as const satisfies { [P in KindPath]: KindSpec<P> };

/** The kinds whose item is words alone (`text` set). */
export type TextKindPath = {
  [P in KindPath]: (typeof KINDS)[P]['text'] extends null ? never : P;
}[KindPath];

/** Every kind, in the order pages show them. */
export const KIND_LIST: readonly KindSpec<KindPath>[] = KIND_PATHS.map((path) => KINDS[path]);

/** The kinds of one section of the memorial page. */
export function kindsIn(section: KindSpec['section']): KindSpec<KindPath>[] {
  return KIND_LIST.filter((kind) => kind.section === section);
}

/** A kind by its API path, or null for a path this product does not know. */
export function kindAt(path: string): KindSpec<KindPath> | null {
  return (KIND_PATHS as readonly string[]).includes(path) ? KINDS[path as KindPath] : null;
}

/** The kinds a guest may leave without an account (`guests`). */
export const GUEST_KINDS: readonly KindSpec<KindPath>[] = KIND_LIST.filter((kind) => kind.guests);

/** The nouns of the moderated kinds, the admin API's names for them ("flower", "prayer"). */
export type ModeratedNoun = {
  [P in KindPath]: (typeof KINDS)[P]['moderated'] extends true ? (typeof KINDS)[P]['noun'] : never;
}[KindPath];

/**
 * "flowers and prayers", "flowers, prayers and candles": a list of kinds in a sentence; with
 * `or`, as alternatives ("no flowers or prayers").
 */
export function kindsInWords(
  kinds: readonly KindSpec[],
  conjunction: 'and' | 'or' = 'and',
): string {
  const words = kinds.map((kind) => kind.plural);
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

/** "Photo": a noun as a label. */
export function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Flowers and prayers": a list of kinds as a heading. */
export function kindsHeading(kinds: readonly KindSpec[]): string {
  return capitalized(kindsInWords(kinds));
}

/**
 * "1 tribute awaits your approval", "2 tributes await your approval": the items of the moderated
 * kinds waiting for a manager, in the words the memorial page, the menu and the digest use.
 */
export function tributesAwaitingApproval(count: number): string {
  return count === 1 ? '1 tribute awaits your approval' : `${count} tributes await your approval`;
}
