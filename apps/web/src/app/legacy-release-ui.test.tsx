// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Legacy } from '@rips/shared/legacy';
import type { LegacyPlan, Release, ReleasedLegacy, Stewardship } from '@rips/shared/legacy-release';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import BuildLegacyPage from '@/features/legacy/components/build-legacy-page';
import LegacyReleasePage from '@/features/legacy/components/legacy-release-page';
import ReleaseStopPage from '@/features/legacy/components/release-stop-page';
import ReleasedLegacyPage from '@/features/legacy/components/released-legacy-page';
import StewardAcceptPage from '@/features/legacy/components/steward-accept-page';
import StewardingPage from '@/features/legacy/components/stewarding-page';
import { fakeApi, renderDataPage, renderPage, resetPage, signIn } from './testing/render-page';

/*
 * The release of a Life Legacy after death, as its member, a steward and a reader see it, against
 * the API contract of packages/shared/src/legacy-release.ts.
 */

afterEach(resetPage);

/** Where the router is: pages that navigate are checked by the address they reach. */
function Where() {
  const { pathname, hash } = useLocation();
  return <output data-testid="where">{`${pathname}${hash}`}</output>;
}

const where = () => screen.getByTestId('where').textContent;

function plan(fields: Partial<LegacyPlan> = {}): LegacyPlan {
  return {
    reportsNeeded: 1,
    effectiveReportsNeeded: 2,
    waitingDays: 7,
    inactivityMonths: null,
    sections: {
      about: 'private',
      accomplishments: 'stewards',
      assets: 'private',
      relationships: 'private',
      bucketlists: 'private',
      aspirations: 'private',
    },
    stewards: [
      {
        _id: 's1',
        email: 'ben@example.test',
        fullName: 'Ben Ode',
        state: 'active',
        invitedAt: '2026-01-02T10:00:00.000Z',
        acceptedAt: '2026-01-03T10:00:00.000Z',
      },
      {
        _id: 's2',
        email: 'cara@example.test',
        fullName: null,
        state: 'invited',
        invitedAt: '2026-01-04T10:00:00.000Z',
        acceptedAt: null,
      },
    ],
    offeredSteward: { email: 'dan@example.test', fullName: 'Dan Eze' },
    release: null,
    views: [],
    ...fields,
  };
}

function release(fields: Partial<Release> = {}): Release {
  return {
    _id: 'r1',
    state: 'waiting',
    trigger: 'report',
    reports: [{ stewardName: 'Ben Ode', reportedAt: '2026-03-01T10:00:00.000Z' }],
    reportsNeeded: 1,
    startedAt: '2026-03-01T10:00:00.000Z',
    endsAt: '2026-03-08T10:00:00.000Z',
    releasedAt: null,
    accessUntil: null,
    closedAt: null,
    ...fields,
  };
}

