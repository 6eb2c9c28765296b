import { describe, expect, it } from 'vitest';
import { authorOf, formatPictureDate } from './format';

describe('formatPictureDate', () => {
  it('reads a calendar day from its parts, so no time zone moves it', () => {
    expect(formatPictureDate('1998-07-14')).toBe('July 14, 1998');
    expect(formatPictureDate('2024-01-01')).toBe('January 1, 2024');
    expect(formatPictureDate('1944-12-31')).toBe('December 31, 1944');
  });

  it('shows nothing for what is not a "YYYY-MM-DD" day', () => {
    expect(formatPictureDate('')).toBe('');
    expect(formatPictureDate('14/07/1998')).toBe('');
    expect(formatPictureDate('1998-07-14T00:00:00Z')).toBe('');
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
