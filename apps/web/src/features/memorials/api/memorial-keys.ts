/**
 * The query keys of memorials, apart from their queries: the app's change handler
 * (app/memorial-changes.ts), in every page's first bundle, needs only these.
 */
export const memorialKeys = {
  all: ['memorials'] as const,
  lists: () => ['memorials', 'list'] as const,
  list: (q: string) => ['memorials', 'list', q] as const,
  detail: (id: string) => ['memorials', 'detail', id] as const,
  /** The caller's import of an archive, while it runs. */
  importJob: (jobId: string) => ['memorials', 'import', jobId] as const,
  contributors: (id: string) => ['memorials', 'contributors', id] as const,
  /** The profile's columns: the member's own Rips and the ones they contribute to. */
  own: (userId: string) => ['memorials', 'own', userId] as const,
  contributed: (userId: string) => ['memorials', 'contributed', userId] as const,
  /** Where a short link leads for the viewer (a memorial only some may see included). */
  shortLink: (code: string) => ['memorials', 'short-link', code] as const,
  /** The memorial's QR code, which encodes its short link (and changes only with it). */
  qrCode: (id: string, shortUrl: string) => ['memorials', 'qr', id, shortUrl] as const,
  /** Members offered to a memorial's owner as contributors (not a memorial answer). */
  members: (q: string) => ['members', q] as const,
};
