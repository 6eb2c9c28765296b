/*
 * How each API call is named in the OpenAPI document (/api/v1/openapi.json): a stable camelCase
 * `operationId` that generated clients use as a method name, a one-line `summary`, and one tag
 * that groups it with the calls of the same subject (docs/decisions/0095-api-document-for-tools.md).
 * The names live in one table, not in the routes (docs/decisions/0097-api-operations-in-one-table.md).
 */
import { API_PREFIX } from '@rips/shared/api';
import { capitalized, kindsIn, type KindSpec } from '@rips/shared/kinds';

/** The document's tags, in the order Swagger UI shows them, each with what its calls are for. */
export const API_TAGS = {
  Auth: 'Registering, signing in and out, becoming a sponsor, and the signed-in member.',
  Account: 'A member changing their profile, email, password, or deleting their account.',
  'Password reset': 'A forgotten password: the emailed single-use link and the new password.',
  Memorials: 'Memorial pages (the spec’s posts): listing, reading, creating, updating, likes.',
  Sharing: 'Short links, QR codes, printable posters and the printed book of a memorial.',
  Members: 'Finding members and adding them to a memorial as contributors.',
  Tributes: 'Flowers and prayers left on a memorial, by members and by guests without an account.',
  Galleries: 'Photos, memorabilia and documents of a memorial, and the upload limits.',
  Timeline:
    'A memorial’s life timeline (moments, suggestions waiting for a manager) and the charities ' +
    'its family names in lieu of flowers.',
  Events:
    'A memorial’s services and events (the funeral, a memorial service, a celebration of life) ' +
    'and the answers members and guests give to them.',
  Following:
    'Following a memorial for a digest of what is new: members, and guests by a confirmed email.',
  Stewardship:
    'Looking after a memorial: privacy settings, people and invitations, moderation, reports, ' +
    'activity, ownership, successor, and requests to see a private memorial.',
  Reminders:
    'A member’s own email reminders of a memorial’s anniversaries: chosen per memorial, listed ' +
    'and stopped.',
  Legacy: 'A member’s own Life Legacy record.',
  'Legacy release':
    'A Life Legacy after its member’s death: the member’s rules and stewards, the stewards’ ' +
    'reports, the waiting period the member can stop, and the readers’ access to what was left them.',
  Archives: 'Downloading a memorial’s archive or one’s own data, and importing an archive.',
  'Yearly copy':
    'The archive of a memorial emailed once a year and at each change of owner to its family: ' +
    'a member’s own switch, and the addresses of the family’s choosing.',
  Previews: 'Link-preview cards of public memorials.',
  Home: 'What the home page shows.',
  Contact: 'Writing to the people who run the site.',
  Admin: 'Administration: members, memorials, tributes and reports across the site.',
} as const satisfies Record<string, string>;

export type ApiTag = keyof typeof API_TAGS;

/** What the document says of one call: added to its schema by the swagger transform (api-docs.ts). */
export interface ApiOperation {
  operationId: string;
  summary: string;
  tags: [ApiTag];
}

/** A call's stable camelCase `operationId` (a generated client's method name) and its summary. */
type Naming = readonly [operationId: string, summary: string];

/** One tag's calls, each keyed `'METHOD /api/v1/path'` with `:params` as Fastify registers it. */
type TagOperations = Record<string, Naming>;

/**
 * The three calls of every kind of item left on a memorial (tributes.routes.ts registers them
 * from the kinds registry), named from the shared list of kinds
 * (docs/decisions/0094-one-list-of-kinds.md): listFlowers, createFlower, deleteFlower... A new
 * kind's calls are named without a line written here.
 */
