import { describe, expect, it } from 'vitest';
import { countText } from './count-text';

describe('countText', () => {
  it('writes whole numbers as toLocaleString("en-US") does', () => {
    for (const n of [0, 7, 12, 999, 1000, 1204, 65_535, 100_000, 1_234_567, 20_000_000, -4321]) {
      expect(countText(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
