import { describe, expect, it } from 'vitest';
import { formatLongDate, lifeSpan } from './format';

describe('lifeSpan', () => {
  it('reads as the memorial shows it, with the age at death', () => {
    expect(lifeSpan('1948-03-12', '2026-11-02')).toBe(
      'March 12, 1948 – November 2, 2026 · aged 78',
    );
    // The day before the birthday: one year younger.
    expect(lifeSpan('1948-03-12', '2026-03-11')).toBe('March 12, 1948 – March 11, 2026 · aged 77');
    expect(lifeSpan('1948-03-12', null)).toBe('Born March 12, 1948');
    expect(lifeSpan(null, '2026-11-02')).toBe('Died November 2, 2026');
    expect(lifeSpan(null, null)).toBeNull();
    // Incomplete or impossible dates are no dates.
    expect(lifeSpan('1948--12', '2026-02-30')).toBeNull();
  });

  it('never turns a day that does not exist into another day', () => {
    expect(formatLongDate('2026-02-30')).toBeNull();
    expect(formatLongDate('2024-02-29')).toBe('February 29, 2024');
  });
});