function kindOperations(section: KindSpec['section']): TagOperations {
  return Object.fromEntries(
    kindsIn(section).flatMap(({ path, noun, plural, guests, moderated }): [string, Naming][] => [
      [
        `GET ${API_PREFIX}/${path}/post/:id`,
        [
          `list${capitalized(path)}`,
          path === 'photos'
            ? `List a memorial’s ${plural}, in the order the family chose`
            : `List a memorial’s ${plural}, newest first`,
        ],
      ],
      [
        `POST ${API_PREFIX}/${path}`,
        [
          `create${capitalized(noun)}`,
          guests
            ? `Leave a ${noun} on a memorial (a guest: without a token, confirmed by email)`
            : `Leave a ${noun} on a memorial`,
        ],
      ],
      [`DELETE ${API_PREFIX}/${path}/:id`, [`delete${capitalized(noun)}`, `Remove a ${noun}`]],
      // The author's answer to a moderated item the family returned with a note (decision 0117).
      ...(moderated
        ? [
            [
              `POST ${API_PREFIX}/${path}/:id/resubmit`,
              [`resubmit${capitalized(noun)}`, `Change a returned ${noun} and send it again`],
            ] satisfies [string, Naming],
          ]
        : []),
    ]),
  );
}

/**
 * Every call of the API, by tag then route (docs/decisions/0097-api-operations-in-one-table.md).
 * A tag groups calls by subject, which is mostly their module; HEAD is named from its GET by
 * api-docs.ts. The openapi-document test fails on a route missing here, and on an entry that
 * names no route.
 */
