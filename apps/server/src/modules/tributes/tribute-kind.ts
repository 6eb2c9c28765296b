import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { KINDS, type CreationBudget, type KindPath, type KindSpec } from '@rips/shared/kinds';
import type { ItemStatus, TributeItem, TributeKindName } from '@rips/shared/tributes';
import type { Config } from '../../config.js';
import type { UploadedFile, UploadSpec } from '../../lib/multipart.js';
import type { ImageKind } from '../../media/image-store.js';
import type { MediaUrls } from '../../media/urls.js';
import type { Db } from '../../db/client.js';
import type { MemorialRow } from '../memorials/memorials.policy.js';
import type { UserRow } from '../users/users.repository.js';

/** The columns every item table has: flowers, prayers, photos, memorabilia, documents. */
export type ItemTable = PgTable & {
  id: PgColumn;
  memorialId: PgColumn;
  ownerId: PgColumn;
  authorName: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
};

export interface ItemRow {
  id: string;
  memorialId: string;
  /** The member who holds it; null for a guest's item (decision 0103). */
  ownerId: string | null;
  status: ItemStatus;
  /**
   * The author's name as text: for items imported from an archive (their author is not a member
   * here), and for a guest's item (no owner), the name the guest gave.
   */
  authorName: string | null;
  /** The family's note while the item is `returned` to its author (decision 0117). */
  returnNote: string | null;
  createdAt: Date;
}

/**
 * Who may see a kind's items: everyone who may see the memorial (flowers, prayers), or only its
 * owner, its contributors and administrators (photos, memorabilia, documents). Adding an item
 * follows the same line: any signed-in member, or the owner and contributors.
 */
export type Audience = 'everyone' | 'contributors';

interface ItemFileBase {
  /** The multipart field the spec names for it. */
  field: string;
  /** The column holding the key; upload quotas count `bytes`. */
  key: PgColumn;
  bytes: PgColumn;
  /** Set when the file is required: the message when it is missing. */
  required?: string;
  maxBytes(config: Config): number;
}

/**
 * How a kind keeps an uploaded file: a picture re-encoded into WebP variants under `folder`
 * (the key column holds the variants' folder), or a document kept byte for byte (the key
 * column holds the file's key).
 */
export type ItemFile =
  | (ItemFileBase & { form: 'image'; folder: ImageKind })
  | (ItemFileBase & { form: 'document'; folder: 'documents' });

/**
 * How a kind's own fields travel in a memorial archive (docs/memorial-archive.md): what export
 * writes of a row, the schema import reads them back with, and the restored row's columns. The
 * file (picture or document) and the fields every item has are handled once, generically.
 */
export interface ItemArchive<Row extends ItemRow = ItemRow> {
  fields: z.ZodType<Record<string, unknown>>;
  write(row: Row): Record<string, unknown>;
  values(fields: Record<string, unknown>): Record<string, unknown>;
}

/** What the moderation list shows of an item (`AdminTribute`). */
export interface ModerationPreview {
  text: string | null;
  image: string | null;
  bouquet: string | null;
}

/**
 * One kind of item left on a memorial: everything the generic repository, service, routes and
 * presenter need, and what backup, the storage check, media serving, memorial deletion, upload
 * quotas and moderation derive their lists from. Methods (not function-valued properties) keep
 * a kind of any row type usable as a plain `TributeKind`.
 */
export interface TributeKind<
  Row extends ItemRow = ItemRow,
  Item extends TributeItem = TributeItem,
  Fields extends { postId: string } = { postId: string },
