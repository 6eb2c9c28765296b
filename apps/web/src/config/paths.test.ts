import { describe, expect, it } from 'vitest';
import { paths, safeNextPath } from './paths';

describe('safeNextPath', () => {
  it('follows a path of this site only', () => {
    expect(safeNextPath('/post/abc')).toBe('/post/abc');
    expect(safeNextPath(paths.login.href('/post/abc?x=1'))).toBe('/');
    for (const hostile of ['//evil.example', '/\\evil.example', 'https://evil.example', '', null]) {
      expect(safeNextPath(hostile)).toBe('/');
    }
    expect(paths.login.href('/post/a b')).toBe('/login?next=%2Fpost%2Fa%20b');
  });
});
