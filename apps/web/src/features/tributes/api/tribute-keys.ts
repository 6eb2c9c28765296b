import type { TributeKind } from '@/config/tribute-kinds';

/**
 * The query keys of tributes and galleries, apart from their queries: the app's change handler
 * (app/memorial-changes.ts), in every page's first bundle, needs only these.
 */
export const tributeKeys = {
  all: (postId: string) => ['tributes', postId] as const,
  list: (kind: TributeKind, postId: string) => ['tributes', postId, kind] as const,
  /** /add-flower: the memorial's title, or memorials to choose from. */
  memorialTitle: (postId: string) => ['tributes', 'memorial-title', postId] as const,
  memorialChoices: () => ['tributes', 'memorial-choices'] as const,
  uploadLimits: () => ['tributes', 'upload-limits'] as const,
};
