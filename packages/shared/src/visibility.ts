/*
 * Who may see a memorial: the privacy levels, declared once with their words. The database's
 * CHECK, the archive format, the forms, Manage and the memorial page's note read this list, and
 * the rule itself (apps/server/src/modules/memorials/memorial-visibility.ts) is a record over it,
 * so a level missing there does not compile (docs/decisions/0055-memorial-privacy-levels.md).
 *
 * Plain data with no imports: the web's memorial page shows the note with the first paint.
 */

export const MEMORIAL_VISIBILITIES = ['public', 'unlisted', 'members', 'private'] as const;
export type Visibility = (typeof MEMORIAL_VISIBILITIES)[number];

export interface VisibilityWords {
  /** The choice in the create form and in Manage. */
  label: string;
  /** Under the choice: who may see it, and what else it changes. */
  description: string;
  /** Said under the memorial itself (empty: nothing to say). */
  note: string;
}

export const VISIBILITY_LABELS: Record<Visibility, VisibilityWords> = {
  public: {
    label: 'Everyone',
    description: 'Anyone can find it in search and on the home page.',
    note: '',
  },
  unlisted: {
    label: 'Anyone with the link',
    description:
      'Never listed or searchable; people you share the link with can open it. Its short link becomes a long one nobody can guess, and a short link shared before stops working.',
    note: 'Only people with the link can open this memorial; it is never listed or searched.',
  },
  members: {
    label: 'Signed-in members',
    description: 'Only people signed in to Rips Memorial can see it.',
    note: 'Only signed-in members can see this memorial.',
  },
  private: {
    label: 'Only the people I invite',
    description: 'Only you and the family and friends you invite can see it.',
    note: 'Private: only the people its family invited can see this memorial.',
  },
};
