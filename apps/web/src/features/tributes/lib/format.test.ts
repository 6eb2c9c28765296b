import { describe, expect, it } from 'vitest';
import { authorOf, formatPictureDate } from './format';

describe('formatPictureDate', () => {
  // A calendar day is read from its parts, so no time zone moves it; anything that is not a
  // "YYYY-MM-DD" day shows nothing.
  it.each([
    ['1998-07-14', 'July 14, 1998'],
    ['2024-01-01', 'January 1, 2024'],
    ['1944-12-31', 'December 31, 1944'],
    ['', ''],
    ['14/07/1998', ''],
    ['1998-07-14T00:00:00Z', ''],
  ])('shows %j as %j', (day, shown) => {
    expect(formatPictureDate(day)).toBe(shown);
  });
});

describe('authorOf', () => {
  const owner = { _id: 'u1', fullName: 'Ada Byron' };

  it("names an imported item's author by the archive's name, not the member who holds it", () => {
    expect(authorOf({ owner, importedAuthor: 'Alan Turing' })).toBe('Alan Turing');
  });

  it('names the member who left an item left on this site', () => {
    expect(authorOf({ owner, importedAuthor: null })).toBe('Ada Byron');
  });
});
