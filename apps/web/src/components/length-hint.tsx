import type { ReactNode } from 'react';
import { countText } from '@/lib/count-text';

/** From this share of the limit on, a field shows how much of it is used. */
const NEAR_LIMIT = 0.8;

/**
 * A long field's description: its own hint, and near the limit a live count. Text over the limit
 * is never cut (no `maxLength`, which drops the rest of a paste): it stays, the count says by how
 * much it is over, and the shared schema refuses it with its message until it fits.
 */
export function lengthHint(value: unknown, max: number, hint?: ReactNode): ReactNode {
  const length = typeof value === 'string' ? value.length : 0;
  if (length < max * NEAR_LIMIT) return hint;
  const over = length - max;
  return (
    <>
      {hint ? <>{hint} </> : null}
      <span
        data-length-count
        style={over > 0 ? { color: 'var(--mantine-color-error)', fontWeight: 600 } : undefined}
      >
        {over > 0
          ? `${countText(length)} of ${countText(max)} characters: ${countText(over)} over the limit.`
          : `${countText(length)} of ${countText(max)} characters.`}
      </span>
    </>
  );
}