describe('After my death', () => {
  it('shows the rules, the stewards, the successor offered, and stops a release', async () => {
    signIn();
    let current = plan({ release: release() });
    const { calls } = fakeApi({
      'GET /legacy-plan': () => current,
      'POST /legacy-plan/stop': () => {
        current = plan({
          release: release({ state: 'stopped', closedAt: '2026-03-02T10:00:00Z' }),
        });
        return current;
      },
      'POST /legacy-plan/stewards': () => current,
      'PUT /legacy-plan/rules': (call) => ({ ...current, ...(call.body as object) }),
    });
    renderPage(<LegacyReleasePage />, { path: '/profile/legacy-release' });

    await screen.findByRole('heading', { level: 1, name: 'After my death' });
    const status = await screen.findByRole('region', { name: 'Where your release stands' });
    expect(within(status).getByText(/will be released on March 8, 2026/)).toBeTruthy();

    const stewards = screen.getByRole('region', { name: 'Your stewards' });
    expect(within(stewards).getByText('Ben Ode')).toBeTruthy();
    expect(within(stewards).getByText('Active')).toBeTruthy();
    expect(within(stewards).getByText('cara@example.test')).toBeTruthy();
    expect(within(stewards).getByText('Invited')).toBeTruthy();
    expect(
      within(stewards).getByText(
        'Name Dan Eze (dan@example.test), your memorial successor, as your first steward?',
      ),
    ).toBeTruthy();
    fireEvent.click(
      within(stewards).getByRole('button', { name: 'Invite Dan Eze as your steward' }),
    );
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.path === '/legacy-plan/stewards')?.body,
      ).toEqual({ email: 'dan@example.test' }),
    );

    const rules = screen.getByRole('region', { name: 'How your legacy is released' });
    expect(within(rules).getByText(/Right now two stewards must report/)).toBeTruthy();
    expect((within(rules).getByLabelText('Waiting period') as HTMLSelectElement).value).toBe('7');
    fireEvent.click(within(rules).getByLabelText('Two stewards'));
    fireEvent.change(within(rules).getByLabelText('Inactivity trigger'), {
      target: { value: '12' },
    });
    fireEvent.change(within(rules).getByLabelText('Assets'), { target: { value: 'stewards' } });
    fireEvent.click(within(rules).getByRole('button', { name: 'Save my choices' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        reportsNeeded: 2,
        waitingDays: 7,
        inactivityMonths: 12,
        sections: { ...plan().sections, assets: 'stewards' },
      }),
    );

    fireEvent.click(within(status).getByRole('button', { name: 'Stop the release' }));
    await waitFor(() =>
      expect(
        within(status).getByText('You stopped the release on March 2, 2026. Nothing was released.'),
      ).toBeTruthy(),
    );
    expect(within(status).queryByRole('button', { name: 'Stop the release' })).toBeNull();
  });

  it('revokes a released legacy after asking, and lists who read it', async () => {
    signIn();
    const released = release({
      state: 'released',
      endsAt: null,
      releasedAt: '2026-03-08T10:00:00.000Z',
      accessUntil: '2027-03-08T10:00:00.000Z',
    });
    const { calls } = fakeApi({
      'GET /legacy-plan': () =>
        plan({
          release: released,
          views: [{ email: 'ben@example.test', kind: 'download', at: '2026-03-09T15:04:00.000Z' }],
        }),
      'POST /legacy-plan/revoke': () => plan({ release: { ...released, state: 'revoked' } }),
    });
    renderPage(<LegacyReleasePage />, { path: '/profile/legacy-release' });
    const status = await screen.findByRole('region', { name: 'Where your release stands' });
    expect(
      within(status).getByText('Released on March 8, 2026, readable until March 8, 2027.'),
    ).toBeTruthy();
    const views = screen.getByRole('region', { name: 'Who has read it' });
    expect(within(views).getByText(/downloaded their part on March 9, 2026/)).toBeTruthy();

    fireEvent.click(within(status).getByRole('button', { name: 'Revoke all access' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke all access' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/legacy-plan/revoke')).toBe(true));
    await waitFor(() => expect(within(status).getByText(/You revoked all access/)).toBeTruthy());
  });
});

