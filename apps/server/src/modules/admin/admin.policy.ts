import type { FastifyRequest } from 'fastify';
import type { ItemAbilities } from '@rips/shared/tributes';
import { AppError } from '../../errors.js';
import type { UserRow } from '../users/users.repository.js';

/** Every administration call: 401 when signed out, 403 for anyone but an administrator. */
export async function requireAdmin(request: FastifyRequest): Promise<UserRow> {
  const user = await request.requireUser();
  if (user.role !== 'admin') throw AppError.forbidden('Only administrators can do that.');
  return user;
}

/** Administrators moderate every memorial, so they may remove whatever moderation shows them. */
export function moderationAbilities(admin: UserRow): ItemAbilities {
  return { remove: admin.role === 'admin' };
}
