import { describe, expect, it } from 'vitest';
import { formatPictureDate } from './format';

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
