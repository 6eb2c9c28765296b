import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

/** PostgreSQL text cannot hold NUL, so it is refused at the door rather than failing in a query. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}

export const NUL_MESSAGE =
  'The request contains a NUL character, which cannot be stored. Please remove it.';

export const inputGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw AppError.validation(NUL_MESSAGE);
    }
  });
});
