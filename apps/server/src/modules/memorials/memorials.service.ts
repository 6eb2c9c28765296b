import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@rips/shared/api';
import {
  memorialDateErrors,
  normalizeSearch,
  type ContributorAdded,
  type ContributorRemoved,
  type CreateMemorial,
  type LikeState,
  type MemberOption,
  type MemorialDetail,
  type MemorialListQuery,
  type MemorialSummary,
  type UpdateMemorial,
} from '@rips/shared/memorials';
import type { AppContext } from '../../context.js';
import { deriveTags } from '../../db/tags.js';
import { AppError } from '../../errors.js';
import {
  decodeCursor,
  encodeCursor,
  isKeysetPosition,
  type KeysetPosition,
} from '../../lib/cursor.js';
import { isUuid } from '../../lib/ids.js';
import type { UploadForm } from '../../lib/multipart.js';
import { storeImage, type StoredImage } from '../../media/image-store.js';
import { imageLimits } from '../auth/auth.service.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { removeUpload, storedKeysOfMemorial } from '../media/stored-files.js';
import {
  accessFor,
  findVisibleMemorial,
  MEMORIAL_NOT_FOUND,
  memorialAccess,
  requireCanCreateMemorial,
  requireCanRemoveContributor,
  requireMemorialAccess,
  type MemorialRow,
} from './memorials.policy.js';
import {
  presentMemberOption,
  presentMemorial,
  presentMemorialDetail,
} from './memorials.presenter.js';
import * as repo from './memorials.repository.js';
import { suggestMemorialNames } from './search-suggestions.js';
import { pendingCount } from '../tributes/pending-tributes.repository.js';

/** The multipart field of the memorial picture, as the spec names it. */
export const IMAGE_FIELD = 'postImg' as const;

function tagColumns(traits: string) {
  const tags = deriveTags(traits);
  // Joined by U+001F so a substring search never matches across two tags.
  return { traits, tags, tagsText: tags.join('\u001f') };
}

function imageColumns(stored: StoredImage) {
  return {
    imageKey: stored.imageKey,
    imageWidths: stored.imageWidths,
    imageWidth: stored.imageWidth,
    imageHeight: stored.imageHeight,
  };
}

/** Lists present many memorials with two batched look-ups, never one query per card. */
async function presentMany(
  ctx: AppContext,
  rows: MemorialRow[],
  viewer: UserRow | null,
  options: { shortDescription?: boolean } = {},
): Promise<MemorialSummary[]> {
  const ids = rows.map((r) => r.id);
  const [contributors, liked] = await Promise.all([
    repo.contributorsOf(ctx.db, ids),
    repo.likedBy(ctx.db, viewer?.id ?? null, ids),
  ]);
  return presentRows(ctx, rows, { contributors, liked }, options);
}

function presentRows(
  ctx: AppContext,
  rows: MemorialRow[],
  { contributors, liked }: { contributors: Map<string, string[]>; liked: Set<string> },
  options: { shortDescription?: boolean },
): MemorialSummary[] {
  return rows.map((row) =>
    presentMemorial(
      ctx.urls,
      row,
      { contributors: contributors.get(row.id) ?? [], likedByMe: liked.has(row.id) },
      options,
    ),
  );
}

function encodeListCursor(position: repo.ListPosition): string {
  return encodeCursor<KeysetPosition>([position.createdAt, position.id]);
}

function decodeListCursor(cursor: string | undefined): repo.ListPosition | null {
  if (!cursor) return null;
  const position = decodeCursor(cursor, isKeysetPosition);
  if (!position) {
    throw AppError.badRequest('This page link is no longer valid. Please search again.');
  }
  const [createdAt, id] = position;
  return { createdAt, id };
}

export async function listMemorials(
  ctx: AppContext,
  viewer: UserRow | null,
  query: MemorialListQuery & { limit: number },
): Promise<{ items: MemorialSummary[]; nextCursor: string | null; suggestions?: string[] }> {
  const search = normalizeSearch(query.q);
  const after = decodeListCursor(query.cursor);
  const page = await repo.listMemorialPagePositions(ctx.db, viewer, {
    search,
    limit: query.limit,
    after,
  });
  // The rows and what the cards show beside them at the same time: on PostgreSQL each is a
  // round trip to the database, which costs more than the reading (decision 0107).
  const [rows, contributors, liked] = await Promise.all([
    repo.findMemorialsInOrder(ctx.db, viewer, page.ids),
    repo.contributorsOf(ctx.db, page.ids),
    repo.likedBy(ctx.db, viewer?.id ?? null, page.ids),
  ]);
  const items = presentRows(ctx, rows, { contributors, liked }, { shortDescription: true });
  const nextCursor = page.next ? encodeListCursor(page.next) : null;
  // A search that found nothing offers the nearest names the viewer may see (decision 0102).
  if (items.length === 0 && !after && search.length > 0) {
    return { items, nextCursor, suggestions: await suggestMemorialNames(ctx.db, viewer, search) };
  }
  return { items, nextCursor };
}

