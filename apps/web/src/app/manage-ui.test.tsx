// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { kindsInWords } from '@rips/shared/kinds';
import { MEMORIAL_VISIBILITIES, VISIBILITY_LABELS } from '@rips/shared/memorials';
import type { ModerationItem, ModerationQueue } from '@rips/shared/stewardship';
import { afterEach, describe, expect, it } from 'vitest';
import { MODERATED_KINDS, TRIBUTE_KIND_LIST } from '@/config/tribute-kinds';
import ManageRoute from './routes/manage';
import { memorialDetail } from './testing/fixtures';
import { fakeApi, renderPage, resetPage, signIn, type FakeRoutes } from './testing/render-page';

/*
 * The Manage area's screens that read the list of kinds and the privacy levels, for every kind
 * and every level: one added to the shared lists and forgotten by a screen fails here.
 */

afterEach(resetPage);

/** Ben's item of `kind` in the queue: words for a kind of words, a picture otherwise. */
function queued(
  kind: string,
  status: ModerationItem['status'],
  reports: ModerationItem['reports'] = [],
): ModerationItem {
  const words = TRIBUTE_KIND_LIST.find((d) => d.kind === kind)?.display === 'text';
  return {
    kind,
    itemId: `${kind}-${status}`,
    status,
    text: words ? `Words left as ${kind}` : null,
    image: words ? null : '/media/a.webp',
    author: { _id: 'u2', fullName: 'Ben Ode' },
    createdAt: '2026-02-01T10:00:00.000Z',
    reports,
    returnNote: null,
  };
}

function manageServer(routes: FakeRoutes) {
  return fakeApi({ 'GET /posts/post/m1': () => memorialDetail(), ...routes });
}

function openManage(tab: string) {
  renderPage(<ManageRoute />, { path: `/post/m1/manage/${tab}`, route: '/post/:id/manage/:tab?' });
}

/** Each list of the queue, the status of its items, and the actions it offers on each. */
const QUEUE: Array<{
  key: keyof ModerationQueue;
  title: string;
  status: ModerationItem['status'];
  actions: string[];
}> = [
  {
    key: 'pending',
    title: 'Awaiting approval',
    status: 'pending',
    actions: ['Approve', 'Hide', 'Delete'],
  },
  { key: 'reported', title: 'Reported', status: 'published', actions: ['Keep', 'Hide', 'Delete'] },
  { key: 'hidden', title: 'Hidden', status: 'hidden', actions: ['Show again', 'Delete'] },
];

/** Every kind in `list`, the others empty. */
function queueWith(list: keyof ModerationQueue): ModerationQueue {
  const queue: ModerationQueue = { pending: [], reported: [], hidden: [], returned: [] };
  const { status } = QUEUE.find((q) => q.key === list)!;
  const reports =
    list === 'reported' ? [{ reason: 'Unkind words', createdAt: '2026-02-02T00:00:00.000Z' }] : [];
  queue[list] = TRIBUTE_KIND_LIST.map((d) => queued(d.kind, status, reports));
  return queue;
}

/** The panel under a list's heading. */
async function listNamed(title: string) {
  return (await screen.findByRole('heading', { name: title })).parentElement!;
}

describe('Manage → Moderation, for every kind', () => {
  it.each(QUEUE)('$title names each item by its kind, with its actions', async (list) => {
    signIn();
    manageServer({ 'GET /posts/m1/moderation': () => queueWith(list.key) });
    openManage('moderation');
    const panel = await listNamed(list.title);
    for (const { noun, display, kind } of TRIBUTE_KIND_LIST) {
      expect(await within(panel).findByText(`A ${noun} by Ben Ode`)).toBeTruthy();
      for (const label of list.actions) {
        expect(
          within(panel).getByRole('button', { name: `${label} the ${noun} by Ben Ode` }),
        ).toBeTruthy();
      }
      if (display === 'text') expect(within(panel).getByText(`Words left as ${kind}`)).toBeTruthy();
    }
    // Each item's own noun, never another's ("the prayer by" for whatever is not a flower).
    for (const { noun } of TRIBUTE_KIND_LIST) {
      expect(within(panel).getAllByText(new RegExp(`^A ${noun} by `))).toHaveLength(1);
    }
    if (list.key === 'reported') {
      expect(within(panel).getAllByText('Reported: Unkind words')).toHaveLength(
        TRIBUTE_KIND_LIST.length,
      );
    }
    for (const other of QUEUE.filter((q) => q.key !== list.key)) {
      expect(within(await listNamed(other.title)).getByText('Nothing here.')).toBeTruthy();
    }
  });

  it.each(TRIBUTE_KIND_LIST.map((d) => [d.kind, d] as const))(
    'hides %s under its own kind and says so by its noun',
    async (kind, descriptor) => {
      signIn();
      const { calls } = manageServer({
        'GET /posts/m1/moderation': () => queueWith('pending'),
        'POST /posts/m1/moderation': () => ({}),
      });
      openManage('moderation');
      const panel = await listNamed('Awaiting approval');
      fireEvent.click(
        await within(panel).findByRole('button', {
          name: `Hide the ${descriptor.noun} by Ben Ode`,
        }),
      );
      await waitFor(() =>
        expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
          kind,
          itemId: `${kind}-pending`,
          action: 'hide',
        }),
      );
      expect(
        await screen.findByText(
          `The ${descriptor.noun} by Ben Ode is hidden. You can show it again from Hidden.`,
        ),
      ).toBeTruthy();
    },
  );
});

/** A settings switch by its label (its accessible name goes on with its description). */
function switchLabelled(label: string) {
  return screen.findByRole('switch', { name: (name) => name.startsWith(label) });
}

describe('Manage → Privacy', () => {
  it.each(MEMORIAL_VISIBILITIES)(
    'offers every level with its note; %s is chosen',
    async (level) => {
      signIn();
      manageServer({ 'GET /posts/post/m1': () => memorialDetail({ visibility: level }) });
      openManage('settings');
      const group = await screen.findByRole('radiogroup', { name: 'Who may see this memorial?' });
      for (const v of MEMORIAL_VISIBILITIES) {
        const radio = within(group).getByRole('radio', { name: VISIBILITY_LABELS[v].label });
        expect((radio as HTMLInputElement).checked, v).toBe(v === level);
        expect(within(group).getByText(VISIBILITY_LABELS[v].description)).toBeTruthy();
      }
    },
  );

  it.each(MEMORIAL_VISIBILITIES)(
    'offers on a %s memorial only the switches that count for it',
    async (level) => {
      signIn();
      manageServer({ 'GET /posts/post/m1': () => memorialDetail({ visibility: level }) });
      openManage('settings');
      const search = await switchLabelled('Let search engines show this memorial');
      const join = await switchLabelled('Let people who cannot see it ask to join');
      expect((search as HTMLInputElement).disabled).toBe(level !== 'public');
      expect((join as HTMLInputElement).disabled).toBe(level !== 'private');
    },
  );

  it('names the moderated kinds, from the list, in the approval switch', async () => {
    signIn();
    const { calls } = manageServer({ 'PATCH /posts/m1/settings': () => ({}) });
    openManage('settings');
    const words = kindsInWords(MODERATED_KINDS);
    expect(MODERATED_KINDS.length).toBeGreaterThan(0);
    const approval = await switchLabelled(`Approve ${words} before they appear`);
    fireEvent.click(approval);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        tributeModeration: 'approve',
      }),
    );
  });
});
