import { describe, expect, it } from 'vitest';
import { pageStatus } from './entry-server';

describe('pageStatus', () => {
  it('answers 404 for an address no page of the app has, 200 for every page', () => {
    for (const url of ['/no-such-page', '/post/x/y/z', '/m', '/profile/nothing', '/post/']) {
      expect(pageStatus(url), url).toBe(404);
    }
    for (const url of [
      '/',
      '/memoriams?q=rose',
      '/post/00000000-0000-4000-8000-000000000000',
      '/post/not-a-uuid',
      '/post/abc/manage/people',
      '/m/abcdefgh',
      '/login?next=/profile',
      '/about-us',
    ]) {
      expect(pageStatus(url), url).toBe(200);
    }
  });
});
