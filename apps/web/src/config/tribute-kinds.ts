/*
 * The kinds of things left on a memorial, one descriptor each. The memorial page's sections,
 * buttons, dialogs, lists and empty texts, the notices, and the admin page's labels are all drawn
 * from this map, so a new kind is one more entry here; a new kind of words (`form: 'text'`) needs
 * nothing else on the web: its item type and its form's fields and rules are the shared schemas'
 * (packages/shared/src/kind-schemas.ts), and one form serves every text kind
 * (docs/decisions/0096-web-forms-and-kinds-from-the-shared-schemas.md).
 *
 * The kinds themselves, their nouns, sections and whether they are reported are the shared list's
 * (packages/shared/src/kinds.ts): this map is a record over it, so a kind missing here does not
 * compile. Plain data: the memorial page loads it with the first paint (the imports below that
 * are not the list of kinds are types only).
 */
import type { GALLERY_FILE_FIELDS } from '@rips/shared/galleries';
import type { KindCreateFields, KindItem } from '@rips/shared/kind-schemas';
import { KIND_LIST, KINDS, type KindPath } from '@rips/shared/kinds';

/** The kinds by their API path segment (`/flowers`, `/prayers/post/{id}`...). */
export type TributeKind = KindPath;

interface KindBase<K extends TributeKind> {
  kind: K;
  /** One item, in a sentence: "Remove this flower?"; also the admin API's name for the kind. */
  noun: string;
  /** One item, as a label: the admin badge, "Photo shared by…". */
  label: string;
  /** The list's heading. */
  title: string;
  /** Flowers and prayers are for everyone; the galleries for the memorial's family circle. */
  section: 'tributes' | 'galleries';
  /** Signed-in visitors may report it to the family (the kinds the server moderates). */
  reportable: boolean;
  /** The button that opens the form, the form's dialog title and its submit button. */
  openLabel: string;
  dialogTitle: string;
  submitLabel: string;
  empty: string;
  success: string;
  failure: string;
  /** The admin page's badge colour. */
  color: 'sage' | 'slate';
}

interface FlowerKind extends KindBase<'flowers'> {
  display: 'flower';
  form: 'flower';
}

interface TextKind<K extends TributeKind> extends KindBase<K> {
  display: 'text';
  form: 'text';
  /**
   * The field holding its words, in the create call and in the item alike: its rules (length,
   * message) are the shared create schema's.
   */
  textField: Exclude<keyof KindCreateFields<K> & keyof KindItem<K> & string, 'postId'>;
  textLabel: string;
  textPlaceholder: string;
}

/**
 * A candle (decision 0111): lit with an optional short message, it burns 24 hours; its list says
 * how many burn now and how many were ever lit.
 */
interface CandleKind extends KindBase<'candles'> {
  display: 'candle';
  form: 'candle';
  textField: 'message';
  textLabel: string;
  textPlaceholder: string;
}

interface UploadKind<K extends UploadPath> extends KindBase<K> {
  display: 'picture' | 'document';
  form: 'upload';
  fileLabel: string;
  accept: 'image' | 'document';
  /** Documents are shared under the account's name: their "Your Name" cannot be changed. */
  nameEditable: boolean;
}

/** The gallery kinds: an upload form, with the file field the shared list names. */
type UploadPath = keyof typeof GALLERY_FILE_FIELDS;
/** Every other kind but flowers is one of words: one text, in the one text form. */
type TextPath = Exclude<TributeKind, 'flowers' | 'candles' | UploadPath>;

export type TributeKindDescriptor =
  | FlowerKind
  | CandleKind
  | { [K in TextPath]: TextKind<K> }[TextPath]
  | { [K in UploadPath]: UploadKind<K> }[UploadPath];