export const API_OPERATIONS: { [T in ApiTag]: TagOperations } = {
  Auth: {
    'POST /api/v1/users/register': ['registerUser', 'Register a member (with an avatar)'],
    'POST /api/v1/users/login': ['login', 'Sign in'],
    'POST /api/v1/users/logout': ['logout', 'Sign out everywhere'],
    'PATCH /api/v1/users/become-sponsor': [
      'becomeSponsor',
      'Become a sponsor (who may create memorials)',
    ],
    'GET /api/v1/users/me': ['getCurrentUser', 'Read the signed-in member'],
  },
  Account: {
    // Registered by the stewardship module, because deleting an account passes its memorials on.
    'DELETE /api/v1/users/me': ['deleteAccount', 'Delete the caller’s account'],
    'POST /api/v1/users/update-profile': [
      'updateProfile',
      'Change the full name, username or avatar',
    ],
    'PATCH /api/v1/users/update-account': [
      'updateAccount',
      'Change the full name, or ask to change the email',
    ],
    'POST /api/v1/users/confirm-email': [
      'confirmEmailChange',
      'Confirm a new email with its link and the password',
    ],
    'POST /api/v1/users/cancel-email-change': [
      'cancelEmailChange',
      'Cancel an email change not asked for',
    ],
    'POST /api/v1/users/change-password': ['changePassword', 'Change the password'],
  },
  'Password reset': {
    'POST /api/v1/users/forgot-password': ['requestPasswordReset', 'Email a password-reset link'],
    'POST /api/v1/users/reset-password/confirm': [
      'confirmPasswordReset',
      'Set a new password with the emailed link',
    ],
  },
  Memorials: {
    'GET /api/v1/posts': ['listMemorials', 'List or search memorials, newest first'],
    'POST /api/v1/posts': ['createMemorial', 'Create a memorial (sponsors)'],
    'GET /api/v1/posts/get-sponsor-post': [
      'listOwnMemorials',
      'List the memorials the caller owns',
    ],
    'GET /api/v1/posts/get-contributer-post': [
      'listContributedMemorials',
      'List the memorials the caller contributes to',
    ],
    'GET /api/v1/posts/post/:id': [
      'getMemorial',
      'Read one memorial with the caller’s rights on it',
    ],
    'DELETE /api/v1/posts/:id': ['deleteMemorial', 'Delete a memorial and everything on it'],
    'PATCH /api/v1/posts/:id': [
      'updateMemorial',
      'Update a memorial (fields left out keep their value)',
    ],
    'PUT /api/v1/posts/:id': ['updateMemorialWithPut', 'Update a memorial: the same call as PATCH'],
    'POST /api/v1/posts/update-post': [
      'updateMemorialByForm',
      'Update the memorial the form’s postId names',
    ],
    'GET /api/v1/posts/:id/contributors': ['listContributors', 'List a memorial’s contributors'],
    'DELETE /api/v1/posts/:id/contributors/:userId': [
      'removeContributor',
      'Remove a contributor from a memorial',
    ],
    'PUT /api/v1/posts/:id/like': ['likeMemorial', 'Like a memorial'],
    'DELETE /api/v1/posts/:id/like': ['unlikeMemorial', 'Stop liking a memorial'],
  },
  Sharing: {
    'GET /api/v1/posts/short/:code': ['followShortLink', 'Find the memorial a short link leads to'],
    'GET /api/v1/posts/:id/qr.svg': ['getQrCodeSvg', 'A memorial’s QR code, as SVG'],
    'GET /api/v1/posts/:id/qr.png': ['getQrCodePng', 'A memorial’s QR code, as PNG'],
    'GET /api/v1/posts/:id/poster.pdf': ['getPoster', 'A memorial’s printable poster, as PDF'],
    'GET /api/v1/posts/:id/book.pdf': ['getMemorialBook', 'A memorial’s printable book, as PDF/A'],
  },
  Members: {
    'GET /api/v1/users/normal': ['listMembers', 'Find members to add as contributors'],
    'PATCH /api/v1/users/:userId/roles': [
      'addContributor',
      'Add a member as a contributor of a memorial',
    ],
  },
  // The kinds' calls: the tributes module registers them, each kind under its section's tag.
  Tributes: {
    ...kindOperations('tributes'),
    'POST /api/v1/guest-tributes/preview': [
      'previewGuestTribute',
      'What a guest’s emailed link confirms (changes nothing)',
    ],
    'POST /api/v1/guest-tributes/confirm': [
      'confirmGuestTribute',
      'Confirm a guest’s tribute from the emailed link',
    ],
    'POST /api/v1/guest-tributes/claim': [
      'claimGuestTributes',
      'Add the tributes an address confirmed as a guest to the signed-in account it was mailed to',
    ],
  },
  Galleries: {
    ...kindOperations('galleries'),
    'GET /api/v1/uploads/limits': [
      'getUploadLimits',
      'The largest picture and document, and their types',
    ],
    'GET /api/v1/documents/:id/download': [
      'downloadDocument',
      'Download a document, as an attachment',
    ],
    'PUT /api/v1/photos/post/:id/order': [
      'orderPhotos',
      'Put a memorial’s photos in the order the family chose',
    ],
  },
  Timeline: {
    'GET /api/v1/timeline/post/:id': [
      'listMoments',
      'A memorial’s timeline in date order (managers also see suggestions)',
    ],
    'POST /api/v1/timeline': [
      'createMoment',
      'Add a moment (managers) or suggest one (contributors)',
    ],
    'PATCH /api/v1/timeline/:id': ['updateMoment', 'Change a moment'],
    'DELETE /api/v1/timeline/:id': ['deleteMoment', 'Remove a moment, or withdraw a suggestion'],
    'POST /api/v1/timeline/:id/approve': ['approveMoment', 'Publish a suggested moment'],
    'POST /api/v1/timeline/:id/decline': ['declineMoment', 'Decline a suggested moment'],
    'GET /api/v1/charities/post/:id': [
      'listCharities',
      'The charities a memorial’s family names in lieu of flowers',
    ],
    'PUT /api/v1/posts/:id/charities': [
      'setCharities',
      'Set the charities named in lieu of flowers (at most three)',
    ],
  },
  Events: {
    'GET /api/v1/events/post/:id': [
      'listEvents',
      'A memorial’s events, upcoming first (the livestream link only in its window)',
    ],
    'POST /api/v1/events': ['createEvent', 'Add a service or event (owners and managers)'],
    'PATCH /api/v1/events/:id': ['updateEvent', 'Change an event (raises its calendar SEQUENCE)'],
    'DELETE /api/v1/events/:id': ['deleteEvent', 'Remove an event and its answers'],
    'POST /api/v1/events/:id/close': [
      'closeEvent',
      'Close the service: it moves under Past events and takes no more answers',
    ],
    'GET /api/v1/events/:id/rsvps': [
      'listEventAnswers',
      'The answers to an event and the people attending (managers only)',
    ],
    'PUT /api/v1/events/:id/rsvp': ['answerEvent', 'A member’s answer to an event (one each)'],
    'DELETE /api/v1/events/:id/rsvp': ['withdrawEventAnswer', 'Withdraw one’s answer'],
    'POST /api/v1/events/:id/guest-rsvp': [
      'answerEventAsGuest',
      'A guest’s answer, counted once the emailed link is used',
    ],
    'POST /api/v1/event-rsvps/preview': [
      'previewGuestAnswer',
      'What a guest’s emailed link confirms (changes nothing)',
    ],
    'POST /api/v1/event-rsvps/confirm': [
      'confirmGuestAnswer',
      'Count a guest’s answer (the emailed link’s button)',
    ],
  },
  Following: {
    'POST /api/v1/follows': [
      'followMemorial',
      'Follow a memorial, or change how often the digest comes',
    ],
    'GET /api/v1/follows': ['listFollows', 'The memorials the signed-in member follows'],
    'DELETE /api/v1/follows/post/:id': ['unfollowMemorial', 'Stop following a memorial'],
    'POST /api/v1/follows/guest': [
      'followAsGuest',
      'Follow a memorial by email, without an account',
    ],
    'POST /api/v1/follows/guest/preview': [
      'previewGuestFollow',
      'What a guest’s emailed follow link confirms (changes nothing)',
    ],
    'POST /api/v1/follows/guest/confirm': [
      'confirmGuestFollow',
      'Confirm a guest’s follow from the emailed link',
    ],
  },
  'Yearly copy': {
    'GET /api/v1/posts/:id/yearly-copy': [
      'getYearlyCopy',
      'Whether the caller receives the memorial’s yearly copy, and its chosen addresses',
    ],
    'PUT /api/v1/posts/:id/yearly-copy': [
      'setYearlyCopy',
      'Receive the memorial’s yearly copy, or stop receiving it',
    ],
    'POST /api/v1/posts/:id/yearly-copy/addresses': [
      'addCopyAddress',
      'Send the memorial’s yearly copy to an address of the family’s choosing (confirmed by link)',
    ],
    'DELETE /api/v1/posts/:id/yearly-copy/addresses/:addressId': [
      'removeCopyAddress',
      'Stop sending the memorial’s yearly copy to a chosen address',
    ],
    'POST /api/v1/yearly-copy/confirm': [
      'confirmCopyAddress',
      'Confirm an address chosen for yearly copies, from its emailed link',
    ],
  },
  Reminders: {
    'GET /api/v1/reminders': ['listReminders', 'The caller’s anniversary reminders'],
    'GET /api/v1/reminders/post/:id': [
      'getReminder',
      'The caller’s anniversary reminder of a memorial (inactive when none)',
    ],
    'PUT /api/v1/reminders/post/:id': [
      'setReminder',
      'Choose to be emailed before a memorial’s anniversaries, and how many days before',
    ],
    'DELETE /api/v1/reminders/post/:id': [
      'deleteReminder',
      'Stop the anniversary reminders of a memorial',
    ],
  },
  Stewardship: {
    'PATCH /api/v1/posts/:id/settings': [
      'updateMemorialSettings',
      'Change who may see a memorial and how tributes appear',
    ],
    'GET /api/v1/posts/:id/people': [
      'getMemorialPeople',
      'The people who look after a memorial, and pending invitations',
    ],
    'POST /api/v1/posts/:id/invitations': [
      'createInvitation',
      'Invite someone by email to help look after a memorial',
    ],
    'DELETE /api/v1/posts/:id/invitations/:invitationId': [
      'withdrawInvitation',
      'Withdraw a pending invitation',
    ],
    'POST /api/v1/posts/:id/invitations/:invitationId/resend': [
      'resendInvitation',
      'Email a pending invitation again, with a new link',
    ],
    'POST /api/v1/invitations/accept': [
      'acceptInvitation',
      'Accept an invitation with the token of its link',
    ],
    'POST /api/v1/invitations/:token/accept': [
      'acceptInvitationFromPath',
      'Accept an invitation (the older link form)',
    ],
    'PATCH /api/v1/posts/:id/people/:userId': [
      'changePersonRole',
      'Change the role of someone who looks after a memorial',
    ],
    'DELETE /api/v1/posts/:id/people/:userId': [
      'removePerson',
      'Stop someone looking after a memorial',
    ],
    'GET /api/v1/posts/:id/moderation': [
      'getModerationQueue',
      'Tributes waiting for approval, reported or hidden',
    ],
    'POST /api/v1/posts/:id/moderation': [
      'moderateTribute',
      'Approve, hide, unhide or delete a tribute',
    ],
    'POST /api/v1/posts/:id/reports': [
      'reportTribute',
      'Report a tribute to the memorial’s managers',
    ],
    'GET /api/v1/posts/:id/activity': [
      'listMemorialActivity',
      'What was done on a memorial, newest first',
    ],
    'POST /api/v1/posts/:id/transfer': [
      'offerOwnership',
      'Offer a memorial’s ownership to a member',
    ],
    'DELETE /api/v1/posts/:id/transfer': ['withdrawOwnershipOffer', 'Withdraw an ownership offer'],
    'POST /api/v1/posts/:id/transfer/accept': [
      'acceptOwnership',
      'Accept the ownership offered to the caller',
    ],
    'POST /api/v1/posts/:id/transfer/decline': [
      'declineOwnership',
      'Decline the ownership offered to the caller',
    ],
    'POST /api/v1/posts/:id/seen': [
      'markMemorialSeen',
      'Its owner opened a new memorial: the home page stops announcing it as ready',
    ],
    'PUT /api/v1/posts/:id/successor': [
      'setSuccessor',
      'Name who receives a memorial if its owner leaves, or no one',
    ],
    'GET /api/v1/posts/:id/access': [
      'getMemorialAccess',
      'A private memorial’s name, for asking to see it',
    ],
    'POST /api/v1/posts/:id/access-requests': ['requestAccess', 'Ask to see a private memorial'],
    'GET /api/v1/posts/:id/access-requests': [
      'listAccessRequests',
      'Requests to see a private memorial',
    ],
    'POST /api/v1/posts/:id/access-requests/:requestId': [
      'decideAccessRequest',
      'Approve or decline a request to see a memorial',
    ],
    'GET /api/v1/users/me/stewardship': [
      'getMyStewardship',
      'The caller’s invitations, offers and memorials they help with',
    ],
    'GET /api/v1/users/me/pending-tributes': [
      'getMyPendingTributes',
      'How many tributes wait for the caller’s approval, by memorial they manage',
    ],
  },
  Legacy: {
    'GET /api/v1/legacies': [
      'listLegacies',
      'Read the caller’s Life Legacy (a list of none or one)',
    ],
    'POST /api/v1/legacies': ['saveLegacy', 'Write the caller’s Life Legacy'],
  },
  'Legacy release': {
    'GET /api/v1/legacy-plan': [
      'getLegacyPlan',
      'The caller’s release rules, stewards, latest release and who read it',
    ],
    'PUT /api/v1/legacy-plan/rules': [
      'setLegacyRules',
      'Choose the reports needed, the waiting period, the inactivity trigger and section marks',
    ],
    'POST /api/v1/legacy-plan/stewards': ['inviteLegacySteward', 'Invite a steward by email'],
    'DELETE /api/v1/legacy-plan/stewards/:id': [
      'removeLegacySteward',
      'Remove a steward or withdraw an invitation',
    ],
    'POST /api/v1/legacy-plan/stop': ['stopLegacyRelease', 'Stop a release under way'],
    'POST /api/v1/legacy-plan/revoke': [
      'revokeLegacyRelease',
      'Withdraw every reader’s access to a released Life Legacy',
    ],
    'POST /api/v1/legacy-release/stop': [
      'stopLegacyReleaseByLink',
      'Stop a release under way with the emailed one-click link',
    ],
    'POST /api/v1/legacy-stewardships/accept': [
      'acceptLegacyStewardship',
      'Accept an emailed invitation to be a steward',
    ],
    'GET /api/v1/legacy-stewardships': [
      'listLegacyStewardships',
      'The Life Legacies the caller looks after',
    ],
    'DELETE /api/v1/legacy-stewardships/:id': ['leaveLegacyStewardship', 'Step down as a steward'],
    'POST /api/v1/legacy-stewardships/:id/report': [
      'reportDeath',
      'Report the death of a member whose Life Legacy the caller looks after',
    ],
    'POST /api/v1/legacy-stewardships/:id/memorial': [
      'startMemorialFromLegacy',
      'Start the memorial of a member from their released Life Legacy',
    ],
    'POST /api/v1/legacy-access/open': [
      'openReleasedLegacy',
      'Read what a member’s released Life Legacy left the link’s reader',
    ],
    'POST /api/v1/legacy-access/download': [
      'downloadReleasedLegacy',
      'Download what a released Life Legacy left the link’s reader (JSON)',
    ],
  },
  Archives: {
    'GET /api/v1/posts/:id/export': ['exportMemorial', 'Download a memorial’s archive (ZIP)'],
    'POST /api/v1/posts/:id/export': [
      'requestMemorialExport',
      'Build a large memorial’s archive and email its link',
    ],
    'POST /api/v1/exports/download': [
      'downloadExport',
      'Download an emailed archive with its single-use token',
    ],
    'GET /api/v1/users/me/export': ['exportMyData', 'Download the caller’s own data (ZIP)'],
    'POST /api/v1/users/me/export': [
      'requestMyDataExport',
      'Build the caller’s own data and email its link',
    ],
    'POST /api/v1/imports': ['importArchive', 'Import a memorial archive (sponsors)'],
    'GET /api/v1/imports/:jobId': ['getImport', 'Where an import stands'],
  },
  Previews: {
    'GET /api/v1/posts/:id/preview.png': [
      'getPreviewCard',
      'A public memorial’s link-preview card',
    ],
  },
  Home: {
    'GET /api/v1/home/legends': ['listLegends', 'The memorials the home page honours'],
  },
  Contact: {
    'POST /api/v1/contact': ['sendContactMessage', 'Write to the site'],
  },
  Admin: {
    'GET /api/v1/admin/users': ['adminListUsers', 'Search members'],
    'PATCH /api/v1/admin/users/:id/sponsor': [
      'adminSetSponsor',
      'Grant or revoke a member’s sponsor role',
    ],
    'PATCH /api/v1/admin/users/:id/status': [
      'adminSetDisabled',
      'Disable or enable a member’s account',
    ],
    'GET /api/v1/admin/memorials': ['adminListMemorials', 'Search memorials'],
    'PATCH /api/v1/admin/memorials/:id/featured': [
      'adminSetFeatured',
      'Feature a memorial on the home page, or stop',
    ],
    'GET /api/v1/admin/tributes': [
      'adminListTributes',
      'Recent flowers and prayers across the site',
    ],
    'DELETE /api/v1/admin/tributes/:kind/:id': [
      'adminRemoveTribute',
      'Remove a flower or a prayer',
    ],
    // Registered by the stewardship module, beside the reports it answers.
    'GET /api/v1/admin/reports': ['adminListReports', 'Open reports across the site'],
  },
};

const BY_ROUTE = new Map(
  Object.entries(API_OPERATIONS).flatMap(([tag, routes]) =>
    Object.entries(routes).map(([route, [operationId, summary]]) => [
      route,
      { operationId, summary, tags: [tag as ApiTag] } satisfies ApiOperation,
    ]),
  ),
);

/**
 * The naming of the route `method url` (`'GET', '/api/v1/posts/post/:id'`), or undefined for a
 * route the table does not list. A HEAD route is Fastify's copy of its GET and is looked up as it.
 */
export function apiOperationOf(method: string, url: string): ApiOperation | undefined {
  return BY_ROUTE.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}
