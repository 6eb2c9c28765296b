import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { longDateOfMoment, longDateTimeOfMoment } from './long-date';

describe('dates of moments, in the site’s long form', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'UTC';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('writes the day as "December 11, 2026", never "12/11/2026"', () => {
    expect(longDateOfMoment('2026-12-11T03:34:04.000Z')).toBe('December 11, 2026');
    expect(longDateOfMoment('not a date')).toBe('');
  });

  it('adds the time on a twelve-hour clock', () => {
    expect(longDateTimeOfMoment('2026-11-27T03:34:04.000Z')).toBe('November 27, 2026, 3:34 AM');
    expect(longDateTimeOfMoment('2026-11-27T00:05:00.000Z')).toBe('November 27, 2026, 12:05 AM');
    expect(longDateTimeOfMoment('2026-11-27T12:00:00.000Z')).toBe('November 27, 2026, 12:00 PM');
    expect(longDateTimeOfMoment('2026-11-27T23:59:00.000Z')).toBe('November 27, 2026, 11:59 PM');
  });
});
