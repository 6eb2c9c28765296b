import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@rips/shared/api';
import type {
  CreateReport,
  ModerationAction,
  ModerationItem,
  ModerationQueue,
} from '@rips/shared/stewardship';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { removeUpload } from '../media/stored-files.js';
import { findVisibleMemorial, requireMemorialAccess } from '../memorials/memorials.policy.js';
import type { TributeKind, ItemRow } from '../tributes/tribute-kind.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';
import * as items from '../tributes/tributes.repository.js';
import { guestLabel, itemUrls } from '../tributes/tributes.presenter.js';
import { urlsFor } from '../tributes/tributes.service.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import type { Db } from '../../db/client.js';
import { letter } from '../../mail/letter.js';
import { memorialLink, sendToManagers } from './stewardship.mail.js';
import * as repo from './stewardship.repository.js';

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

export async function moderationQueue(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<ModerationQueue> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const urls = urlsFor(ctx, memorial);
  const reports = await repo.openReports(ctx.db, memorial.id);
  const queue: ModerationQueue = { pending: [], reported: [], hidden: [], returned: [] };
  for (const kind of MODERATED()) {
    const reportedIds = [
      ...new Set(reports.filter((r) => r.kind === kind.path).map((r) => r.itemId)),
    ];
    const rows = await repo.moderationItems(ctx.db, kind, memorial.id, reportedIds);
    for (const { row, authorName } of rows) {
      const preview = kind.moderation!.preview(itemUrls(urls, row), row as never);
      const item: ModerationItem = {
        kind: kind.path,
        itemId: row.id,
        status: row.status,
        text: preview.text,
        image: preview.image,
        author: {
          _id: row.ownerId,
          fullName: row.ownerId === null ? guestLabel(row.authorName) : (authorName ?? ''),
        },
        createdAt: row.createdAt.toISOString(),
        reports: reports
          .filter((r) => r.kind === kind.path && r.itemId === row.id)
          .map((r) => ({ reason: r.reason, createdAt: r.createdAt.toISOString() })),
        returnNote: row.status === 'returned' ? row.returnNote : null,
      };
      if (row.status === 'pending') queue.pending.push(item);
      else if (row.status === 'hidden') queue.hidden.push(item);
      else if (row.status === 'returned') queue.returned.push(item);
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
  return: 'returned',
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
  // A returned item waits for its author: the family may still take it down or delete it.
  const allowed: Record<ModerationAction['action'], ItemRow['status'][]> = {
    approve: ['pending', 'published'],
    hide: ['pending', 'published', 'returned'],
    unhide: ['hidden'],
    delete: ['pending', 'published', 'hidden', 'returned'],
    return: ['pending'],
  };
  if (!allowed[action.action].includes(item.status)) {
    throw AppError.conflict(
      ErrorCode.Conflict,
      `This ${kind.moderation!.name} is ${item.status}: it cannot be ${ACTION_WORDS[action.action]} now.`,
    );
  }
  const name = kind.moderation!.name;
  const member = item.ownerId ? await findUserById(ctx.db, item.ownerId) : undefined;
  const author = member ?? { fullName: guestLabel(item.authorName) };
  if (action.action === 'return' && !member) {
    // The guest's address is kept only as a hash (decision 0103): no one could tell them.
    throw AppError.conflict(
      ErrorCode.Conflict,
      `This ${name} was left by a guest without an account, whose email address is not kept: it cannot be returned to them. Approve it, hide it or delete it.`,
    );
  }
  let fileKey: string | null = null;
  const status = await ctx.db.transaction(async (tx) => {
    let next: ItemRow['status'] | 'deleted';
    if (action.action === 'delete') {
      const removed = await items.deleteItem(tx, kind, item.id);
      fileKey = removed?.fileKey ?? null;
      next = 'deleted';
    } else if (action.action === 'return') {
      next = 'returned';
      await items.returnItem(tx, kind, item.id, action.note!);
      await tellAuthorOfReturn(ctx, tx, member!, memorial, name, action.note!);
    } else {
      next = action.action === 'hide' ? 'hidden' : 'published';
      await items.setItemStatus(tx, kind, item.id, next);
    }
    await repo.resolveReports(tx, kind.path, item.id, ctx.now());
    // The note stays in the activity for the memorial's managers, after the author resubmits.
    await repo.recordActivity(tx, {
      memorialId: memorial.id,
      actor: user,
      action:
        action.action === 'return'
          ? `returned a ${name} to its author with a note`
          : `${ACTION_WORDS[action.action]} a ${name}`,
      targetName: author?.fullName,
      detail: action.action === 'return' ? action.note! : '',
    });
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

/** The author's email: what the family wrote, and where to change the tribute and send it again. */
async function tellAuthorOfReturn(
  ctx: AppContext,
  tx: Db,
  author: UserRow,
  memorial: { id: string; title: string },
  name: string,
  note: string,
): Promise<void> {
  await ctx.mail.enqueue(
    tx,
    letter(
      author.email,
      `Your ${name} on the memorial of ${memorial.title} was returned with a note`,
      author.fullName,
      [
        `The family of the memorial of ${memorial.title} returned your ${name} to you with this note:`,
        '',
        note,
        '',
        `It is not shown on the memorial for now. You can change it and send it again, signed in, here:`,
        memorialLink(ctx, memorial.id, ''),
      ],
    ),
  );
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

/** Open reports across the site, for administrators. */
export async function adminReports(ctx: AppContext) {
  const reports = await repo.openReports(ctx.db, null, 200);
  const titles = await repo.memorialTitles(ctx.db, [...new Set(reports.map((r) => r.memorialId))]);
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
