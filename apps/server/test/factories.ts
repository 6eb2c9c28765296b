import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll } from 'vitest';
import type { MemorialDetail } from '@rips/shared/memorials';
import type { Role } from '@rips/shared/users';
import { memorialInvitations, memorialPeople, memorials, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { hashToken } from '../src/modules/stewardship/stewardship.shared.js';
import { pngFile } from './fixtures.js';
import { multipartRequest, type FilePart } from './multipart.js';
import type { UserRow } from '../src/modules/users/users.repository.js';

export const TEST_PASSWORD = 'Quiet-harbor-42';
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  row: UserRow;
  token: string;
  /** Authorization header for app.inject. */
  auth: { authorization: string };
}

/** A member stored straight into the database, with a valid access token. */
export async function createUser(
  app: FastifyInstance,
  options: { role?: Role; userName?: string; email?: string; fullName?: string } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(4).toString('hex');
  const [row] = await app.ctx.db
    .insert(users)
    .values({
      userName: options.userName ?? `member_${suffix}`,
      email: options.email ?? `member_${suffix}@example.com`,
      fullName: options.fullName ?? `Member ${suffix}`,
      role: options.role ?? 'visitor',
      passwordHash: await passwordHash,
    })
    .returning();
  const token = await app.ctx.tokens.sign({
    sub: row!.id,
    ver: row!.tokenVersion,
    role: row!.role,
  });
  return { row: row!, token, auth: { authorization: `Bearer ${token}` } };
}

/** A memorial stored straight into the database (tributes and galleries tests). */
export async function createMemorialRow(
  app: FastifyInstance,
  owner: TestUser,
  values: Partial<typeof memorials.$inferInsert> = {},
): Promise<typeof memorials.$inferSelect> {
  const [row] = await app.ctx.db
    .insert(memorials)
    .values({
      ownerId: owner.row.id,
      title: `Memorial ${randomBytes(3).toString('hex')}`,
      ...values,
    })
    .returning();
  return row!;
}

/** Makes `user` a contributor of the memorial, as the owner's "Add Contributer" would. */
export async function addContributorRow(
  app: FastifyInstance,
  memorialId: string,
  user: TestUser,
): Promise<void> {
  await app.ctx.db
    .insert(memorialPeople)
    .values({ memorialId, userId: user.row.id, role: 'contributor' });
}

/**
 * A pending invitation to `role` on the memorial from `sender`, working for another minute,
 * stored straight into the database. Answers its id and the token its mail would carry.
 */
export async function createInvitationRow(
  app: FastifyInstance,
  memorialId: string,
  sender: TestUser,
  role: (typeof memorialInvitations.$inferInsert)['role'],
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await app.ctx.db
    .insert(memorialInvitations)
    .values({
      memorialId,
      email: `invited_${randomBytes(4).toString('hex')}@example.com`,
      role,
      tokenHash: hashToken(token),
      invitedBy: sender.row.id,
      expiresAt: new Date(Date.now() + 60_000),
    })
    .returning({ id: memorialInvitations.id });
  return { id: row!.id, token };
}

/** The owner's "Add Contributer" (PATCH /users/{id}/roles): `member` joins the memorial. */
export function addContributorRequest(
  memorialId: string,
  member: TestUser,
  auth: Record<string, string>,
): InjectOptions {
  return {
    method: 'PATCH',
    url: `/api/v1/users/${member.row.id}/roles`,
    payload: { postId: memorialId, userId: member.row.id },
    headers: auth,
  };
}

/** Who the tests of items left on a memorial need: its owner, a contributor and a member. */
export interface MemorialCast {
  owner: TestUser;
  contributor: TestUser;
  member: TestUser;
  memorialId: string;
}

/** Grace Hopper's memorial to Ada Lovelace, Alan Turing contributing, Mary Shelley passing by. */
export async function createMemorialCast(app: FastifyInstance): Promise<MemorialCast> {
  const owner = await createUser(app, { role: 'sponsor', fullName: 'Grace Hopper' });
  const contributor = await createUser(app, { fullName: 'Alan Turing' });
  const member = await createUser(app, { fullName: 'Mary Shelley' });
  const memorialId = (await createMemorialRow(app, owner, { title: 'Ada Lovelace' })).id;
  await addContributorRow(app, memorialId, contributor);
  return { owner, contributor, member, memorialId };
}

/** The memorial cast of a test file's app, there from its first test on. */
export function useMemorialCast(t: { app: FastifyInstance }): MemorialCast {
  const cast = {} as MemorialCast;
  beforeAll(async () => {
    Object.assign(cast, await createMemorialCast(t.app));
  });
  return cast;
}

/**
 * The spec's create-memorial form (multipart) with `fields`, as `auth`, with `portrait` as its
 * picture (a small PNG unless given; `null` sends none).
 */
export async function createMemorialRequest(
  auth: Record<string, string>,
  fields: Record<string, string | undefined>,
  portrait?: FilePart | null,
): Promise<InjectOptions> {
  const postImg = portrait === undefined ? await pngFile() : portrait;
  return multipartRequest('POST', '/api/v1/posts', auth, fields, postImg ? { postImg } : {});
}

/** A memorial made through the create form (see `createMemorialRequest`): the API's answer. */
export async function createMemorialVia(
  app: FastifyInstance,
  auth: Record<string, string>,
  fields: Record<string, string | undefined>,
  portrait?: FilePart | null,
): Promise<MemorialDetail> {
  const res = await app.inject(await createMemorialRequest(auth, fields, portrait));
  if (res.statusCode !== 201)
    throw new Error(`Creating a memorial answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** The spec's sign-up (multipart, with a picture as avatar) of a new member named after no one else. */
export async function registrationRequest(
  headers: Record<string, string> = {},
  avatar?: FilePart,
): Promise<InjectOptions> {
  const suffix = randomBytes(4).toString('hex');
  return multipartRequest(
    'POST',
    '/api/v1/users/register',
    headers,
    {
      fullName: 'Pictured Member',
      email: `pictured_${suffix}@example.com`,
      userName: `pictured_${suffix}`,
      password: 'Fresh-start-2026',
    },
    { avatar: avatar ?? (await pngFile()) },
  );
}
