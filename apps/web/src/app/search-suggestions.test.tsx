// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoriamsPage } from '@/features/memorials/components/memoriams-page';
import { renderPage, resetPage } from './testing/render-page';

/*
 * A search that finds nothing offers the nearest names the server sends ("Did you mean ...?"),
 * each a link to its own search (docs/decisions/0102-search-accents-and-suggestions.md).
 */

afterEach(resetPage);

/** GET /posts answering no memorials and `suggestions` for `q`, recording each search. */
function fakeSearch(suggestionsFor: Record<string, string[]>) {
  const searched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const q = url.searchParams.get('q') ?? '';
      searched.push(q);
      const body = {
        statusCode: 200,
        data: [],
        message: 'Posts fetched successfully',
        success: true,
        limit: 12,
        nextCursor: null,
        ...(q in suggestionsFor ? { suggestions: suggestionsFor[q] } : {}),
      };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return searched;
}

describe('the memoriams search, when nothing is found', () => {
  it('says "Did you mean" with a link to the nearest name, which searches for it', async () => {
    const searched = fakeSearch({ Eleanour: ['Eleanor Whitmore'], 'Eleanor Whitmore': [] });
    renderPage(<MemoriamsPage />, { path: '/memoriams?q=Eleanour' });
    const link = await screen.findByRole('link', { name: 'Eleanor Whitmore' });
    expect(link.closest('[data-search-suggestions]')?.textContent).toBe(
      'Did you mean Eleanor Whitmore?',
    );
    expect(link.getAttribute('href')).toBe('/memoriams?q=Eleanor+Whitmore');
    fireEvent.click(link);
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search Rips' })).toHaveProperty(
        'value',
        'Eleanor Whitmore',
      ),
    );
    await waitFor(() => expect(searched).toContain('Eleanor Whitmore'));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Eleanor Whitmore' })).toBeNull(),
    );
  });

  it('joins several names, nearest first, and says only the empty text without any', async () => {
    fakeSearch({ Rosa: ['Rosa María Delgado', 'Rosa Maria Xiberta', 'Rosalind Hale'] });
    renderPage(<MemoriamsPage />, { path: '/memoriams?q=Rosa' });
    await screen.findByRole('link', { name: 'Rosalind Hale' });
    expect(document.querySelector('[data-search-suggestions]')?.textContent).toBe(
      'Did you mean Rosa María Delgado, Rosa Maria Xiberta or Rosalind Hale?',
    );
    resetPage();

    fakeSearch({ Zanzibar: [] });
    renderPage(<MemoriamsPage />, { path: '/memoriams?q=Zanzibar' });
    await screen.findAllByText('No posts found matching your query.');
    expect(document.querySelector('[data-search-suggestions]')).toBeNull();
  });
});