export async function listOwned(ctx: AppContext, user: UserRow): Promise<MemorialSummary[]> {
  return presentMany(ctx, await repo.listOwnedMemorials(ctx.db, user), user);
}

export async function listContributed(ctx: AppContext, user: UserRow): Promise<MemorialSummary[]> {
  return presentMany(ctx, await repo.listContributedMemorials(ctx.db, user), user);
}

export async function getMemorial(
  ctx: AppContext,
  id: string,
  viewer: UserRow | null,
): Promise<MemorialDetail> {
  const found = isUuid(id) ? await repo.findMemorialWithContext(ctx.db, id, viewer) : undefined;
  if (!found) throw AppError.notFound(MEMORIAL_NOT_FOUND);
  const { row, ownerName, contributors, likedByMe, myRole } = found;
  const access = accessFor(row, viewer, myRole);
  return presentMemorialDetail(ctx.urls, row, {
    access,
    ownerName,
    contributors,
    likedByMe,
    publicUrl: ctx.config.publicUrl,
    pendingTributes: access.canManage ? await pendingCount(ctx.db, row.id) : null,
  });
}

async function presentDetail(
  ctx: AppContext,
  row: MemorialRow,
  viewer: UserRow | null,
): Promise<MemorialDetail> {
  const [access, ownerName, contributors, liked] = await Promise.all([
    memorialAccess(ctx.db, row, viewer),
    repo.findOwnerName(ctx.db, row.ownerId),
    repo.contributorsOf(ctx.db, [row.id]),
    repo.likedBy(ctx.db, viewer?.id ?? null, [row.id]),
  ]);
  return presentMemorialDetail(ctx.urls, row, {
    access,
    ownerName,
    contributors: contributors.get(row.id) ?? [],
    likedByMe: liked.has(row.id),
    publicUrl: ctx.config.publicUrl,
    pendingTributes: access.canManage ? await pendingCount(ctx.db, row.id) : null,
  });
}

/** Stores the picture, then runs `write`; when the write fails the stored files are removed again. */
async function withStoredImage<T>(
  ctx: AppContext,
  form: Pick<UploadForm<unknown, typeof IMAGE_FIELD>, 'files'>,
  write: (image: StoredImage | null) => Promise<T>,
): Promise<T> {
  const file = form.files[IMAGE_FIELD];
  const image = file ? await storeImage(ctx.storage, 'memorials', file, imageLimits(ctx)) : null;
  try {
    return await write(image);
  } catch (error) {
    if (image) await ctx.storage.deletePrefix(image.imageKey);
    throw error;
  }
}

/** A field of the create form that is not a column of the same name (traits become the tags). */
type NotAColumn = Exclude<keyof CreateMemorial, keyof repo.NewMemorialRow | 'traits'>;
/** Compiles only while every such field is a column: the create below stores them all. */
const createStoresEveryField: [NotAColumn] extends [never] ? true : NotAColumn = true;
void createStoresEveryField;

export async function createMemorial(
  ctx: AppContext,
  user: UserRow,
  form: UploadForm<CreateMemorial, typeof IMAGE_FIELD>,
): Promise<MemorialDetail> {
  requireCanCreateMemorial(user);
  // Every parsed field is a column of the same name (traits becomes the tags), as update does:
  // a field added to the schema is stored on create without a change here.
  const { traits, ...plain } = form.fields;
  const columns = {
    ...plain,
    dateOfBirth: plain.dateOfBirth ?? null,
    deathDate: plain.deathDate ?? null,
  } satisfies Partial<repo.NewMemorialRow>;
  const row = await withStoredImage(ctx, form, (image) =>
    repo.insertMemorial(ctx.db, {
      ...columns,
      ...tagColumns(traits),
      ...(image ? imageColumns(image) : {}),
      ownerId: user.id,
    }),
  );
  return presentDetail(ctx, row, user);
}