describe('Build Your Legacy', () => {
  it('loads each entry’s release and saves the beneficiaries as a list', async () => {
    signIn();
    const legacy: Legacy = {
      _id: 'l1',
      userId: 'u1',
      birthPlace: 'Enugu',
      description: 'Engineer',
      accomplishments: [],
      assets: [
        {
          item: 'Violin',
          description: 'Made in 1921',
          value: '4000',
          beneficiaries: 'Tom',
          release: 'stewards',
          releaseTo: [],
        },
      ],
      relationships: [],
      bucketlists: [],
      aspirations: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const { calls } = fakeApi({
      'GET /legacies': () => [legacy],
      'POST /legacies': (call) => ({ ...legacy, ...(call.body as object) }),
    });
    renderDataPage(<BuildLegacyPage />, { path: '/profile/build-legacy' });

    const asset = await screen.findByRole('group', { name: 'Asset 1' });
    const release = within(asset).getByLabelText('Released after my death to') as HTMLSelectElement;
    expect(release.value).toBe('stewards');
    fireEvent.change(release, { target: { value: 'beneficiaries' } });
    const emails = within(asset).getByLabelText(/^Email addresses of the beneficiaries/);
    fireEvent.change(emails, { target: { value: 'Tom@Example.test, ' } });
    expect((emails as HTMLInputElement).value).toBe('Tom@Example.test, ');
    fireEvent.change(emails, { target: { value: 'Tom@Example.test, ada@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as Legacy;
    expect(body.assets[0]).toMatchObject({
      item: 'Violin',
      release: 'beneficiaries',
      releaseTo: ['tom@example.test', 'ada@example.test'],
    });
  });

  it('asks for the beneficiaries when none are named', async () => {
    signIn();
    fakeApi({ 'GET /legacies': () => [] });
    renderDataPage(<BuildLegacyPage />, { path: '/profile/build-legacy' });
    fireEvent.change(await screen.findByLabelText(/^Birth Place/), { target: { value: 'Enugu' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Engineer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add relationship' }));
    const entry = screen.getByRole('group', { name: 'Relationship 1' });
    for (const [label, value] of [
      ['Name', 'Ngozi'],
      ['Last Name', 'Okafor'],
      ['Relationship', 'Wife'],
    ]) {
      fireEvent.change(within(entry).getByLabelText(new RegExp(`^${label}`)), {
        target: { value },
      });
    }
    fireEvent.change(within(entry).getByLabelText('Released after my death to'), {
      target: { value: 'beneficiaries' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(
        within(entry).getByText(
          'Name at least one beneficiary by email, or choose another release.',
        ),
      ).toBeTruthy(),
    );
  });
});

function stewardship(fields: Partial<Stewardship> = {}): Stewardship {
  return { _id: 'st1', memberName: 'Ada Obi', release: null, memorialId: null, ...fields };
}

describe('People who trust you', () => {
  it('reports a death after asking, with today’s date', async () => {
    signIn();
    let reported = false;
    const { calls } = fakeApi({
      'GET /legacy-stewardships': () => [
        stewardship({
          release: reported
            ? {
                state: 'reported',
                reportsNeeded: 2,
                endsAt: null,
                accessUntil: null,
                reportedByMe: true,
                reportCount: 1,
                deathDate: '2026-03-01',
              }
            : null,
        }),
      ],
      'POST /legacy-stewardships/st1/report': () => {
        reported = true;
        return stewardship();
      },
    });
    renderPage(<StewardingPage />, { path: '/legacy/stewarding' });
    const card = await screen.findByRole('region', { name: 'Ada Obi' });
    fireEvent.click(within(card).getByRole('button', { name: "Report Ada Obi's death" }));
    const dialog = await screen.findByRole('dialog', { name: "Report Ada Obi's death?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report the death' }));

    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ dateOfDeath: today }),
    );
    await waitFor(() =>
      expect(within(card).getByText(/Your report is in\. 1 of 2 reports\./)).toBeTruthy(),
    );
    expect(within(card).queryByRole('button', { name: "Report Ada Obi's death" })).toBeNull();
  });

  it('starts the memorial after a release and goes to it', async () => {
    signIn();
    const { calls } = fakeApi({
      'GET /legacy-stewardships': () => [
        stewardship({
          release: {
            state: 'released',
            reportsNeeded: 1,
            endsAt: null,
            accessUntil: '2027-03-08T10:00:00.000Z',
            reportedByMe: true,
            reportCount: 1,
            deathDate: '2026-03-01',
          },
        }),
      ],
      'POST /legacy-stewardships/st1/memorial': () => ({ memorialId: 'm9' }),
    });
    renderPage(
      <>
        <StewardingPage />
        <Where />
      </>,
      { path: '/legacy/stewarding' },
    );
    const card = await screen.findByRole('region', { name: 'Ada Obi' });
    expect((within(card).getByLabelText(/^Name for the memorial/) as HTMLInputElement).value).toBe(
      'Ada Obi',
    );
    fireEvent.change(within(card).getByLabelText('Date of death: day'), {
      target: { value: '1' },
    });
    fireEvent.change(within(card).getByLabelText('Date of death: month'), {
      target: { value: '03' },
    });
    fireEvent.change(within(card).getByLabelText('Date of death: year'), {
      target: { value: '2026' },
    });
    fireEvent.click(within(card).getByRole('button', { name: "Start Ada Obi's memorial" }));
    await waitFor(() => expect(where()).toBe('/post/m9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Ada Obi',
      dateOfBirth: null,
      deathDate: '2026-03-01',
    });
  });

  it('steps down after asking', async () => {
    signIn();
    let gone = false;
    fakeApi({
      'GET /legacy-stewardships': () => (gone ? [] : [stewardship()]),
      'DELETE /legacy-stewardships/st1': () => {
        gone = true;
        return null;
      },
    });
    renderPage(<StewardingPage />, { path: '/legacy/stewarding' });
    const card = await screen.findByRole('region', { name: 'Ada Obi' });
    fireEvent.click(within(card).getByRole('button', { name: 'Step down as steward' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Step down' }),
    );
    await screen.findByText(/Nobody has named you a steward yet/);
  });
});

describe('the emailed links', () => {
  it('accepting a stewardship signed out leads to log in and back, with the token kept', async () => {
    fakeApi({});
    renderPage(
      <>
        <StewardAcceptPage />
        <Where />
      </>,
      { path: '/legacy/steward?token=secret-token-123' },
    );
    await waitFor(() => expect(where()).toBe('/legacy/steward#token=secret-token-123'));
    const login = screen.getByRole('link', { name: 'log in' });
    expect(login.getAttribute('href')).toBe(
      '/login#next=%2Flegacy%2Fsteward%23token%3Dsecret-token-123',
    );
  });

  it('accepting a stewardship signed in goes to the stewarding page', async () => {
    signIn();
    const { calls } = fakeApi({
      'POST /legacy-stewardships/accept': () => stewardship(),
    });
    renderPage(
      <>
        <StewardAcceptPage />
        <Where />
      </>,
      { path: '/legacy/steward?token=secret-token-123' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(where()).toBe('/legacy/stewarding'));
    expect(calls[0]?.body).toEqual({ token: 'secret-token-123' });
  });

  it('says calmly that a link without its token is incomplete', async () => {
    fakeApi({});
    renderPage(<ReleaseStopPage />, { path: '/legacy/stop' });
    expect(await screen.findByText(/This link is incomplete/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop the release' })).toBeNull();
  });

  it('stops a release by its link, and says a refused link in the server’s words', async () => {
    let refuse = true;
    fakeApi({
      'POST /legacy-release/stop': () => (refuse ? undefined : { memberName: 'Rose Ames' }),
    });
    renderPage(<ReleaseStopPage />, { path: '/legacy/stop?token=secret-token-123' });
    expect(
      await screen.findByText(
        'A steward reported your death. If you are reading this, stop the release.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop the release' }));
    expect(await screen.findByText('No route POST /legacy-release/stop')).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Stop the release' }));
    expect(await screen.findByText('Stopped. Your stewards have been told.')).toBeTruthy();
  });

  it('opens what was left for a reader, read-only, section by section', async () => {
    const part: ReleasedLegacy = {
      memberName: 'Ada Obi',
      releasedAt: '2026-03-08T10:00:00.000Z',
      accessUntil: '2027-03-08T10:00:00.000Z',
      about: { birthPlace: 'Enugu', description: 'Engineer and grandmother.' },
      accomplishments: [],
      assets: [],
      relationships: [{ name: 'Ngozi', lastName: 'Okafor', relationship: 'Sister' }],
      bucketlists: [],
      aspirations: [],
    };
    const { calls } = fakeApi({ 'POST /legacy-access/open': () => part });
    renderPage(<ReleasedLegacyPage />, { path: '/legacy/released?token=secret-token-123' });
    await screen.findByRole('heading', { level: 1, name: 'What was left for you' });
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Open what was left for you' }));
    await screen.findByText('Released on March 8, 2026 · readable until March 8, 2027');
    expect(calls[0]?.body).toEqual({ token: 'secret-token-123' });
    expect(screen.getByRole('heading', { name: 'About Ada Obi' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Relationships' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Assets' })).toBeNull();
    expect(screen.getAllByText('Ngozi').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Download your part' })).toBeTruthy();
  });
});
