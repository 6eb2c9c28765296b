// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PosterLineField } from '@/features/memorials/components/poster-line-field';
import { EMPTY_MEMORIAL, MemorialFormSchema } from '@/features/memorials/lib/memorial-form';
import { useZodForm } from '@/lib/use-zod-form';
import { renderPage, resetPage } from './testing/render-page';

/*
 * The poster line field says, as the family types, which characters the printable poster will
 * leave out (docs/decisions/0100-the-poster-prints-what-was-typed.md).
 */

afterEach(resetPage);

function Form({ title = '' }: { title?: string }) {
  const form = useZodForm(MemorialFormSchema, { initialValues: { ...EMPTY_MEMORIAL, title } });
  return <PosterLineField form={form} />;
}

const note = () => document.querySelector('[data-poster-unprintable]')!;

describe('the poster line field', () => {
  it('says nothing while every character prints, in any script the poster has a font for', () => {
    renderPage(<Form title="Miriam מרים مريم" />);
    const input = screen.getByRole('textbox', { name: 'Poster line' });
    fireEvent.change(input, { target: { value: 'Zoë Ελπίδα Надежда זכרונה לברכה رحمها الله 🌹' } });
    expect(note().textContent).toBe('');
  });

  it('names the characters that will not print, each once, under the field', () => {
    renderPage(<Form title="Li Wei" />);
    const input = screen.getByRole('textbox', { name: 'Poster line' });
    fireEvent.change(input, { target: { value: 'Forever 永远 in our hearts 永 🌹' } });
    expect(note().textContent).toBe('These characters will not print on the poster: 永 远');
    expect(note().getAttribute('aria-live')).toBe('polite');
    // Under the field, not above it.
    expect(input.compareDocumentPosition(note()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names what of the name will not print too', () => {
    renderPage(<Form title="王秀英 (Wang Xiuying)" />);
    expect(note().textContent).toBe(
      'These characters of the name will not print on the poster: 王 秀 英',
    );
  });
});