/** Any of the three update calls: only the fields sent change; the picture only when a new one is sent. */
export async function updateMemorial(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
  form: UploadForm<UpdateMemorial, typeof IMAGE_FIELD>,
): Promise<MemorialDetail> {
  const { memorial } = await requireMemorialAccess(ctx.db, id, user, 'canManage');
  const { fields } = form;
  const dateOfBirth = fields.dateOfBirth === undefined ? memorial.dateOfBirth : fields.dateOfBirth;
  const deathDate = fields.deathDate === undefined ? memorial.deathDate : fields.deathDate;
  const dateErrors = memorialDateErrors(dateOfBirth, deathDate);
  if (dateErrors.length > 0) throw AppError.validation(dateErrors[0]!.message, dateErrors);

  const { traits, ...plain } = fields;
  const updated = await withStoredImage(ctx, form, async (image) => {
    const row = await repo.updateMemorial(ctx.db, memorial.id, {
      ...plain,
      ...(traits === undefined ? {} : tagColumns(traits)),
      ...(image ? imageColumns(image) : {}),
    });
    if (!row) throw AppError.notFound(MEMORIAL_NOT_FOUND);
    return row;
  });
  // The old picture goes only once the new one is in place.
  if (form.files[IMAGE_FIELD] && memorial.imageKey && memorial.imageKey !== updated.imageKey) {
    await ctx.storage.deletePrefix(memorial.imageKey);
  }
  return presentDetail(ctx, updated, user);
}

/**
 * Deletes a memorial with everything on it. Keys are collected first, the rows go in one
 * transaction (cascading to tributes and galleries), and only then the files: a failed file
 * removal leaves an unreferenced file for clean-up, never a row pointing at nothing.
 */
export async function deleteMemorial(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const { memorial } = await requireMemorialAccess(ctx.db, id, user, 'canOwn');
  const keys = await storedKeysOfMemorial(ctx.db, memorial);
  if (!(await repo.deleteMemorialRow(ctx.db, memorial.id))) {
    throw AppError.notFound(MEMORIAL_NOT_FOUND);
  }
  const results = await Promise.allSettled(keys.map((key) => removeUpload(ctx.storage, key)));
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (failed > 0)
    log.warn(
      { memorialId: memorial.id, failed },
      'some files of a deleted memorial were not removed',
    );
}

/** A memorial's contributor ids, as the spec's contributor calls answer them. */
async function contributorsAnswer(ctx: AppContext, memorialId: string): Promise<ContributorAdded> {
  const contributors = await repo.contributorsOf(ctx.db, [memorialId]);
  return { postId: memorialId, contributer: contributors.get(memorialId) ?? [] };
}

export async function addContributor(
  ctx: AppContext,
  user: UserRow | null,
  contributorId: string,
  memorialId: string,
): Promise<ContributorAdded> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  const contributor = await findUserById(ctx.db, contributorId);
  if (!contributor || contributor.disabledAt || contributor.deletedAt) {
    throw AppError.notFound('We could not find that member. Please choose someone from the list.');
  }
  if (contributor.id === memorial.ownerId) {
    throw AppError.conflict(
      ErrorCode.Conflict,
      'The owner of this memorial cannot also be a contributor.',
    );
  }
  if (!(await repo.addContributor(ctx.db, memorial.id, contributor.id))) {
    throw AppError.conflict(
      ErrorCode.Conflict,
      `${contributor.fullName} is already a contributor to this memorial.`,
    );
  }
  return contributorsAnswer(ctx, memorial.id);
}

/** Takes a member off a memorial's contributors: the owner or an admin, or the member themselves. */
export async function removeContributor(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
  contributorId: string,
): Promise<ContributorRemoved> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  if (!user) throw AppError.unauthenticated();
  const access = await memorialAccess(ctx.db, memorial, user);
  requireCanRemoveContributor(access, user, contributorId);
  if (
    !isUuid(contributorId) ||
    !(await repo.removeContributor(ctx.db, memorial.id, contributorId))
  ) {
    throw AppError.notFound('This member is not a contributor to this memorial.');
  }
  return contributorsAnswer(ctx, memorial.id);
}

/** The contributors of a memorial with their names, for its owner's manage panel. */
export async function listContributors(
  ctx: AppContext,
  user: UserRow | null,
  memorialId: string,
): Promise<MemberOption[]> {
  const { memorial } = await requireMemorialAccess(ctx.db, memorialId, user, 'canManage');
  return (await repo.listContributorMembers(ctx.db, memorial.id)).map(presentMemberOption);
}

export async function setLike(
  ctx: AppContext,
  user: UserRow,
  memorialId: string,
  liked: boolean,
): Promise<LikeState> {
  const memorial = await findVisibleMemorial(ctx.db, memorialId, user);
  const reactions = await repo.setLike(ctx.db, memorial.id, user.id, liked);
  return { reactions, likedByMe: liked };
}

export async function contributorCandidates(
  ctx: AppContext,
  user: UserRow,
  query: { q?: string; limit: number },
): Promise<MemberOption[]> {
  const rows = await repo.findContributorCandidates(ctx.db, {
    search: normalizeSearch(query.q),
    limit: query.limit,
    excludeId: user.id,
  });
  return rows.map(presentMemberOption);
}
