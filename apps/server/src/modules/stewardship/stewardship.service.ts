import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@rips/shared/api';
import {
  VISIBILITY_LABELS,
  type MemorialSettings,
  type MemorialVisibility,
} from '@rips/shared/memorials';
import {
  INVITATION_DAYS,
  TRANSFER_OFFER_DAYS,
  type AccessRequest,
  type AccessSummary,
  type ActivityEntry,
  type CreateInvitation,
  type CreateReport,
  type GrantableRole,
  type InvitationAccepted,
  type ModerationAction,
  type ModerationItem,
  type ModerationQueue,
  type MyStewardship,
  type PendingInvitation,
  type People,
  type UpdateSettings,
} from '@rips/shared/stewardship';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  legacies,
  memorialInvitations,
  memorialPeople,
  memorials,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import {
  decodeCursor,
  encodeCursor,
  isKeysetPosition,
  type KeysetPosition,
} from '../../lib/cursor.js';
import { isUuid } from '../../lib/ids.js';
import type { MailMessage } from '../../mail/mailer.js';
import { assertCurrentPassword } from '../account/account.service.js';
import { hashPassword } from '../auth/passwords.js';
import { removeUpload } from '../media/stored-files.js';
import {
  findVisibleMemorial,
  isIndexable,
  MEMORIAL_NOT_FOUND,
  memorialAccess,
  requireMemorialAccess,
  roleOn,
  type MemorialAccess,
  type MemorialRole,
  type MemorialRow,
} from '../memorials/memorials.policy.js';
import { updateMemorial } from '../memorials/memorials.repository.js';
import type { TributeKind, ItemRow } from '../tributes/tribute-kind.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';
import * as items from '../tributes/tributes.repository.js';
import { itemUrls } from '../tributes/tributes.presenter.js';
import { urlsFor } from '../tributes/tributes.service.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import * as repo from './stewardship.repository.js';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 86_400_000;

const MEMBER_NOT_FOUND = 'We could not find that member. Please choose someone from the list.';

/** A member as the Manage area names them: the pending owner, the successor. */
const named = (member: UserRow) => ({ _id: member.id, fullName: member.fullName });

function settingsOf(row: MemorialRow): MemorialSettings {
  return {
    visibility: row.visibility,
    indexable: isIndexable(row),
    tributeModeration: row.tributeModeration,
    allowAccessRequests: row.allowAccessRequests,
  };
}

/** The one line every stewardship email ends with: why the reader got it. */
function mail(to: string, subject: string, lines: string[], why: string): MailMessage {
  return {
    to,
    subject,
    text: [...lines, '', `Why you got this: ${why}`, '', 'Rips Memorial'].join('\n'),
  };
}

/** Queues an email to a member by name, in the transaction of what it tells of. */
async function mailMember(
  ctx: AppContext,
  tx: Db,
  member: { email: string; fullName: string },
  subject: string,
  lines: string[],
  why: string,
): Promise<void> {
  await ctx.mail.enqueue(
    tx,
    mail(member.email, subject, [`Hello ${member.fullName},`, '', ...lines], why),
  );
}

async function tellManagers(
  ctx: AppContext,
  tx: Db,
  memorial: MemorialRow,
  subject: string,
  lines: string[],
  link: string,
): Promise<void> {
  for (const person of await repo.managersToTell(tx, memorial.id)) {
    await mailMember(
      ctx,
      tx,
      person,
      subject,
      [...lines, link],
      `you look after the memorial of ${memorial.title} as its ${person.role}.`,
    );
  }
}

/** The memorial's page, or one of its pages (`/transfer`, `/manage/people`), as a link in an email. */
const memorialLink = (ctx: AppContext, memorialId: string, page = '') =>
  `${ctx.config.publicUrl}/post/${memorialId}${page}`;

const manageLink = (ctx: AppContext, memorialId: string, tab: string) =>
  memorialLink(ctx, memorialId, `/manage/${tab}`);

/**
 * What a member sends a memorial's managers (a report, a request to see it): a few per member in a
 * while, each once (sending the same again changes nothing, tells nobody again and answers 409
 * with `limit.again`), and told to the managers by email in the transaction that records it.
 */
async function sendToManagers(
  ctx: AppContext,
  memorial: MemorialRow,
  limit: { key: string; message: string; again: string },
  insert: (tx: Db) => Promise<unknown>,
  email: { subject: string; lines: string[]; tab: string },
): Promise<void> {
  await ctx.limiter.consume(limit.key, ctx.config.REPORT_LIMIT_PER_USER, limit.message);
  await ctx.db.transaction(async (tx) => {
    if (!(await insert(tx))) throw AppError.conflict(ErrorCode.Conflict, limit.again);
    const link = manageLink(ctx, memorial.id, email.tab);
    await tellManagers(ctx, tx, memorial, email.subject, email.lines, link);
  });
}

/** Writes what was done to the memorial's activity, in the transaction that did it. */
async function noteActivity(
  tx: Db,
  memorialId: string,
  actor: UserRow | null,
  action: string,
  targetName?: string | null,
): Promise<void> {
  await repo.recordActivity(tx, { memorialId, actor, action, targetName });
}

