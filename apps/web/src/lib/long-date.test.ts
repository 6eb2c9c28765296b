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

  it.each([
    // The day as "December 11, 2026", never "12/11/2026".
    [longDateOfMoment, '2026-12-11T03:34:04.000Z', 'December 11, 2026'],
    [longDateOfMoment, 'not a date', ''],
    // With the time, on a twelve-hour clock.
    [longDateTimeOfMoment, '2026-11-27T03:34:04.000Z', 'November 27, 2026, 3:34 AM'],
    [longDateTimeOfMoment, '2026-11-27T00:05:00.000Z', 'November 27, 2026, 12:05 AM'],
    [longDateTimeOfMoment, '2026-11-27T12:00:00.000Z', 'November 27, 2026, 12:00 PM'],
    [longDateTimeOfMoment, '2026-11-27T23:59:00.000Z', 'November 27, 2026, 11:59 PM'],
  ])('%o writes %s as %j', (write, moment, shown) => {
    expect(write(moment)).toBe(shown);
  });
});
