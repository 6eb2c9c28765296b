/*
 * How each API call is named in the OpenAPI document (/api/v1/openapi.json): a stable camelCase
 * `operationId` that generated clients use as a method name, a one-line `summary`, and one tag
 * that groups it with the calls of the same subject (docs/decisions/0095-api-document-for-tools.md).
 */

/** The document's tags, in the order Swagger UI shows them, each with what its calls are for. */
export const API_TAGS = {
  Auth: 'Registering, signing in and out, becoming a sponsor, and the signed-in member.',
  Account: 'A member changing their profile, email, password, or deleting their account.',
  'Password reset': 'A forgotten password: the emailed single-use link and the new password.',
  Memorials: 'Memorial pages (the spec’s posts): listing, reading, creating, updating, likes.',
  Sharing: 'Short links, QR codes and printable posters of a memorial.',
  Members: 'Finding members and adding them to a memorial as contributors.',
  Tributes: 'Flowers and prayers left on a memorial.',
  Galleries: 'Photos, memorabilia and documents of a memorial, and the upload limits.',
  Stewardship:
    'Looking after a memorial: privacy settings, people and invitations, moderation, reports, ' +
    'activity, ownership, successor, and requests to see a private memorial.',
  Legacy: 'A member’s own Life Legacy record.',
  Archives: 'Downloading a memorial’s archive or one’s own data, and importing an archive.',
  Previews: 'Link-preview cards of public memorials.',
  Home: 'What the home page shows.',
  Contact: 'Writing to the people who run the site.',
  Admin: 'Administration: members, memorials, tributes and reports across the site.',
} as const satisfies Record<string, string>;

export type ApiTag = keyof typeof API_TAGS;

/** What a route's schema carries for the document: spread it into the route's `schema`. */
export interface ApiOperation {
  operationId: string;
  summary: string;
  tags: [ApiTag];
}

/**
 * The namer of one subject's calls: `const op = apiOperations('Memorials')`, then
 * `schema: { ...op('getMemorial', 'Read one memorial'), params, response }`. A test checks that
 * every call has one and that no two share an operationId.
 */
export function apiOperations(tag: ApiTag) {
  return (operationId: string, summary: string): ApiOperation => ({
    operationId,
    summary,
    tags: [tag],
  });
}