// Settings.

export async function updateSettings(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  fields: UpdateSettings,
): Promise<MemorialSettings> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const changes = Object.entries(fields).filter(
    ([key, value]) => value !== undefined && memorial[key as keyof UpdateSettings] !== value,
  );
  if (changes.length === 0) return settingsOf(memorial);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateMemorial(tx, memorial.id, fields);
    await repo.recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action: 'changed the settings',
      detail: changes
        .map(([key, value]) => settingInWords(key as keyof UpdateSettings, value))
        .join('; '),
    });
    return row!;
  });
  return settingsOf(updated);
}

/**
 * A changed setting as the activity list says it: "who may see it: Signed-in members". The
 * switch covers every setting, so a new one does not compile until it has its words.
 */
function settingInWords(key: keyof UpdateSettings, value: unknown): string {
  switch (key) {
    case 'visibility':
      return `who may see it: ${VISIBILITY_LABELS[value as MemorialVisibility].label}`;
    case 'indexable':
      return value ? 'search engines may list it' : 'search engines may not list it';
    case 'tributeModeration':
      return value === 'approve'
        ? 'flowers and prayers wait for approval'
        : 'flowers and prayers appear at once';
    case 'allowAccessRequests':
      return value ? 'people who cannot see it may ask to join' : 'no requests to join';
  }
}

// People.

export async function getPeople(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<People> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const [people, invitations, pendingOwner, successor] = await Promise.all([
    repo.listPeople(ctx.db, memorial.id),
    repo.pendingInvitations(ctx.db, memorial.id, new Date()),
    offerStands(memorial) ? findUserById(ctx.db, memorial.pendingOwnerId!) : undefined,
    memorial.successorId ? findUserById(ctx.db, memorial.successorId) : undefined,
  ]);
  return {
    people: people.map(({ id, since, ...person }) => ({
      _id: id,
      ...person,
      since: since.toISOString(),
      isSuccessor: id === memorial.successorId,
    })),
    invitations: invitations.map(presentInvitation),
    pendingOwner: pendingOwner ? named(pendingOwner) : null,
    successor: successor ? named(successor) : null,
  };
}

/** Managers are made and unmade by the owner (or an admin) alone. */
function requireRoleChange(access: MemorialAccess, from: string | null, to: string | null): void {
  if ((from === 'manager' || to === 'manager') && !access.canOwn) {
    throw AppError.forbidden('Only the owner of this memorial can make or remove a manager.');
  }
}

const presentInvitation = (row: InvitationRow): PendingInvitation => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
});

type InvitationRow = typeof memorialInvitations.$inferSelect;

/**
 * The link of an emailed invitation: the token rides in the fragment, which browsers never send,
 * so no server or proxy between the reader and us logs it (decision 0085).
 */
const invitationLink = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/invitations#token=${token}`;

/**
 * The sender's budget of invitations (sent or sent again), then the address's: a few a day from
 * every memorial together, counted from the stored invitations, so no one can make the site mail
 * an address over and over.
 */
