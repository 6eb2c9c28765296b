import { describe, expect, it } from 'vitest';
import { escapeLike } from './sql.js';

describe('escapeLike', () => {
  it('escapes %, _ and the backslash, and leaves everything else alone', () => {
    expect(escapeLike('100%_sure\\')).toBe('100\\%\\_sure\\\\');
    expect(escapeLike('a\\%b')).toBe('a\\\\\\%b');
    expect(escapeLike('Élise O’Brien')).toBe('Élise O’Brien');
  });
});
