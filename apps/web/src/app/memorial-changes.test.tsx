// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminTribute } from '@rips/shared/admin';
import type { ModerationItem, ModerationQueue } from '@rips/shared/stewardship';
import { afterEach, describe, expect, it } from 'vitest';
import { TRIBUTE_KINDS } from '@/config/tribute-kinds';
import { TributesPanel } from '@/features/admin/components/tributes-panel';
import ManageRoute from './routes/manage';
import { TributeList } from '@/features/tributes/components/tribute-lists';
import { memorialDetail, tributeItem } from './testing/fixtures';
import { fakeApi, renderPage, resetPage, signIn, type FakeRoutes } from './testing/render-page';

/*
 * A change made in one feature shows at once on the screens of another: the memorial page's list
 * of flowers (tributes) after moderation (stewardship), an administrator's removal (admin) and a
 * report, with the app's own query client.
 */

afterEach(resetPage);

const flowers = TRIBUTE_KINDS.flowers;

/** The memorial's flowers as the server answers them: Ben's flower until it is taken down. */
function flowerServer(extra: FakeRoutes) {
  const state = { shown: true };
  const api = fakeApi({
    'GET /posts/post/m1': () => memorialDetail(),
    'GET /flowers/post/m1': () => (state.shown ? [tributeItem('flowers')] : []),
    ...extra,
  });
  return { state, ...api };
}

const flowerList = <TributeList descriptor={flowers} postId="m1" memorialTitle="Ada Lovelace" />;

async function showsBensFlower() {
  const list = await screen.findByRole('region', { name: 'Flowers' });
  await within(list).findByRole('img', { name: /Flower left by Ben Ode/ });
  return list;
}

describe('a memorial change refreshes the lists of other features', () => {
  it('a flower hidden in Manage → Moderation leaves the memorial page’s list at once', async () => {
    signIn();
    const reported: ModerationItem = {
      kind: 'flowers',
      itemId: 'flowers-1',
      status: 'published',
      text: null,
      image: '/media/a.webp',
      author: { _id: 'u2', fullName: 'Ben Ode' },
      createdAt: '2026-02-01T10:00:00.000Z',
      reports: [{ reason: 'Not for this page', createdAt: '2026-02-02T10:00:00.000Z' }],
      returnNote: null,
    };
    const { state } = flowerServer({
      'GET /posts/m1/moderation': (): ModerationQueue => ({
        pending: [],
        reported: state.shown ? [reported] : [],
        hidden: state.shown ? [] : [{ ...reported, status: 'hidden', reports: [] }],
        returned: [],
      }),
      'POST /posts/m1/moderation': () => {
        state.shown = false;
        return { status: 'hidden' };
      },
    });
    renderPage(
      <>
        <ManageRoute />
        {flowerList}
      </>,
      { path: '/post/m1/manage/moderation', route: '/post/:id/manage/:tab?' },
    );
    const list = await showsBensFlower();
    fireEvent.click(await screen.findByRole('button', { name: 'Hide the flower by Ben Ode' }));

    await waitFor(() => expect(within(list).getByText(flowers.empty)).toBeTruthy());
  });

  it('a flower an administrator removes leaves the memorial page’s list at once', async () => {
    signIn({ roles: 'admin' });
    const tribute = {
      _id: 'flowers-1',
      kind: 'flower',
      text: null,
      image: '/media/a.webp',
      bouquet: null,
      memorial: { _id: 'm1', title: 'Ada Lovelace' },
      author: { _id: 'u2', fullName: 'Ben Ode' },
      createdAt: '2026-02-01T10:00:00.000Z',
      abilities: { remove: true },
    } as unknown as AdminTribute;
    const { state } = flowerServer({
      'GET /admin/tributes': () => ({
        data: state.shown ? [tribute] : [],
        page: 1,
        limit: 20,
        total: state.shown ? 1 : 0,
      }),
      'DELETE /admin/tributes/flower/flowers-1': () => {
        state.shown = false;
        return {};
      },
    });
    renderPage(
      <>
        <TributesPanel />
        {flowerList}
      </>,
    );
    const list = await showsBensFlower();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove flower by Ben Ode on Ada Lovelace' }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );

    await waitFor(() => expect(within(list).getByText(flowers.empty)).toBeTruthy());
  });

  it('a report asks the memorial page’s list again', async () => {
    signIn();
    const { calls } = flowerServer({ 'POST /posts/m1/reports': () => ({ reported: true }) });
    const listCalls = () =>
      calls.filter((c) => c.method === 'GET' && c.path === '/flowers/post/m1').length;
    renderPage(flowerList);
    const list = await showsBensFlower();
    expect(listCalls()).toBe(1);
    fireEvent.click(
      within(list).getByRole('button', { name: 'Report the flower left by Ben Ode' }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText('Why should the family look at this?'), {
      target: { value: 'Not for this page' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(calls.some((c) => c.path === '/posts/m1/reports')).toBe(true));
    await waitFor(() => expect(listCalls()).toBe(2));
  });
});
