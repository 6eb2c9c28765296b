import { z } from 'zod';
import { KIND_LIST } from './kinds.js';
import { blockText } from './text.js';
import {
  GalleryAudienceSchema,
  MemorialRoleSchema,
  MemorialVisibilitySchema,
  TributeModerationSchema,
} from './memorials.js';
import { ItemStatusSchema, ReturnNoteSchema } from './tributes.js';

/** PATCH /posts/{id}/settings: every field may be left out and keeps its value. */
export const UpdateSettingsSchema = z
  .object({
    visibility: MemorialVisibilitySchema.optional(),
    indexable: z.boolean({ error: 'Indexing is either on (true) or off (false).' }).optional(),
    tributeModeration: TributeModerationSchema.optional(),
    allowAccessRequests: z
      .boolean({ error: 'Access requests are either allowed (true) or not (false).' })
      .optional(),
    allowGuestTributes: z
      .boolean({ error: 'Guest tributes are either allowed (true) or not (false).' })
      .optional(),
    allowCandles: z
      .boolean({ error: 'Candles are either allowed (true) or not (false).' })
      .optional(),
    galleryAudience: GalleryAudienceSchema.optional(),
    allowPublicBook: z
      .boolean({ error: 'The public book is either allowed (true) or not (false).' })
      .optional(),
    observeYahrzeit: z
      .boolean({ error: 'The yahrzeit is either in the calendar (true) or not (false).' })
      .optional(),
    diedAfterSunset: z
      .boolean({ error: 'The death was either after sunset (true) or not (false).' })
      .optional(),
  })
  .strict();
export type UpdateSettings = z.infer<typeof UpdateSettingsSchema>;

/** The roles one may be invited to or given: the owner is made only by a transfer. */
/** An access request waits for a manager, then is approved or declined. */
export const ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;

export const GRANTABLE_ROLES = ['manager', 'contributor', 'viewer'] as const;
export const GrantableRoleSchema = z.enum(GRANTABLE_ROLES, {
  error: 'Please choose manager, contributor or viewer.',
});
export type GrantableRole = z.infer<typeof GrantableRoleSchema>;

export const ROLE_LABELS: Record<z.infer<typeof MemorialRoleSchema>, string> = {
  owner: 'Owner',
  manager: 'Manager: edits, moderates and invites',
  contributor: 'Contributor: adds photos, memorabilia and documents',
  viewer: 'Viewer: may see a private memorial',
};

export const PersonSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  userName: z.string(),
  role: MemorialRoleSchema,
  since: z.string(),
  isSuccessor: z.boolean(),
});
export type Person = z.infer<typeof PersonSchema>;

export const PendingInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: GrantableRoleSchema,
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const PeopleSchema = z.object({
  people: z.array(PersonSchema),
  invitations: z.array(PendingInvitationSchema),
  /** Ownership offered to this member and not yet accepted. */
  pendingOwner: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
  successor: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
});
export type People = z.infer<typeof PeopleSchema>;

export const CreateInvitationSchema = z.object({
  email: z
    .string({ error: 'Please enter an email address.' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter an email address.')
    .max(254, 'An email address is at most 254 characters.')
    .pipe(z.email({ error: 'Please enter a valid email address.' }))
    .meta({ format: 'email' }),
  role: GrantableRoleSchema,
});
export type CreateInvitation = z.infer<typeof CreateInvitationSchema>;

export const INVITATION_DAYS = 14;
/** An ownership offer lapses this many days after it was made. */
export const TRANSFER_OFFER_DAYS = 14;

/** The old form of an emailed link's acceptance, `POST /invitations/{token}/accept`. */
export const InvitationTokenParamsSchema = z.object({ token: z.string().max(100) });

/** POST /invitations/accept: the token from the emailed link's fragment travels in the body. */
export const AcceptInvitationSchema = z.object({
  token: z
    .string({ error: 'This invitation link is incomplete. Please open it again from the email.' })
    .trim()
    .min(1, 'This invitation link is incomplete. Please open it again from the email.')
    .max(100, 'This invitation link is not valid. Please open it again from the email.'),
});
export type AcceptInvitation = z.infer<typeof AcceptInvitationSchema>;

/** One pending invitation of a memorial: withdrawn or sent again by its managers. */
export const InvitationParamsSchema = z.object({
  id: z.string().max(64),
  invitationId: z.string().max(64),
});

export const InvitationAcceptedSchema = z.object({
  postId: z.string(),
  title: z.string(),
  role: MemorialRoleSchema,
});
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;

export const PersonParamsSchema = z.object({
  id: z.string().max(64),
  userId: z.string().max(64),
});

export const UpdatePersonSchema = z.object({ role: GrantableRoleSchema });
export type UpdatePerson = z.infer<typeof UpdatePersonSchema>;

/**
 * The API path names of the kinds that moderation acts on; the service refuses any other with
 * the list, and the API document states it.
 */
const ModeratedKindField = z
  .string()
  .trim()
  .min(1, 'Please say which kind of tribute.')
  .max(40)
  .meta({ enum: KIND_LIST.filter((kind) => kind.moderated).map((kind) => kind.path) });

export const ModerationActionSchema = z
  .object({
    kind: ModeratedKindField,
    itemId: z.string().trim().min(1, 'Please say which tribute.').max(64),
    action: z.enum(['approve', 'hide', 'unhide', 'delete', 'return'], {
      error: 'Please choose approve, hide, unhide, delete or return.',
    }),
    /** With `return` alone (and required there): what the author is told (decision 0117). */
    note: ReturnNoteSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'return' && !value.note) {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'Please write a note to say what the author could change.',
      });
    }
    if (value.action !== 'return' && value.note !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'A note goes only with returning a tribute to its author.',
      });
    }
  });
