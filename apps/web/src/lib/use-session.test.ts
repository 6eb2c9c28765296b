// @vitest-environment jsdom
import type { Session } from '@rips/shared/users';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from './use-session';
import { inOneHour, sessionWith, tokenExpiringAt } from './test-sessions';

/*
 * Another tab signs in or out: the browser fires `storage` in this tab (never in the tab that
 * wrote). SessionWatcher hands that event to syncSessionFromStorage; components read the result
 * through useSession. session.ts keeps its state per page, so each test imports fresh modules.
 */
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

function session(userName: string, accessToken = tokenExpiringAt(inOneHour())): Session {
  return sessionWith(accessToken, {
    _id: `id-${userName}`,
    userName,
    fullName: userName,
    email: `${userName}@example.test`,
  });
}

/** What the other tab does: it writes localStorage, and this tab only gets the event. */
function otherTabWrites(value: Session | null) {
  const oldValue = window.localStorage.getItem('user');
  const newValue = value ? JSON.stringify({ data: value }) : null;
  if (newValue) window.localStorage.setItem('user', newValue);
  else window.localStorage.removeItem('user');
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: 'user',
      oldValue,
      newValue,
      storageArea: window.localStorage,
    }),
  );
}

let root: Root | null = null;
let container: HTMLElement | null = null;
let detachWatcher: (() => void) | null = null;

/** Mounts a component that reads useSession, with the listener SessionWatcher installs. */
async function mountThisTab(): Promise<{ latest: () => SessionState }> {
  vi.resetModules();
  const { syncSessionFromStorage, initSession } = await import('./session');
  const { useSession } = await import('./use-session');
  initSession();
  window.addEventListener('storage', syncSessionFromStorage);
  detachWatcher = () => window.removeEventListener('storage', syncSessionFromStorage);

  let state: SessionState | null = null;
  function Probe() {
    state = useSession();
    return null;
  }
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(createElement(Probe)));
  return {
    latest: () => {
      if (!state) throw new Error('the component did not render');
      return state;
    },
  };
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  window.localStorage.clear();
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  container?.remove();
  detachWatcher?.();
  window.localStorage.clear();
});

describe('session in other tabs', () => {
  it('signs this tab out when another tab signs out', async () => {
    const rose = session('rose');
    window.localStorage.setItem('user', JSON.stringify({ data: rose }));
    const tab = await mountThisTab();
    expect(tab.latest().isAuthenticated).toBe(true);
    expect(tab.latest().user?.userName).toBe('rose');

    await act(async () => otherTabWrites(null));

    expect(tab.latest().isAuthenticated).toBe(false);
    expect(tab.latest().session).toBeNull();
  });

  it('signs this tab out when another tab clears all of storage (an event without a key)', async () => {
    window.localStorage.setItem('user', JSON.stringify({ data: session('rose') }));
    const tab = await mountThisTab();

    await act(async () => {
      window.localStorage.clear();
      window.dispatchEvent(
        new StorageEvent('storage', { key: null, storageArea: window.localStorage }),
      );
    });

    expect(tab.latest().isAuthenticated).toBe(false);
  });

  it('signs this tab in, as the same member, when another tab signs in', async () => {
    const tab = await mountThisTab();
    expect(tab.latest().isAuthenticated).toBe(false);

    const lily = session('lily');
    await act(async () => otherTabWrites(lily));

    expect(tab.latest().isAuthenticated).toBe(true);
    expect(tab.latest().session).toEqual(lily);
  });

  it('follows a switch to another member, and a role change, made in another tab', async () => {
    window.localStorage.setItem('user', JSON.stringify({ data: session('rose') }));
    const tab = await mountThisTab();

    const sponsor = { ...session('lily'), roles: 'sponsor' as const };
    await act(async () => otherTabWrites(sponsor));

    expect(tab.latest().user?.userName).toBe('lily');
    expect(tab.latest().isSponsor).toBe(true);
  });

  it('does not adopt an expired session written by another tab', async () => {
    const tab = await mountThisTab();

    const expired = session('lily', tokenExpiringAt(Math.floor(Date.now() / 1000) - 60));
    await act(async () => otherTabWrites(expired));

    expect(tab.latest().isAuthenticated).toBe(false);
  });

  it('ignores changes to other keys', async () => {
    const rose = session('rose');
    window.localStorage.setItem('user', JSON.stringify({ data: rose }));
    const tab = await mountThisTab();

    await act(async () => {
      // Even if something under our key changed without our event, another key's event is not ours.
      window.localStorage.removeItem('user');
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'theme',
          newValue: 'dark',
          storageArea: window.localStorage,
        }),
      );
    });

    expect(tab.latest().session).toEqual(rose);
  });
});
