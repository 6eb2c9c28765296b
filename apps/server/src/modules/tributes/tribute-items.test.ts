import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './tribute-items.js';

const AT = '2026-11-21 11:47:49.123456+00';
const ID = '0b9f3c1e-6a47-4c1e-9d2a-7f0e8b1c2d3e';

describe('tribute page cursors', () => {
  it('round-trip, and still read the `created_at|id` cursors handed out before', () => {
    expect(decodeCursor(encodeCursor({ at: AT, id: ID }))).toEqual({ at: AT, id: ID });
    const old = Buffer.from(`${AT}|${ID}`, 'utf8').toString('base64url');
    expect(decodeCursor(old)).toEqual({ at: AT, id: ID });
    expect(decodeCursor(undefined)).toBeNull();
  });

  it('refuse anything else with the same message as before', () => {
    for (const bad of [
      Buffer.from(`${AT}|${ID}|x`).toString('base64url'),
      Buffer.from(`${AT}|nope`).toString('base64url'),
      'garbage',
    ]) {
      expect(() => decodeCursor(bad)).toThrow(
        'This page link is no longer valid. Please reload the list.',
      );
    }
  });
});