async function assertMayMail(ctx: AppContext, sender: UserRow, email: string): Promise<void> {
  const budget = `invitations:user:${sender.id}`;
  await ctx.limiter.consume(
    budget,
    ctx.config.INVITATION_LIMIT_PER_USER,
    'You have sent many invitations in a short time.',
  );
  const now = ctx.limiter.now();
  const { sent, first } = await repo.invitationsSentTo(ctx.db, email, new Date(now - DAY_MS));
  if (sent >= ctx.config.INVITATIONS_PER_ADDRESS_PER_DAY) {
    // Nothing was sent: the sender's own budget is not spent on it.
    await ctx.limiter.refund(budget);
    const wait = Math.max(1, Math.ceil(((first?.getTime() ?? now) + DAY_MS - now) / 1000));
    const hours = Math.ceil(wait / 3600);
    throw AppError.rateLimited(
      `This address has received ${sent} invitation${sent === 1 ? '' : 's'} today, the most it may receive in a day. Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
      wait,
    );
  }
}

/** Stores a new invitation with a fresh token and queues its email, in `tx`. */
async function sendInvitation(
  ctx: AppContext,
  tx: Db,
  memorial: MemorialRow,
  sender: UserRow,
  fields: CreateInvitation,
): Promise<InvitationRow> {
  const token = randomBytes(32).toString('base64url');
  const inserted = await repo.insertInvitation(tx, {
    memorialId: memorial.id,
    email: fields.email,
    role: fields.role,
    tokenHash: hashToken(token),
    invitedBy: sender.id,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
  });
  await ctx.mail.enqueue(
    tx,
    mail(
      fields.email,
      `${sender.fullName} invites you to the memorial of ${memorial.title}`,
      [
        'Hello,',
        '',
        `${sender.fullName} invites you to help look after the memorial of ${memorial.title}`,
        `on Rips Memorial, as a ${fields.role}. Open this link, sign in or create an account,`,
        `and press "Accept" (the link works once, for ${INVITATION_DAYS} days):`,
        invitationLink(ctx, token),
      ],
      `${sender.fullName} entered this address when inviting someone. If you do not know them, ignore this email.`,
    ),
  );
  return inserted;
}

export async function invite(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  fields: CreateInvitation,
): Promise<PendingInvitation> {
  const { memorial, access } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  requireRoleChange(access, null, fields.role);
  await assertMayMail(ctx, user!, fields.email);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await sendInvitation(ctx, tx, memorial, user!, fields);
    await noteActivity(tx, memorial.id, user, `invited someone as ${fields.role}`, fields.email);
    return inserted;
  });
  return presentInvitation(row);
}

/**
 * A pending invitation of the memorial that the caller may act on: managers act on contributor
 * and viewer invitations, the owner (and administrators) on every one.
 */
async function pendingInvitationFor(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  invitationId: string,
) {
  const { memorial, access } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const invitation = isUuid(invitationId)
    ? await repo.findPendingInvitation(ctx.db, memorial.id, invitationId, new Date())
    : undefined;
  if (!invitation) {
    throw AppError.notFound('This invitation was already accepted, withdrawn or has expired.');
  }
  requireRoleChange(access, null, invitation.role);
  return { memorial, invitation };
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function withdrawInvitation(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  invitationId: string,
): Promise<{ withdrawn: string }> {
  const { memorial, invitation } = await pendingInvitationFor(ctx, user, memorialId, invitationId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.revokeInvitation(tx, invitation.id, new Date()))) {
      throw AppError.notFound('This invitation was already accepted, withdrawn or has expired.');
    }
    await noteActivity(
      tx,
      memorial.id,
      user,
      `withdrew an invitation as ${invitation.role}`,
      invitation.email,
    );
  });
  return { withdrawn: invitation.id };
}

/**
 * Sends a pending invitation again: a new one with a fresh token and a new 14 days replaces it,
 * and the old link stops working. It counts against the sender's and the address's budgets.
 */
export async function resendInvitation(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  invitationId: string,
): Promise<PendingInvitation> {
  const { memorial, invitation } = await pendingInvitationFor(ctx, user, memorialId, invitationId);
  await assertMayMail(ctx, user!, invitation.email);
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await repo.revokeInvitation(tx, invitation.id, new Date()))) {
      throw AppError.notFound('This invitation was already accepted, withdrawn or has expired.');
    }
    const sent = await sendInvitation(ctx, tx, memorial, user!, {
      email: invitation.email,
      role: invitation.role,
    });
    await noteActivity(
      tx,
      memorial.id,
      user,
      `sent an invitation as ${invitation.role} again`,
      invitation.email,
    );
    return sent;
  });
  return presentInvitation(row);
}

const INVALID_INVITATION =
  'This invitation link is not valid any more: it was used, withdrawn, has expired or was mistyped. Please ask for a new one.';

/**
 * Accepts the invitation the token names, once. Its sender's right to grant the role is checked
 * now, not when it was sent. Accepting an invitation sent to the account's own address proves the
 * account holds that address.
 */
export async function acceptInvitation(
  ctx: AppContext,
  user: UserRow,
  token: string,
): Promise<InvitationAccepted> {
  const invalid = () => AppError.badRequest(INVALID_INVITATION);
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const invitation = await repo.takeInvitation(tx, hashToken(token), user.id, now);
    if (!invitation) throw invalid();
    const [memorial] = await tx
      .select()
      .from(memorials)
      .where(eq(memorials.id, invitation.memorialId));
    if (!memorial) throw invalid();
    const current = await roleOn(tx, memorial.id, user.id);
    const rank = { owner: 0, manager: 1, contributor: 2, viewer: 3 } as const;
    // An invitation never lowers a role the member already has.
    const role = current && rank[current] <= rank[invitation.role] ? current : invitation.role;
    if (role !== current) await repo.setRole(tx, memorial.id, user.id, role);
    if (invitation.email === user.email && !user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
    }
    await noteActivity(tx, memorial.id, user, `accepted an invitation as ${invitation.role}`);
    return { postId: memorial.id, title: memorial.title, role };
  });
}

/**
 * The role of one of the memorial's people; the owner's changes only by a transfer, so asking to
 * change it is refused with `ownerRefusal`.
 */
async function roleBesideOwner(
  db: Db,
  memorialId: string,
  personId: string,
  ownerRefusal: string,
): Promise<Exclude<MemorialRole, 'owner'>> {
  const current = isUuid(personId) ? await roleOn(db, memorialId, personId) : null;
  if (!current) throw AppError.notFound('This member does not help look after this memorial.');
  if (current === 'owner') throw AppError.conflict(ErrorCode.Conflict, ownerRefusal);
  return current;
}

export async function changeRole(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  personId: string,
  role: GrantableRole,
): Promise<People> {
  const { memorial, access } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const current = await roleBesideOwner(
    ctx.db,
    memorial.id,
    personId,
    'The owner keeps their role; to hand the memorial over, transfer it.',
  );
  requireRoleChange(access, current, role);
  if (current !== role) {
    const person = await findUserById(ctx.db, personId);
    await ctx.db.transaction(async (tx) => {
      await repo.setRole(tx, memorial.id, personId, role);
      // A manager made a contributor or viewer can no longer stand behind the invitations they
      // sent as one.
      await repo.revokeInvitationsBeyondRights(tx, personId, new Date(), memorial.id);
      await noteActivity(
        tx,
        memorial.id,
        user,
        `changed a role from ${current} to ${role}`,
        person?.fullName,
      );
    });
  }
  return getPeople(ctx, user, memorial.id);
}

/** Removes someone from the memorial's people; anyone but the owner may leave on their own. */
export async function removePerson(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  personId: string,
): Promise<{ removed: string }> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  if (!user) throw AppError.unauthenticated();
  const access = await memorialAccess(ctx.db, memorial, user);
  const leaving = personId === user.id;
  if (!leaving && !access.canManage) {
    throw AppError.forbidden('Only the owner or a manager of this memorial can do that.');
  }
  const current = await roleBesideOwner(
    ctx.db,
    memorial.id,
    personId,
    'The owner cannot leave their memorial: transfer it to someone first.',
  );
  if (!leaving) requireRoleChange(access, current, null);
  const person = leaving ? user : await findUserById(ctx.db, personId);
  await ctx.db.transaction(async (tx) => {
    await repo.removePerson(tx, memorial.id, personId);
    await tx
      .update(memorials)
      .set({ successorId: null })
      .where(and(eq(memorials.id, memorial.id), eq(memorials.successorId, personId)));
    // Who leaves takes their grants with them: the invitations they sent, an offer made to them.
    await repo.revokeInvitationsBeyondRights(tx, personId, new Date(), memorial.id);
    await repo.clearOffer(tx, memorial.id, personId);
    await noteActivity(
      tx,
      memorial.id,
      user,
      leaving ? `left (was ${current})` : `removed a ${current}`,
      leaving ? null : person?.fullName,
    );
  });
  return { removed: personId };
}

// Moderation.

/** The kinds a memorial's managers moderate, by their API path. */
function moderatedKind(path: string): TributeKind {
  const kind = TRIBUTE_KINDS.find((k) => k.path === path && k.moderation);
  if (!kind) {
    throw AppError.validation(
      `Tributes of kind "${path.slice(0, 40)}" are not moderated here. Choose one of: ${TRIBUTE_KINDS.filter(
        (k) => k.moderation,
      )
        .map((k) => k.path)
        .join(', ')}.`,
      [{ path: 'kind', message: 'Unknown kind of tribute.' }],
    );
  }
  return kind;
}

const MODERATED = () => TRIBUTE_KINDS.filter((k) => k.moderation);

async function itemsWithAuthors(
  db: Db,
  kind: TributeKind,
  where: ReturnType<typeof and>,
): Promise<{ row: ItemRow; authorName: string }[]> {
  const rows = (await db
    .select({ row: kind.table, authorName: users.fullName })
    .from(kind.table)
    .innerJoin(users, eq(users.id, kind.table.ownerId))
    .where(where)
    .orderBy(kind.table.createdAt)
    .limit(200)) as unknown as { row: ItemRow; authorName: string }[];
  return rows;
}

export async function moderationQueue(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<ModerationQueue> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const urls = urlsFor(ctx, memorial);
  const reports = await repo.openReports(ctx.db, memorial.id);
  const queue: ModerationQueue = { pending: [], reported: [], hidden: [] };
  for (const kind of MODERATED()) {
    const reportedIds = [
      ...new Set(reports.filter((r) => r.kind === kind.path).map((r) => r.itemId)),
    ];
    const rows = await itemsWithAuthors(
      ctx.db,
      kind,
      and(
        eq(kind.table.memorialId, memorial.id),
        reportedIds.length
          ? or(
              inArray(kind.table.status, ['pending', 'hidden']),
              inArray(kind.table.id, reportedIds),
            )
          : inArray(kind.table.status, ['pending', 'hidden']),
      ),
    );
    for (const { row, authorName } of rows) {
      const preview = kind.moderation!.preview(itemUrls(urls, row), row as never);
      const item: ModerationItem = {
        kind: kind.path,
        itemId: row.id,
        status: row.status,
        text: preview.text,
        image: preview.image,
        author: { _id: row.ownerId, fullName: authorName },
        createdAt: row.createdAt.toISOString(),
        reports: reports
          .filter((r) => r.kind === kind.path && r.itemId === row.id)
          .map((r) => ({ reason: r.reason, createdAt: r.createdAt.toISOString() })),
      };
      if (row.status === 'pending') queue.pending.push(item);
      else if (row.status === 'hidden') queue.hidden.push(item);
      else queue.reported.push(item);
    }
  }
  return queue;
}

const ACTION_WORDS = {
  approve: 'approved',
  hide: 'hid',
  unhide: 'showed again',
  delete: 'deleted',
} as const;

export async function moderate(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  action: ModerationAction,
  log: FastifyBaseLogger,
): Promise<{ status: ItemRow['status'] | 'deleted' }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const kind = moderatedKind(action.kind);
  const item = await items.findItem(ctx.db, kind, action.itemId);
  if (!item || item.memorialId !== memorial.id) {
    throw AppError.notFound('This tribute does not exist or has been removed.');
  }
  const allowed: Record<ModerationAction['action'], ItemRow['status'][]> = {
    approve: ['pending', 'published'],
    hide: ['pending', 'published'],
    unhide: ['hidden'],
    delete: ['pending', 'published', 'hidden'],
  };
  if (!allowed[action.action].includes(item.status)) {
    throw AppError.conflict(
      ErrorCode.Conflict,
      `This ${kind.moderation!.name} is ${item.status}: it cannot be ${ACTION_WORDS[action.action]} now.`,
    );
  }
  const name = kind.moderation!.name;
  const author = await findUserById(ctx.db, item.ownerId);
  let fileKey: string | null = null;
  const status = await ctx.db.transaction(async (tx) => {
    let next: ItemRow['status'] | 'deleted';
    if (action.action === 'delete') {
      const removed = await items.deleteItem(tx, kind, item.id);
      fileKey = removed?.fileKey ?? null;
      next = 'deleted';
    } else {
      next = action.action === 'hide' ? 'hidden' : 'published';
      await items.setItemStatus(tx, kind, item.id, next);
    }
    await repo.resolveReports(tx, kind.path, item.id, new Date());
    await noteActivity(
      tx,
      memorial.id,
      user,
      `${ACTION_WORDS[action.action]} a ${name}`,
      author?.fullName,
    );
    return next;
  });
  if (fileKey) {
    await removeUpload(ctx.storage, fileKey).catch(() => {
      log.warn(
        { kind: kind.path },
        'a deleted tribute left a file behind; the storage check will quarantine it',
      );
    });
  }
  return { status };
}

export async function report(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
  fields: CreateReport,
): Promise<{ reported: true }> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  const kind = moderatedKind(fields.kind);
  const item = await items.findItem(ctx.db, kind, fields.itemId);
  const visible =
    item &&
    item.memorialId === memorial.id &&
    (item.status === 'published' || item.ownerId === user.id);
  if (!visible) throw AppError.notFound('This tribute does not exist or has been removed.');
  await sendToManagers(
    ctx,
    memorial,
    {
      key: `reports:user:${user.id}`,
      message: 'You have sent many reports in a short time.',
      again: 'You have already reported this tribute. Its family will look at it.',
    },
    (tx) =>
      repo.insertReport(tx, {
        memorialId: memorial.id,
        kind: kind.path,
        itemId: item.id,
        reporterId: user.id,
        reason: fields.reason,
      }),
    {
      subject: `A ${kind.moderation!.name} was reported on the memorial of ${memorial.title}`,
      lines: [
        `A visitor reported a ${kind.moderation!.name} on the memorial of ${memorial.title}.`,
        `Their reason: ${fields.reason}`,
        'You can keep it, hide it or delete it here:',
      ],
      tab: 'moderation',
    },
  );
  return { reported: true };
}

// Activity.

export async function activity(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  query: { limit: number; cursor?: string },
): Promise<{ items: ActivityEntry[]; nextCursor: string | null }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const position = query.cursor ? decodeCursor(query.cursor, isKeysetPosition) : null;
  if (query.cursor && !position) {
    throw AppError.badRequest('This page link is no longer valid. Please reload the list.');
  }
  const rows = await repo.listActivity(
    ctx.db,
    memorial.id,
    query.limit,
    position ? { at: position[0], id: position[1] } : null,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      _id: r.id,
      actor: r.actorName,
      action: r.action,
      target: r.targetName,
      detail: r.detail,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor<KeysetPosition>([last.cursorAt, last.id])
        : null,
  };
}

// Ownership.

async function activeMember(ctx: AppContext, id: string): Promise<UserRow> {
  const member = await findUserById(ctx.db, id);
  if (!member || member.disabledAt || member.deletedAt) throw AppError.notFound(MEMBER_NOT_FOUND);
  return member;
}

/** The ownership offer waits for its member: made, and not older than TRANSFER_OFFER_DAYS. */
function offerStands(memorial: MemorialRow, now = Date.now()): boolean {
  return (
    memorial.pendingOwnerId !== null &&
    memorial.pendingOwnerOfferedAt !== null &&
    memorial.pendingOwnerOfferedAt.getTime() > now - TRANSFER_OFFER_DAYS * DAY_MS
  );
}

export async function offerTransfer(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  recipientId: string,
): Promise<{ pendingOwner: { _id: string; fullName: string } }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canOwn');
  const recipient = await activeMember(ctx, recipientId);
  if (recipient.id === memorial.ownerId) {
    throw AppError.conflict(ErrorCode.Conflict, 'This member already owns this memorial.');
  }
  await ctx.limiter.consume(
    `transfers:user:${user!.id}`,
    ctx.config.INVITATION_LIMIT_PER_USER,
    'You have offered memorials many times in a short time.',
  );
  await ctx.db.transaction(async (tx) => {
    await updateMemorial(tx, memorial.id, {
      pendingOwnerId: recipient.id,
      pendingOwnerOfferedAt: new Date(),
    });
    await noteActivity(tx, memorial.id, user, 'offered ownership', recipient.fullName);
    await mailMember(
      ctx,
      tx,
      recipient,
      `You are offered the memorial of ${memorial.title}`,
      [
        `${user!.fullName} offers you ownership of the memorial of ${memorial.title} on Rips Memorial.`,
        'As its owner you decide who sees it and who helps, and you may name a successor.',
        `${user!.fullName} stays on as a manager. To accept or decline, sign in and press "Accept"`,
        `or "Decline" here (the offer stands for ${TRANSFER_OFFER_DAYS} days):`,
        memorialLink(ctx, memorial.id, '/transfer'),
      ],
      `${user!.fullName} chose your account as the memorial's next owner.`,
    );
  });
  return { pendingOwner: named(recipient) };
}

