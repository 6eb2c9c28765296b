/** The unique constraint a Postgres error names, when the error is a unique violation (23505). */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as {
      code?: string;
      constraint?: string;
      constraint_name?: string;
      cause?: unknown;
    };
    if (candidate.code === '23505') return candidate.constraint ?? candidate.constraint_name ?? '';
    current = candidate.cause;
  }
  return null;
}
