// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { MEMORIAL_VISIBILITIES, VISIBILITY_LABELS } from '@rips/shared/visibility';
import type { ModerationItem } from '@rips/shared/stewardship';
import { afterEach, describe, expect, it } from 'vitest';
import {
  TRIBUTE_KIND_LIST,
  TRIBUTE_KINDS,
  type TributeKind,
  type TributeKindDescriptor,
} from '@/config/tribute-kinds';
import { MemorialPage } from '@/features/memorials/components/memorial-page';
import ManageRoute from './routes/manage';
import { TributeList } from '@/features/tributes/components/tribute-lists';
import { renderTributes } from '@/features/tributes/tributes-extras';
import { memorialDetail, tributeItem } from './testing/fixtures';
import { fakeApi, renderPage, resetPage, signIn, type FakeRoutes } from './testing/render-page';

/*
 * The screens drawn from the kinds' descriptors (config/tribute-kinds.ts), for every kind: a kind
 * added there and forgotten by a screen fails here.
 */

afterEach(resetPage);

const KINDS = TRIBUTE_KIND_LIST.map((descriptor) => [descriptor.kind, descriptor] as const);

/** The memorial m1 with one item of each kind, left by Ben Ode. */
function memorialServer(extra: FakeRoutes = {}) {
  const lists = Object.fromEntries(
    TRIBUTE_KIND_LIST.map((d) => [`GET /${d.kind}/post/m1`, () => [tributeItem(d.kind)]]),
  );
  return fakeApi({
    'GET /posts/post/m1': () => memorialDetail(),
    'GET /posts/m1/contributors': () => [],
    'GET /uploads/limits': () => ({
      imageBytes: 10_000_000,
      documentBytes: 20_000_000,
      imageTypes: 'JPEG or PNG',
      documentTypes: 'PDF',
    }),
    ...lists,
    ...extra,
  });
}

const memorialPage = <MemorialPage extras={renderTributes} />;
const onMemorialPage = { path: '/post/m1', route: '/post/:id' };

describe('the memorial page, for every kind', () => {
  it.each(KINDS)('lists %s under its own heading, with its item', async (_kind, descriptor) => {
    signIn();
    memorialServer();
    renderPage(memorialPage, onMemorialPage);
    const list = await screen.findByRole('region', { name: descriptor.title });
    expect(await within(list).findAllByText('Ben Ode')).not.toHaveLength(0);
    expect(within(list).queryByText(descriptor.empty)).toBeNull();
  });

  it.each(KINDS)('opens the form of %s from its button', async (_kind, descriptor) => {
    signIn();
    memorialServer();
    renderPage(memorialPage, onMemorialPage);
    fireEvent.click(await screen.findByRole('button', { name: descriptor.openLabel }));
    const dialog = await screen.findByRole('dialog', { name: descriptor.dialogTitle });
    expect(
      await within(dialog).findByRole('button', { name: descriptor.submitLabel }),
    ).toBeTruthy();
  });
});

/** The Report button under Ben's item of this kind, as Rose sees it. */
async function reportButtonOn(descriptor: TributeKindDescriptor) {
  const list = await screen.findByRole('region', { name: descriptor.title });
  await within(list).findAllByText('Ben Ode');
  return within(list).queryByRole('button', {
    name: `Report the ${descriptor.noun} left by Ben Ode`,
  });
}

describe('Report', () => {
  it.each(KINDS)('is offered on %s exactly when the kind is reportable', async (_k, descriptor) => {
    signIn();
    memorialServer();
    renderPage(<TributeList descriptor={descriptor} postId="m1" memorialTitle="Ada Lovelace" />);
    const button = await reportButtonOn(descriptor);
    expect(button !== null).toBe(descriptor.reportable);
  });

  it.each(KINDS)('is offered on %s once the kind is reportable', async (_k, descriptor) => {
    signIn();
    memorialServer();
    const reportable = { ...descriptor, reportable: true } as TributeKindDescriptor;
    renderPage(<TributeList descriptor={reportable} postId="m1" memorialTitle="Ada Lovelace" />);
    expect(await reportButtonOn(reportable)).not.toBeNull();
  });

  it('is not offered to a visitor who is not signed in, nor on one’s own item', async () => {
    memorialServer();
    const { unmount } = renderPage(
      <TributeList descriptor={TRIBUTE_KINDS.flowers} postId="m1" memorialTitle="Ada Lovelace" />,
    );
    expect(await reportButtonOn(TRIBUTE_KINDS.flowers)).toBeNull();
    unmount();
    signIn({ _id: 'u2', fullName: 'Ben Ode' });
    renderPage(
      <TributeList descriptor={TRIBUTE_KINDS.flowers} postId="m1" memorialTitle="Ada Lovelace" />,
    );
    expect(await reportButtonOn(TRIBUTE_KINDS.flowers)).toBeNull();
  });
});

describe('Manage → Moderation', () => {
  it('names each item by its own kind', async () => {
    signIn();
    const item = (kind: TributeKind): ModerationItem => ({
      kind,
      itemId: `${kind}-1`,
      status: 'pending',
      text: null,
      image: null,
      author: { _id: 'u2', fullName: 'Ben Ode' },
      createdAt: '2026-02-01T10:00:00.000Z',
      reports: [],
    });
    memorialServer({
      'GET /posts/m1/moderation': () => ({
        pending: TRIBUTE_KIND_LIST.map((d) => item(d.kind)),
        reported: [],
        hidden: [],
      }),
    });
    renderPage(<ManageRoute />, {
      path: '/post/m1/manage/moderation',
      route: '/post/:id/manage/:tab?',
    });
    const queue = (await screen.findByRole('heading', { name: 'Awaiting approval' }))
      .parentElement!;
    for (const { noun } of TRIBUTE_KIND_LIST) {
      expect(await within(queue).findByText(`A ${noun} by Ben Ode`)).toBeTruthy();
      for (const label of ['Approve', 'Hide', 'Delete']) {
        expect(
          within(queue).getByRole('button', { name: `${label} the ${noun} by Ben Ode` }),
        ).toBeTruthy();
      }
    }
    expect(within(queue).getAllByText(/the prayer by|a prayer by/i)).toHaveLength(1);
  });
});

describe('a memorial’s privacy level', () => {
  it.each(MEMORIAL_VISIBILITIES)(
    '%s shows its own note on the memorial page',
    async (visibility) => {
      // Every level but public tells a visitor who may see the memorial.
      expect(VISIBILITY_LABELS[visibility].note === '').toBe(visibility === 'public');
      signIn();
      memorialServer({ 'GET /posts/post/m1': () => memorialDetail({ visibility }) });
      renderPage(memorialPage, onMemorialPage);
      await screen.findByRole('heading', { level: 1, name: /Ada Lovelace/ });
      for (const level of MEMORIAL_VISIBILITIES) {
        const { note } = VISIBILITY_LABELS[level];
        if (note) expect(screen.queryByText(note) !== null).toBe(level === visibility);
      }
    },
  );
});
