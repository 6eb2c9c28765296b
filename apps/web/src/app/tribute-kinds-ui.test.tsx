// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { KIND_SCHEMAS } from '@rips/shared/kind-schemas';
import { kindsHeading, kindsIn } from '@rips/shared/kinds';
import { MEMORIAL_VISIBILITIES, VISIBILITY_LABELS } from '@rips/shared/visibility';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  TRIBUTE_KIND_LIST,
  TRIBUTE_KINDS,
  type TributeKindDescriptor,
} from '@/config/tribute-kinds';
import { MemorialPage } from '@/features/memorials/components/memorial-page';
import { TributeList } from '@/features/tributes/components/tribute-lists';
import { renderTributes } from '@/features/tributes/tributes-extras';
import { memorialDetail, tributeItem } from './testing/fixtures';
import { fakeApi, renderPage, resetPage, signIn, type FakeRoutes } from './testing/render-page';

/*
 * The screens drawn from the kinds' descriptors (config/tribute-kinds.ts), for every kind: a kind
 * added there and forgotten by a screen fails here. Manage's screens are in manage-ui.test.tsx,
 * the admin page's in admin-tributes-ui.test.tsx.
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

describe('the test items', () => {
  it.each(KINDS)('of %s are valid items of the kind’s shared schema', (kind) => {
    expect(KIND_SCHEMAS[kind].item.safeParse(tributeItem(kind)).error).toBeUndefined();
  });
});

describe('the memorial page’s sections', () => {
  it.each(KINDS)('show %s in the section its kind belongs to', async (_kind, descriptor) => {
    signIn();
    memorialServer();
    renderPage(memorialPage, onMemorialPage);
    const heading = kindsHeading(kindsIn(descriptor.section));
    const section = await screen.findByRole('region', { name: heading });
    const list = await within(section).findByRole('region', { name: descriptor.title });
    expect(await within(list).findAllByText('Ben Ode')).not.toHaveLength(0);
  });
});

/** The kinds of words: one text each, in the one text form. */
const TEXT_KINDS = KINDS.filter(([, descriptor]) => descriptor.form === 'text');

describe('the form of every kind of words', () => {
  it('covers at least the prayers', () => {
    expect(TEXT_KINDS.map(([kind]) => kind)).toContain('prayers');
  });

  it.each(TEXT_KINDS)(
    'sends the words of %s in its own field, as JSON',
    async (kind, descriptor) => {
      if (descriptor.form !== 'text') throw new Error('not a text kind');
      signIn();
      const { calls } = memorialServer({ [`POST /${kind}`]: () => tributeItem(kind, 'new') });
      renderPage(memorialPage, onMemorialPage);
      fireEvent.click(await screen.findByRole('button', { name: descriptor.openLabel }));
      const dialog = await screen.findByRole('dialog', { name: descriptor.dialogTitle });
      const box = await within(dialog).findByRole('textbox', { name: descriptor.textLabel });
      fireEvent.change(box, { target: { value: '  Rest well.  ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: descriptor.submitLabel }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      const sent = calls.find((c) => c.method === 'POST')!;
      expect(sent.path).toBe(`/${kind}`);
      // The shared create schema's output: trimmed, and only its own fields.
      expect(sent.body).toEqual({ postId: 'm1', [descriptor.textField]: 'Rest well.' });
      expect(await screen.findByText(descriptor.success)).toBeTruthy();
    },
  );

  it.each(TEXT_KINDS)('refuses empty %s with the shared schema’s message', async (kind, d) => {
    if (d.form !== 'text') throw new Error('not a text kind');
    signIn();
    const { calls } = memorialServer();
    renderPage(memorialPage, onMemorialPage);
    fireEvent.click(await screen.findByRole('button', { name: d.openLabel }));
    const dialog = await screen.findByRole('dialog', { name: d.dialogTitle });
    fireEvent.click(await within(dialog).findByRole('button', { name: d.submitLabel }));
    const field = (KIND_SCHEMAS[kind].create.shape as Record<string, z.ZodType>)[d.textField]!;
    const message = field.safeParse('').error!.issues[0]!.message;
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
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

  it.each(KINDS)('is under %s on the memorial page exactly when reportable', async (_k, d) => {
    signIn();
    memorialServer();
    renderPage(memorialPage, onMemorialPage);
    expect((await reportButtonOn(d)) !== null).toBe(d.reportable);
  });

  it.each(KINDS.filter(([, d]) => d.reportable))(
    'on %s sends the kind and the item to the family',
    async (kind, descriptor) => {
      signIn();
      const { calls } = memorialServer({ 'POST /posts/m1/reports': () => ({}) });
      renderPage(<TributeList descriptor={descriptor} postId="m1" memorialTitle="Ada Lovelace" />);
      fireEvent.click((await reportButtonOn(descriptor))!);
      const dialog = await screen.findByRole('dialog', { name: `Report this ${descriptor.noun}` });
      fireEvent.change(
        await within(dialog).findByRole('textbox', { name: 'Why should the family look at this?' }),
        { target: { value: 'Not about Ada at all.' } },
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
      await waitFor(() =>
        expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
          kind,
          itemId: `${kind}-1`,
          reason: 'Not about Ada at all.',
        }),
      );
    },
  );

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