> {
  /**
   * The API's name for the kind: `/api/v1/{path}`, `/{path}/post/{id}`, `/{path}/{id}`. Its nouns,
   * section, moderation, reports and budget are the shared list's (`KINDS[path]`).
   */
  path: KindPath;
  table: ItemTable;
  audience: Audience;
  /** The per-member rate-limit budget its creations count against. */
  creation: CreationBudget;
  /**
   * Set for a kind the family puts in order (photos): its lists go by this column ascending, a new
   * item goes first, and managers reorder them. Unset: newest first.
   */
  position?: PgColumn;
  /** The create call's text fields and file field, parsed by the shared zod schema. */
  upload: UploadSpec<z.ZodType<Fields>, string>;
  /** The item as the API answers it. */
  schema: z.ZodType<Item>;
  /** Its own fields in a memorial archive. */
  archive: ItemArchive<Row>;
  file: ItemFile | null;
  /** The spec's success texts, and the list's message. */
  messages: { created: string; removed: string; listed: string };
  /** Present on the kinds the shared list moderates, with the name moderation uses (its noun). */
  moderation: {
    name: TributeKindName;
    preview(urls: MediaUrls, row: Row): ModerationPreview;
  } | null;
  /** Refuses a request no caller could make right, before any right is checked or byte stored. */
  check?(fields: Fields, file: UploadedFile | undefined): void;
  /** The new row's own columns (the service adds memorial, author and the stored file's columns). */
  values(fields: Fields, author: UserRow): Record<string, unknown>;
  /**
   * The kind's own fields of the API item (the presenter adds id, memorial, author, date,
   * abilities); `now` is the app's clock, for a kind whose item changes with time (a candle burns).
   */
  present(urls: MediaUrls, row: Row, now: Date): Omit<Item, keyof TributeItem>;
  /** Set for a kind lit once a day that burns for a while (candles, decision 0111). */
  lit?: LitKind;
}

/** Who leaves an item: a member by account, or a guest by the hash of their confirmed address. */
export type ItemAuthor = { ownerId: string } | { emailHash: string };

/**
 * A kind lit once per person per memorial per day, which burns for a while (candles): its row's
 * time is the app's clock, its list carries a tally beside the items, and the family may switch
 * it off on a memorial.
 */
export interface LitKind {
  /** The fields the list's answer carries beside `data` (`burning`, `litCount`). */
  tally: z.ZodObject;
  /** Counts the memorial's items the viewer may see, at `now`. */
  count(
    db: Db,
    memorialId: string,
    viewerId: string | null,
    now: Date,
  ): Promise<Record<string, number>>;
  /**
   * Refuses the item before it is written: switched off on this memorial (403), or this author
   * already lit one here within the day (429).
   */
  admit(db: Db, memorial: MemorialRow, author: ItemAuthor, now: Date): Promise<void>;
}

/** What a kind declares on the server; the rest comes from the shared list of kinds. */
export type KindDefinition<
  P extends KindPath,
  Row extends ItemRow,
  Item extends TributeItem,
  Fields extends { postId: string },
> = Omit<TributeKind<Row, Item, Fields>, 'path' | 'audience' | 'creation' | 'moderation'> & {
  /** A moderated kind (in the shared list) must say how moderation previews it; others say null. */
  moderation: (typeof KINDS)[P]['moderated'] extends true
    ? { preview(urls: MediaUrls, row: Row): ModerationPreview }
    : null;
};

/**
 * A kind of the registry: its own declaration, with its audience, budget and moderation name
 * taken from the shared list (`KINDS[path]`), so they are never declared twice.
 */
export function defineKind<
  P extends KindPath,
  Row extends ItemRow,
  Item extends TributeItem,
  Fields extends { postId: string },
>(
  path: P,
  own: KindDefinition<P, Row, Item, Fields>,
): TributeKind<Row, Item, Fields> & { path: P } {
  const spec: KindSpec = KINDS[path];
  const preview = own.moderation as {
    preview(urls: MediaUrls, row: Row): ModerationPreview;
  } | null;
  return {
    ...own,
    path,
    audience: spec.section === 'tributes' ? 'everyone' : 'contributors',
    creation: spec.creation,
    moderation: preview && { name: spec.noun as TributeKindName, preview: preview.preview },
  };
}
