// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyStewardship } from '@rips/shared/stewardship';
import { afterEach, describe, expect, it } from 'vitest';
import { memorialSummary } from '../testing/fixtures';
import { fakeApi, renderPage, resetPage, signIn } from '../testing/render-page';
import ProfileRoute from './profile';

afterEach(resetPage);

describe('the profile', () => {
  it('drops a deleted memorial from "Memorials I help look after" at once, with its Manage link', async () => {
    signIn();
    const ada = memorialSummary({ _id: 'm1', title: 'Ada Lovelace' });
    let deleted = false;
    const mine = (): MyStewardship => ({
      invitations: [],
      transfers: [],
      memorials: deleted ? [] : [{ postId: 'm1', title: 'Ada Lovelace', role: 'owner' }],
      ready: [],
      emailVerified: true,
    });
    fakeApi({
      'GET /posts/get-sponsor-post': () => (deleted ? [] : [ada]),
      'GET /posts/get-contributer-post': () => [],
      'GET /users/me/stewardship': mine,
      'DELETE /posts/m1': () => {
        deleted = true;
        return { _id: 'm1' };
      },
    });
    renderPage(<ProfileRoute />, { path: '/profile' });

    const lookAfter = () =>
      screen.getByRole('heading', { name: 'Memorials I help look after' }).parentElement!;
    await waitFor(() =>
      expect(within(lookAfter()).getByRole('link', { name: 'Manage' })).toBeTruthy(),
    );
    const yourRips = screen.getByRole('region', { name: 'Your Rips' });
    fireEvent.click(await within(yourRips).findByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );

    await waitFor(() =>
      expect(within(yourRips).getByText('You have not added a Rip yet.')).toBeTruthy(),
    );
    await waitFor(() => expect(within(lookAfter()).getByText('None yet.')).toBeTruthy());
    expect(within(lookAfter()).queryByRole('link', { name: 'Manage' })).toBeNull();
    expect(within(lookAfter()).queryByText('Ada Lovelace')).toBeNull();
  });
});
