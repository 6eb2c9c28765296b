import { describe, expect, it } from 'vitest';
import { nextOfEntry, paths, safeNextPath } from './paths';

describe('safeNextPath', () => {
  it('follows a path of this site, with its query and fragment', () => {
    expect(safeNextPath('/post/abc')).toBe('/post/abc');
    expect(safeNextPath('/add-flower?postId=abc')).toBe('/add-flower?postId=abc');
    expect(safeNextPath('/invitations#token=abc')).toBe('/invitations#token=abc');
    expect(safeNextPath('/post/abc/transfer')).toBe('/post/abc/transfer');
    expect(safeNextPath('/post/a b')).toBe('/post/a%20b');
  });

  it('sends anything that could leave the site, or loop, home', () => {
    const hostile = [
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '/\\\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      'https://evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)//',
      'data:text/html,<script>alert(1)</script>',
      ' /post/abc',
      'post/abc',
      './/evil.example',
      '%2F%2Fevil.example',
      '',
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
      '/login',
      '/login?next=%2Fpost%2Fabc',
      '/login/',
      '/sign-up#next=%2Finvitations',
    ];
    for (const next of hostile) expect(safeNextPath(next), String(next)).toBe('/');
  });

  it('rides in the query, or in the fragment when the page has one (a token)', () => {
    expect(paths.login.href('/post/a b')).toBe('/login?next=%2Fpost%2Fa%20b');
    expect(paths.signUp.href('/post/abc')).toBe('/sign-up?next=%2Fpost%2Fabc');
    expect(paths.login.href()).toBe('/login');
    const invitation = paths.invitation.href('secret-token');
    const login = paths.login.href(invitation);
    expect(login).toBe('/login#next=%2Finvitations%23token%3Dsecret-token');
    // What a browser sends (path and query) holds no token.
    expect(login.split('#')[0]).not.toContain('secret-token');
    const url = new URL(login, 'https://rips.example');
    expect(nextOfEntry(url.search, url.hash)).toBe(invitation);
    expect(nextOfEntry('?next=%2Fpost%2Fabc', '')).toBe('/post/abc');
    expect(nextOfEntry('?next=%2F%2Fevil.example', '')).toBe('/');
    expect(nextOfEntry('', '#next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(nextOfEntry('', '')).toBe('/');
  });
});