export const TRIBUTE_KINDS = {
  flowers: {
    kind: 'flowers',
    noun: KINDS.flowers.noun,
    label: 'Flower',
    title: 'Flowers',
    section: KINDS.flowers.section,
    reportable: KINDS.flowers.reportable,
    openLabel: 'Leave A Flower',
    dialogTitle: 'Leave A Flower',
    submitLabel: 'Leave Flower',
    empty: 'No flowers added yet. Be the first to leave one.',
    success: 'Flower Added Successfully',
    failure: 'Error creating flower, please try again.',
    color: 'sage',
    display: 'flower',
    form: 'flower',
  },
  prayers: {
    kind: 'prayers',
    noun: KINDS.prayers.noun,
    label: 'Prayer',
    title: 'Prayers',
    section: KINDS.prayers.section,
    reportable: KINDS.prayers.reportable,
    openLabel: 'Say A Prayer',
    dialogTitle: 'Say A Prayer',
    submitLabel: 'Say Prayer',
    empty: 'No prayers yet. Be the first to add one.',
    success: 'Prayer Created Successfully',
    failure: 'Error creating prayer, please try again.',
    color: 'slate',
    display: 'text',
    form: 'text',
    textField: 'prayerText',
    textLabel: 'Your prayer',
    textPlaceholder: 'Write a few words of prayer or remembrance',
  },
  candles: {
    kind: 'candles',
    noun: KINDS.candles.noun,
    label: 'Candle',
    title: 'Candles',
    section: KINDS.candles.section,
    reportable: KINDS.candles.reportable,
    openLabel: 'Light a candle',
    dialogTitle: 'Light a candle',
    submitLabel: 'Light the candle',
    empty: 'No candles lit yet. Be the first to light one.',
    success: 'Candle lit',
    failure: 'Error lighting the candle, please try again.',
    color: 'sage',
    display: 'candle',
    form: 'candle',
    textField: 'message',
    textLabel: 'A few words (optional)',
    textPlaceholder: 'Always in our hearts',
  },
  photos: {
    kind: 'photos',
    noun: KINDS.photos.noun,
    label: 'Photo',
    title: 'Photos',
    section: KINDS.photos.section,
    reportable: KINDS.photos.reportable,
    openLabel: 'Photos',
    dialogTitle: 'Add Photo',
    submitLabel: 'Add Photo',
    empty: 'No photo added yet. Be the first to leave one.',
    success: 'Photo Has Been Added Successfully',
    failure: 'Error Adding Photo, please try again.',
    color: 'sage',
    display: 'picture',
    form: 'upload',
    fileLabel: 'Photo',
    accept: 'image',
    nameEditable: true,
  },
  memorablias: {
    kind: 'memorablias',
    noun: KINDS.memorablias.noun,
    label: 'Memorablia',
    title: 'Memorablia',
    section: KINDS.memorablias.section,
    reportable: KINDS.memorablias.reportable,
    openLabel: 'Memoreblia',
    dialogTitle: 'Add Memorablia',
    submitLabel: 'Add Memorablia',
    empty: 'No memorablia added yet. Be the first to leave one.',
    success: 'Memorablia Has Been Added Successfully',
    failure: 'Error Adding memorablia, please try again.',
    color: 'sage',
    display: 'picture',
    form: 'upload',
    fileLabel: 'Memorablia image',
    accept: 'image',
    nameEditable: true,
  },
  documents: {
    kind: 'documents',
    noun: KINDS.documents.noun,
    label: 'Document',
    title: 'Documents',
    section: KINDS.documents.section,
    reportable: KINDS.documents.reportable,
    openLabel: 'Document',
    dialogTitle: 'Add Document',
    submitLabel: 'Add Document',
    empty: 'No document added yet. Be the first to leave one.',
    success: 'Document uploaded successfully',
    failure: 'Error uploading document, please try again.',
    color: 'sage',
    display: 'document',
    form: 'upload',
    fileLabel: 'Document (PDF, DOC or DOCX)',
    accept: 'document',
    nameEditable: false,
  },
} as const satisfies { [K in TributeKind]: TributeKindDescriptor & { kind: K } };

/** Every kind, in the order the memorial page shows them. */
export const TRIBUTE_KIND_LIST: readonly TributeKindDescriptor[] = Object.values(TRIBUTE_KINDS);

/** The kinds of one section of the memorial page. */
export function kindsOf(section: TributeKindDescriptor['section']): TributeKindDescriptor[] {
  return TRIBUTE_KIND_LIST.filter((descriptor) => descriptor.section === section);
}

/**
 * The kinds the family approves and hides in Manage → Moderation, and the administrators' list of
 * tributes shows: the shared list's moderated kinds (flowers and prayers today).
 */
export const MODERATED_KINDS = KIND_LIST.filter((kind) => kind.moderated);

/** Whether a signed-in visitor may report an item of this kind to the memorial's managers. */
export function isReportable(kind: TributeKind): boolean {
  return KINDS[kind].reportable;
}

/** A kind by the name the admin API gives it ("flower"), or null for one this app does not know. */
export function tributeKindByNoun(noun: string): TributeKindDescriptor | null {
  return TRIBUTE_KIND_LIST.find((descriptor) => descriptor.noun === noun) ?? null;
}