export type ModerationAction = z.infer<typeof ModerationActionSchema>;

export const REPORT_REASON_MAX = 500;

export const CreateReportSchema = z.object({
  kind: ModeratedKindField,
  itemId: z.string().trim().min(1, 'Please say which tribute.').max(64),
  reason: blockText('The reason', { error: 'Please say why this should be looked at.' })
    .min(3, 'Please say in a few words why this should be looked at.')
    .max(REPORT_REASON_MAX, `A reason is at most ${REPORT_REASON_MAX} characters.`),
});
export type CreateReport = z.infer<typeof CreateReportSchema>;

export const ModerationItemSchema = z.object({
  kind: z.string(),
  itemId: z.string(),
  status: ItemStatusSchema,
  text: z.string().nullable(),
  image: z.string().nullable(),
  /** A guest's tribute (decision 0103): no id, and the name marked "(guest)"; never an address. */
  author: z.object({ _id: z.string().nullable(), fullName: z.string() }),
  createdAt: z.string(),
  reports: z.array(z.object({ reason: z.string(), createdAt: z.string() })),
  /** The note it was returned to its author with (status `returned`); null otherwise. */
  returnNote: z.string().nullable(),
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;

export const ModerationQueueSchema = z.object({
  pending: z.array(ModerationItemSchema),
  reported: z.array(ModerationItemSchema),
  hidden: z.array(ModerationItemSchema),
  /** Sent back to their authors with a note, until they send them again. */
  returned: z.array(ModerationItemSchema),
});
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

export const ActivityEntrySchema = z.object({
  _id: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.string(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const UserChoiceSchema = z.object({
  userId: z
    .string({ error: 'Please choose a member.' })
    .trim()
    .min(1, 'Please choose a member.')
    .max(64),
});
export type UserChoice = z.infer<typeof UserChoiceSchema>;

/** PUT /posts/{id}/successor: null clears it. */
export const SuccessorChoiceSchema = z.object({
  userId: z.string().trim().max(64).nullable(),
});
export type SuccessorChoice = z.infer<typeof SuccessorChoiceSchema>;

export const AccessSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The caller already asked and waits for an answer. */
  requested: z.boolean(),
});
export type AccessSummary = z.infer<typeof AccessSummarySchema>;

export const CreateAccessRequestSchema = z.object({
  message: blockText('The message').max(500, 'A message is at most 500 characters.').default(''),
});

export const AccessRequestSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), fullName: z.string(), userName: z.string() }),
  message: z.string(),
  createdAt: z.string(),
});
export type AccessRequest = z.infer<typeof AccessRequestSchema>;

export const AccessRequestParamsSchema = z.object({
  id: z.string().max(64),
  requestId: z.string().max(64),
});

export const AccessDecisionSchema = z.object({
  action: z.enum(['approve', 'decline'], { error: 'Please choose approve or decline.' }),
});

export const DeleteAccountSchema = z.object({
  currentPassword: z
    .string({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .max(200),
});

export const MemorialNeedingCareSchema = z.object({ _id: z.string(), title: z.string() });

/** The profile's stewardship panel: invitations waiting and memorials one helps look after. */
export const MyStewardshipSchema = z.object({
  invitations: z.array(
    z.object({
      _id: z.string(),
      postId: z.string(),
      title: z.string(),
      role: GrantableRoleSchema,
      expiresAt: z.string(),
    }),
  ),
  transfers: z.array(z.object({ postId: z.string(), title: z.string() })),
  memorials: z.array(z.object({ postId: z.string(), title: z.string(), role: MemorialRoleSchema })),
  /**
   * The member's memorials made lately and not opened since (newest first, a few): the home page
   * shows "Your memorial for {title} is ready" for each until its owner opens it or puts it away.
   */
  ready: z.array(z.object({ postId: z.string(), title: z.string() })),
  /**
   * Whether the account has proved it holds its email address (a link mailed to it was used):
   * until then invitations sent to the address are not listed here, only reachable from the email.
   */
  emailVerified: z.boolean(),
});
export type MyStewardship = z.infer<typeof MyStewardshipSchema>;

/** The most memorials GET /users/me/pending-tributes lists (their total counts them all the same). */
export const PENDING_TRIBUTES_MEMORIALS_MAX = 50;

/**
 * GET /users/me/pending-tributes: the tributes waiting for the caller's approval, on the memorials
 * they own or manage (only those with something waiting, by title); `total` counts them all.
 */
export const PendingTributesSchema = z.object({
  total: z.number().int(),
  memorials: z.array(
    z.object({ postId: z.string(), title: z.string(), pending: z.number().int() }),
  ),
});
export type PendingTributes = z.infer<typeof PendingTributesSchema>;
