import { useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { DiscardChangesHost } from '@/components/discard-changes-host';
import { OfflineBanner } from '@/components/offline-banner';
import { PageLoader } from '@/components/page-loader';
import { ServerRenderedSuspense, UntilHydrated } from '@/components/until-hydrated';
import { SessionWatcher } from '../session-watcher';
import classes from './layout.module.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

function focusMain(event?: MouseEvent) {
  event?.preventDefault();
  const main = document.getElementById('main');
  main?.focus({ preventScroll: true });
  main?.scrollIntoView();
}

/** Header, main and footer around every page; moves focus to the new page after navigation. */
export function AppLayout() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink} onClick={focusMain}>
        Skip to main content
      </a>
      <SessionWatcher />
      <OfflineBanner />
      <UntilHydrated>
        <SiteHeader />
        <main id="main" tabIndex={-1} className={classes.main}>
          <ServerRenderedSuspense fallback={<PageLoader />}>
            <Outlet />
          </ServerRenderedSuspense>
        </main>
        <SiteFooter />
      </UntilHydrated>
      <DiscardChangesHost />
      <ScrollRestoration />
    </div>
  );
}
