import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, isKeysetPosition, type KeysetPosition } from './cursor.js';

const POSITION: KeysetPosition = [
  '2026-11-21 11:47:49.123456+00',
  '0b9f3c1e-6a47-4c1e-9d2a-7f0e8b1c2d3e',
];
const isPair = (value: unknown): value is { page: number } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { page?: unknown }).page === 'number';

describe('page cursors', () => {
  it('round-trips a value through an opaque, URL-safe text', () => {
    const text = encodeCursor(POSITION);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text, isKeysetPosition)).toEqual(POSITION);
    expect(decodeCursor(encodeCursor({ page: 3 }), isPair)).toEqual({ page: 3 });
  });

  it('keeps the microseconds of the timestamp', () => {
    expect(decodeCursor(encodeCursor(POSITION), isKeysetPosition)![0]).toBe(POSITION[0]);
  });

  it('answers null for garbage, for JSON of another shape and for tampered positions', () => {
    expect(decodeCursor('!!!not base64', isKeysetPosition)).toBeNull();
    expect(decodeCursor('', isKeysetPosition)).toBeNull();
    expect(decodeCursor(Buffer.from('{"a":').toString('base64url'), isKeysetPosition)).toBeNull();
    expect(decodeCursor(encodeCursor({ page: 3 }), isKeysetPosition)).toBeNull();
    expect(decodeCursor(encodeCursor([POSITION[0]]), isKeysetPosition)).toBeNull();
    expect(decodeCursor(encodeCursor([...POSITION, 'x']), isKeysetPosition)).toBeNull();
    expect(decodeCursor(encodeCursor([POSITION[0], 'not-a-uuid']), isKeysetPosition)).toBeNull();
    expect(
      decodeCursor(encodeCursor(["2026-11-21' OR 1=1 --", POSITION[1]]), isKeysetPosition),
    ).toBeNull();
    expect(decodeCursor(encodeCursor([1, POSITION[1]]), isKeysetPosition)).toBeNull();
    const tampered = encodeCursor(POSITION).slice(0, -3) + 'AAA';
    expect(decodeCursor(tampered, isKeysetPosition)).toBeNull();
  });
});
