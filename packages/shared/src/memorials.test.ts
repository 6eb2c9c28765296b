import { describe, expect, it } from 'vitest';
import { CreateMemorialSchema, DEATH_DATE_RULE, searchWords } from './memorials.js';

describe('searchWords', () => {
  it('splits on any white space, lower-cases, and drops repeats and words inside longer ones', () => {
    expect(searchWords('Robert   Hale')).toEqual(['robert', 'hale']);
    expect(searchWords('hale HALE robert rob')).toEqual(['hale', 'robert']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('a b c d e f g h i j').length).toBe(8);
  });
});

describe('memorial dates', () => {
  const parse = (dates: Record<string, string | null>) =>
    CreateMemorialSchema.safeParse({ title: 'Robert Hale', ...dates });

  it('names the rule for a death date in the future or before the birth, and never rewrites it', () => {
    for (const deathDate of ['2062-11-02', '1947-11-02']) {
      const result = parse({ dateOfBirth: '1948-03-12', deathDate });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([DEATH_DATE_RULE]);
    }
    expect(parse({ dateOfBirth: '1948-03-12', deathDate: '2026-11-02' }).data).toMatchObject({
      dateOfBirth: '1948-03-12',
      deathDate: '2026-11-02',
    });
  });

  it('asks for every part of a date typed in parts', () => {
    const result = parse({ dateOfBirth: '1948--12' });
    expect(result.error?.issues[0]?.message).toBe(
      'The date of birth: please give the day, month and year.',
    );
  });
});