/** The owner withdraws the ownership offer waiting on their memorial. */
export async function withdrawTransfer(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<{ withdrawn: true }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canOwn');
  const recipient = offerStands(memorial)
    ? await findUserById(ctx.db, memorial.pendingOwnerId!)
    : undefined;
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.clearOffer(tx, memorial.id)) || !recipient) {
      throw AppError.conflict(ErrorCode.Conflict, 'No ownership offer is waiting.');
    }
    await noteActivity(tx, memorial.id, user, 'withdrew the ownership offer', recipient.fullName);
  });
  return { withdrawn: true };
}

/**
 * The memorial whose ownership stands offered to `user`. The recipient of a private memorial may
 * not see it yet: the offer itself is the right; without one, who may not see it is told it does
 * not exist, and who may is told it was not offered to them.
 */
async function offeredTo(ctx: AppContext, user: UserRow, memorialId: string): Promise<MemorialRow> {
  const [offered] = isUuid(memorialId)
    ? await ctx.db.select().from(memorials).where(eq(memorials.id, memorialId)).limit(1)
    : [];
  if (!offered || offered.pendingOwnerId !== user.id || !offerStands(offered)) {
    await findVisibleMemorial(ctx.db, memorialId, user);
    throw AppError.forbidden('Ownership of this memorial has not been offered to you.');
  }
  return offered;
}

