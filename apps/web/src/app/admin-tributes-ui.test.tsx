// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminTribute, Paged } from '@rips/shared/admin';
import { afterEach, describe, expect, it } from 'vitest';
import { MODERATED_KINDS, TRIBUTE_KINDS } from '@/config/tribute-kinds';
import { TributesPanel } from '@/features/admin/components/tributes-panel';
import { fakeApi, renderPage, resetPage, signIn } from './testing/render-page';

/*
 * The administrators' list of tributes, for every moderated kind: its words name the kinds from
 * the shared list, and each item is named and removed as its own kind.
 */

afterEach(resetPage);

/** Ben's item of a moderated kind on Ada's memorial, as the admin API lists it. */
function adminItem(kind: (typeof MODERATED_KINDS)[number]): AdminTribute {
  const words = TRIBUTE_KINDS[kind.path].display === 'text';
  return {
    _id: `${kind.path}-1`,
    kind: kind.noun as AdminTribute['kind'],
    text: words ? `Words left as ${kind.path}` : null,
    image: words ? null : '/media/a.webp',
    bouquet: null,
    memorial: { _id: 'm1', title: 'Ada Lovelace' },
    author: { _id: 'u2', fullName: 'Ben Ode', userName: 'ben' },
    createdAt: '2026-02-01T10:00:00.000Z',
    abilities: { remove: true },
  };
}

const page = (data: AdminTribute[]): Paged<AdminTribute> => ({
  data,
  page: 1,
  limit: 20,
  total: data.length,
});

describe('the admin tributes panel', () => {
  it('says which kinds it lists, and each item by its kind', async () => {
    signIn();
    fakeApi({ 'GET /admin/tributes': () => page(MODERATED_KINDS.map(adminItem)) });
    renderPage(<TributesPanel />);
    const panel = await screen.findByRole('region', { name: 'Recent tributes' });
    const intro = within(panel).getByText(/^The newest /).textContent!;
    expect(MODERATED_KINDS.length).toBeGreaterThan(0);
    for (const kind of MODERATED_KINDS) {
      expect(intro).toContain(kind.plural);
      const descriptor = TRIBUTE_KINDS[kind.path];
      const remove = await within(panel).findByRole('button', {
        name: `Remove ${kind.noun} by Ben Ode on Ada Lovelace`,
      });
      const row = remove.closest('li')!;
      expect(within(row).getByText(descriptor.label)).toBeTruthy();
    }
  });

  it('names every moderated kind when nothing has been left', async () => {
    signIn();
    fakeApi({ 'GET /admin/tributes': () => page([]) });
    renderPage(<TributesPanel />);
    const empty = (await screen.findByText(/have been left yet\.$/)).textContent!;
    for (const kind of MODERATED_KINDS) expect(empty).toContain(kind.plural);
    expect(empty).toMatch(/^No .+ have been left yet\.$/);
  });

  it.each(MODERATED_KINDS.map((kind) => [kind.path, kind] as const))(
    'removes %s under its own kind, after asking by its noun',
    async (path, kind) => {
      signIn();
      const { calls } = fakeApi({
        'GET /admin/tributes': () => page(MODERATED_KINDS.map(adminItem)),
        [`DELETE /admin/tributes/${kind.noun}/${path}-1`]: () => ({}),
      });
      renderPage(<TributesPanel />);
      fireEvent.click(
        await screen.findByRole('button', {
          name: `Remove ${kind.noun} by Ben Ode on Ada Lovelace`,
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: `Remove this ${kind.noun}?` });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
      expect(calls.find((c) => c.method === 'DELETE')!.path).toBe(
        `/admin/tributes/${kind.noun}/${path}-1`,
      );
    },
  );
});
