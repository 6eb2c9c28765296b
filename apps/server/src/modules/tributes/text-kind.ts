import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { capitalized, KINDS, type TextKindPath } from '@rips/shared/kinds';
import { createTextSchema, textItemSchema, type TributeItem } from '@rips/shared/tributes';
import { uploadForm } from '../../lib/multipart.js';
import {
  defineKind,
  type ItemRow,
  type ItemTable,
  type KindDefinition,
  type TributeKind,
} from './tribute-kind.js';

/** A row of a text kind's table (`textItems` in the database schema): every item's columns and the words. */
export type TextRow = ItemRow & { text: string };

/** A text kind's item and create fields, the words under the kind's own field name. */
type TextItem = TributeItem & Record<string, unknown>;
type CreateText = { postId: string } & Record<string, unknown>;

/**
 * The server's whole descriptor of a kind whose item is words alone (a prayer), made from its
 * entry in the shared list (`KINDS[path].text`) and its table: the create call takes the words
 * as form data or JSON (a file part is refused), the archive keeps them as `text`, moderation
 * previews them, and the answers say "Prayer Created Successfully", "Prayer removed", "Prayers".
 */
export function textKind<P extends TextKindPath>(
  path: P,
  table: ItemTable & { text: PgColumn },
): TributeKind<TextRow, TextItem, CreateText> & { path: P } {
  const { noun, plural, moderated, text } = KINDS[path];
  const preview = {
    preview: (_urls: unknown, row: TextRow) => ({ text: row.text, image: null, bouquet: null }),
  };
  return defineKind<P, TextRow, TextItem, CreateText>(path, {
    table,
    upload: uploadForm(
      createTextSchema(path) as unknown as z.ZodType<CreateText>,
      {},
      {
        json: true,
      },
    ),
    schema: textItemSchema(path) as unknown as z.ZodType<TextItem>,
    file: null,
    archive: {
      fields: z.object({ text: z.string().min(1).max(text.max) }),
      write: (row) => ({ text: row.text }),
      values: (fields) => ({ text: fields['text'] }),
    },
    messages: {
      created: `${capitalized(noun)} Created Successfully`,
      removed: `${capitalized(noun)} removed`,
      listed: capitalized(plural),
    },
    moderation: (moderated ? preview : null) as KindDefinition<
      P,
      TextRow,
      TextItem,
      CreateText
    >['moderation'],
    values: (fields) => ({ text: fields[text.field] }),
    present: (_urls, row) => ({ [text.field]: row.text }),
  });
}