export async function acceptTransfer(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
): Promise<{ postId: string; title: string }> {
  const offered = await offeredTo(ctx, user, memorialId);
  const previous = await findUserById(ctx.db, offered.ownerId);
  await ctx.db.transaction(async (tx) => {
    await repo.moveOwnership(tx, offered.id, offered.ownerId, user.id);
    // The old owner, a manager now, no longer stands behind the manager invitations they sent.
    await repo.revokeInvitationsBeyondRights(tx, offered.ownerId, new Date(), offered.id);
    await repo.recordActivity(tx, {
      memorialId: offered.id,
      actor: user,
      action: 'accepted ownership',
      detail: previous ? `${previous.fullName} is now a manager` : '',
    });
    if (previous && !previous.deletedAt) {
      await mailMember(
        ctx,
        tx,
        previous,
        `${user.fullName} now owns the memorial of ${offered.title}`,
        [
          `${user.fullName} accepted ownership of the memorial of ${offered.title}.`,
          'You stay on as a manager:',
          memorialLink(ctx, offered.id),
        ],
        'you offered them ownership of this memorial.',
      );
    }
  });
  return { postId: offered.id, title: offered.title };
}

/** The offered member declines: the offer ends and the owner is told. */
export async function declineTransfer(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
): Promise<{ postId: string; declined: true }> {
  const offered = await offeredTo(ctx, user, memorialId);
  const owner = await findUserById(ctx.db, offered.ownerId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.clearOffer(tx, offered.id, user.id))) {
      throw AppError.forbidden('Ownership of this memorial has not been offered to you.');
    }
    await noteActivity(tx, offered.id, user, 'declined the ownership offer');
    if (owner && !owner.deletedAt) {
      await mailMember(
        ctx,
        tx,
        owner,
        `${user.fullName} declined the memorial of ${offered.title}`,
        [
          `${user.fullName} declined your offer of ownership of the memorial of ${offered.title}.`,
          'You stay its owner. You can offer it to someone else here:',
          manageLink(ctx, offered.id, 'ownership'),
        ],
        'you offered them ownership of this memorial.',
      );
    }
  });
  return { postId: offered.id, declined: true };
}

export async function setSuccessor(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  successorId: string | null,
): Promise<{ successor: { _id: string; fullName: string } | null }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canOwn');
  let successor: UserRow | null = null;
  if (successorId) {
    successor = await activeMember(ctx, successorId);
    const role = await roleOn(ctx.db, memorial.id, successor.id);
    if (!role || role === 'owner') {
      throw AppError.validation(
        'Please choose one of the people who look after this memorial (invite them first).',
        [{ path: 'userId', message: 'Not one of this memorial’s people.' }],
      );
    }
  }
  await ctx.db.transaction(async (tx) => {
    await updateMemorial(tx, memorial.id, { successorId: successor?.id ?? null });
    await noteActivity(
      tx,
      memorial.id,
      user,
      successor ? 'named a successor' : 'cleared the successor',
      successor?.fullName,
    );
  });
  return { successor: successor ? named(successor) : null };
}

// Access requests.

/** What an outsider of a private memorial that takes requests may see: its name. */
async function requestableMemorial(ctx: AppContext, memorialId: string): Promise<MemorialRow> {
  const [row] = isUuid(memorialId)
    ? await ctx.db.select().from(memorials).where(eq(memorials.id, memorialId)).limit(1)
    : [];
  if (!row || row.visibility !== 'private' || !row.allowAccessRequests) {
    throw AppError.notFound(MEMORIAL_NOT_FOUND);
  }
  return row;
}

export async function accessSummary(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<AccessSummary> {
  const row = await requestableMemorial(ctx, memorialId);
  return {
    _id: row.id,
    title: row.title,
    requested: user ? await repo.hasPendingRequest(ctx.db, row.id, user.id) : false,
  };
}

export async function requestAccess(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
  message: string,
): Promise<AccessSummary> {
  const row = await requestableMemorial(ctx, memorialId);
  if (await roleOn(ctx.db, row.id, user.id)) {
    throw AppError.conflict(ErrorCode.Conflict, 'You can already see this memorial.');
  }
  await sendToManagers(
    ctx,
    row,
    {
      key: `access-requests:user:${user.id}`,
      message: 'You have sent many requests in a short time.',
      again: 'You have already asked to see this memorial. Its family has not answered yet.',
    },
    (tx) => repo.insertAccessRequest(tx, { memorialId: row.id, userId: user.id, message }),
    {
      subject: `${user.fullName} asks to see the memorial of ${row.title}`,
      lines: [
        `${user.fullName} (${user.userName}) asks to see the memorial of ${row.title}.`,
        ...(message ? [`Their message: ${message}`] : []),
        'You can approve or decline here:',
      ],
      tab: 'people',
    },
  );
  return { _id: row.id, title: row.title, requested: true };
}

export async function listAccessRequests(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<AccessRequest[]> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const rows = await repo.pendingAccessRequests(ctx.db, memorial.id);
  return rows.map((r) => ({
    _id: r.id,
    user: { _id: r.userId, fullName: r.fullName, userName: r.userName },
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function decideAccess(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  requestId: string,
  action: 'approve' | 'decline',
): Promise<{ status: 'approved' | 'declined' }> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const status = action === 'approve' ? 'approved' : 'declined';
  await ctx.db.transaction(async (tx) => {
    const decided = isUuid(requestId)
      ? await repo.decideAccessRequest(tx, memorial.id, requestId, status, user!.id)
      : undefined;
    if (!decided) throw AppError.notFound('This request does not exist or was already answered.');
    const asker = await findUserById(tx, decided.userId);
    if (status === 'approved' && !(await roleOn(tx, memorial.id, decided.userId))) {
      await repo.setRole(tx, memorial.id, decided.userId, 'viewer');
    }
    await noteActivity(tx, memorial.id, user, `${status} an access request`, asker?.fullName);
    if (asker && !asker.deletedAt) {
      await mailMember(
        ctx,
        tx,
        asker,
        status === 'approved'
          ? `You may now see the memorial of ${memorial.title}`
          : `Your request to see the memorial of ${memorial.title}`,
        status === 'approved'
          ? [
              `Your request was approved. You can see the memorial of ${memorial.title} here:`,
              memorialLink(ctx, memorial.id),
            ]
          : [`The family of ${memorial.title} has declined your request to see the memorial.`],
        'you asked to see this private memorial.',
      );
    }
  });
  return { status };
}

// The member's own view.

export async function myStewardship(ctx: AppContext, user: UserRow): Promise<MyStewardship> {
  const now = new Date();
  // Anyone may sign up with any address: invitations sent to it are listed (with the memorials'
  // names) only once the account has proved it holds it (decision 0084).
  const emailVerified = user.emailVerifiedAt !== null;
  const [invitations, transfers, roles] = await Promise.all([
    emailVerified ? repo.invitationsForEmail(ctx.db, user.email, now) : [],
    repo.transfersOfferedTo(
      ctx.db,
      user.id,
      new Date(now.getTime() - TRANSFER_OFFER_DAYS * DAY_MS),
    ),
    repo.rolesOf(ctx.db, user.id),
  ]);
  return {
    emailVerified,
    invitations: invitations.map(({ id, memorialId, expiresAt, ...invitation }) => ({
      _id: id,
      postId: memorialId,
      ...invitation,
      expiresAt: expiresAt.toISOString(),
    })),
    transfers: transfers.map((t) => ({ postId: t.memorialId, title: t.title })),
    memorials: roles.map((r) => ({ postId: r.memorialId, title: r.title, role: r.role })),
  };
}

// Deleting an account.

/**
 * Deletes the caller's account (docs/decisions/0061-deleting-an-account.md). Each memorial they
 * own passes to its successor, else to its longest-serving manager; when one has neither, nothing
 * changes and the answer lists the memorials that need a successor, a transfer or a delete. The
 * account row stays, emptied of who they were, so the flowers, prayers and pictures they left
 * stay on the families' memorials; their private Life Legacy is deleted.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UserRow,
  currentPassword: string,
): Promise<{ passedOn: { postId: string; title: string; to: string }[] }> {
  await assertCurrentPassword(ctx, user, currentPassword, 'Please enter your password.');
  const owned = await ctx.db.select().from(memorials).where(eq(memorials.ownerId, user.id));
  const plan: { memorial: MemorialRow; heir: UserRow }[] = [];
  const stuck: MemorialRow[] = [];
  for (const memorial of owned) {
    const heir = await heirOf(ctx.db, memorial, user.id);
    if (heir) plan.push({ memorial, heir });
    else stuck.push(memorial);
  }
  if (stuck.length > 0) {
    throw new AppError(
      409,
      ErrorCode.Conflict,
      `Your account was not deleted: ${stuck.length === 1 ? 'one memorial needs' : `${stuck.length} memorials need`} someone to look after ${stuck.length === 1 ? 'it' : 'them'}. Name a successor, transfer ${stuck.length === 1 ? 'it' : 'them'}, or delete ${stuck.length === 1 ? 'it' : 'them'} first.`,
      stuck.map((m) => ({ path: m.id, message: m.title })),
    );
  }
  const avatarKey = user.avatarKey;
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await ctx.db.transaction(async (tx) => {
    for (const { memorial, heir } of plan) {
      await repo.moveOwnership(tx, memorial.id, user.id, heir.id);
      await noteActivity(
        tx,
        memorial.id,
        null,
        'passed ownership on when its owner deleted their account',
        heir.fullName,
      );
      await mailMember(
        ctx,
        tx,
        heir,
        `You now own the memorial of ${memorial.title}`,
        [
          `${user.fullName} deleted their Rips Memorial account, and the memorial of ${memorial.title}`,
          'passed to you with everything on it. You now decide who sees it and who helps:',
          memorialLink(ctx, memorial.id),
        ],
        memorial.successorId === heir.id
          ? `${user.fullName} named you the memorial's successor.`
          : 'you were its longest-serving manager and no successor was named.',
      );
    }
    await tx.delete(memorialPeople).where(eq(memorialPeople.userId, user.id));
    await tx
      .update(memorialInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(memorialInvitations.invitedBy, user.id),
          isNull(memorialInvitations.acceptedAt),
          isNull(memorialInvitations.revokedAt),
        ),
      );
    await tx.update(memorials).set({ successorId: null }).where(eq(memorials.successorId, user.id));
    await tx
      .update(memorials)
      .set({ pendingOwnerId: null, pendingOwnerOfferedAt: null })
      .where(eq(memorials.pendingOwnerId, user.id));
    await tx.delete(legacies).where(eq(legacies.userId, user.id));
    await tx
      .delete(memorialInvitations)
      .where(
        and(
          eq(memorialInvitations.email, user.email),
          sql`${memorialInvitations.acceptedAt} IS NULL`,
        ),
      );
    const compact = user.id.replaceAll('-', '');
    await tx
      .update(users)
      .set({
        fullName: 'Former member',
        email: `deleted-${compact}@deleted.invalid`,
        userName: `deleted_${compact}`,
        passwordHash: unusable,
        avatarKey: null,
        role: 'visitor',
        tokenVersion: sql`${users.tokenVersion} + 1`,
        disabledAt: new Date(),
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
  });
  if (avatarKey) await removeUpload(ctx.storage, avatarKey).catch(() => undefined);
  return {
    passedOn: plan.map((p) => ({
      postId: p.memorial.id,
      title: p.memorial.title,
      to: p.heir.fullName,
    })),
  };
}

/** Who takes a memorial over from `ownerId`: the named successor, else the longest-serving manager. */
async function heirOf(db: Db, memorial: MemorialRow, ownerId: string): Promise<UserRow | null> {
  const candidates = await db
    .select({ user: users, role: memorialPeople.role })
    .from(memorialPeople)
    .innerJoin(users, eq(users.id, memorialPeople.userId))
    .where(
      and(
        eq(memorialPeople.memorialId, memorial.id),
        sql`${users.id} <> ${ownerId}`,
        sql`${users.deletedAt} IS NULL`,
        sql`${users.disabledAt} IS NULL`,
      ),
    )
    .orderBy(memorialPeople.createdAt);
  const successor = candidates.find((c) => c.user.id === memorial.successorId);
  if (successor) return successor.user;
  return candidates.find((c) => c.role === 'manager')?.user ?? null;
}

/** Open reports across the site, for administrators. */
export async function adminReports(ctx: AppContext) {
  const reports = await repo.openReports(ctx.db, null, 200);
  const titles = reports.length
    ? await ctx.db
        .select({ id: memorials.id, title: memorials.title })
        .from(memorials)
        .where(inArray(memorials.id, [...new Set(reports.map((r) => r.memorialId))]))
    : [];
  const titleOf = new Map(titles.map((t) => [t.id, t.title]));
  return reports.map((r) => ({
    _id: r.id,
    postId: r.memorialId,
    title: titleOf.get(r.memorialId) ?? '',
    kind: r.kind,
    itemId: r.itemId,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}
