import { lazy, type ComponentType } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { ErrorFallback, RootErrorFallback } from '@/components/error-fallback';
import { paths } from '@/config/paths';
import { legendsQuery } from '@/features/home/api/home.api';
import { AppLayout } from './layout/app-layout';
import { HomePage } from './routes/home';

/** A page chunk whose module exports the page as `name` (the others export it as default). */
function lazyNamed<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

// Home stays in the first bundle: it is the landing page and small. Every other page is a chunk.
const LoginPage = lazy(() => import('./routes/login'));
const SignUpPage = lazy(() => import('./routes/sign-up'));
const MemoriamsPage = lazyNamed(
  () => import('@/features/memorials/components/memoriams-page'),
  'MemoriamsPage',
);
const ForgotPasswordPage = lazy(
  () => import('@/features/password-reset/components/forgot-password-page'),
);
const ResetPasswordConfirmPage = lazy(
  () => import('@/features/password-reset/components/reset-password-confirm-page'),
);
const ProfilePage = lazy(() => import('./routes/profile'));
const ManagePage = lazy(() => import('./routes/manage'));
const InvitationPage = lazyNamed(
  () => import('@/features/stewardship/components/accept-pages'),
  'InvitationPage',
);
const TransferPage = lazy(() => import('./routes/transfer'));
const UpdatePostPage = lazyNamed(
  () => import('@/features/memorials/components/update-post-page'),
  'UpdatePostPage',
);
const UpdateAccountPage = lazy(() => import('@/features/account/components/update-account-page'));
const ConfirmEmailPage = lazy(() => import('@/features/account/components/confirm-email-page'));
const CancelEmailChangePage = lazy(
  () => import('@/features/account/components/cancel-email-change-page'),
);
const LifeLegacyPage = lazy(() => import('@/features/legacy/components/life-legacy-page'));
const BuildLegacyPage = lazy(() => import('@/features/legacy/components/build-legacy-page'));
const LegacyReleasePage = lazy(() => import('@/features/legacy/components/legacy-release-page'));
const StewardAcceptPage = lazy(() => import('@/features/legacy/components/steward-accept-page'));
const StewardingPage = lazy(() => import('@/features/legacy/components/stewarding-page'));
const ReleaseStopPage = lazy(() => import('@/features/legacy/components/release-stop-page'));
const ReleasedLegacyPage = lazy(() => import('@/features/legacy/components/released-legacy-page'));
const CreatePostPage = lazyNamed(
  () => import('@/features/memorials/components/create-memorial-page'),
  'CreateMemorialPage',
);
const AddFlowerPage = lazy(() => import('@/features/tributes/components/add-flower-page'));
// The memorial page with the other features' sections below it (app/routes/post.tsx).
const PostPage = lazy(() => import('./routes/post'));
const ShortLinkPage = lazyNamed(
  () => import('@/features/memorials/components/short-link-page'),
  'ShortLinkPage',
);
const AboutUsPage = lazy(() => import('@/features/static-pages/components/about-us-page'));
const UserGuidePage = lazy(() => import('@/features/static-pages/components/user-guide-page'));
const ContactUsPage = lazy(() => import('@/features/static-pages/components/contact-us-page'));
const TermsPage = lazy(() => import('@/features/static-pages/components/terms-page'));
const GuestConfirmPage = lazy(() => import('@/features/tributes/components/guest-confirm-page'));
const RsvpConfirmPage = lazy(() => import('@/features/events/components/rsvp-confirm-page'));
const GuestClaimPage = lazy(() => import('@/features/tributes/components/guest-claim-page'));
const FollowConfirmPage = lazy(() => import('@/features/follows/components/follow-confirm-page'));
const UnsubscribePage = lazy(() => import('@/features/follows/components/unsubscribe-page'));
const ArchiveDownloadPage = lazy(
  () => import('@/features/memorials/components/archive-download-page'),
);
const CopyConfirmPage = lazy(() => import('@/features/stewardship/components/copy-confirm-page'));
const PolicyPage = lazy(() => import('@/features/static-pages/components/policy-page'));
const AccessibilityPage = lazy(
  () => import('@/features/static-pages/components/accessibility-page'),
);
const PermanencePage = lazy(() => import('@/features/static-pages/components/permanence-page'));
const AdminPage = lazy(() => import('@/features/admin/components/admin-page'));

/** How a route's loader fills the query cache: the server waits for it, the browser does not. */
export interface RouteData {
  client: QueryClient;
  /**
   * The server: the page is rendered once, with what the loaders fetched, so they are awaited and
   * their failures count. The browser: a loader only starts the fetch (the page shows its own
   * loading and error states), so navigation never waits on the network.
   */
  awaitData: boolean;
}

/** `handle.serverRendered`: the server renders this page (the rest get the app's shell). */
export interface PageHandle {
  serverRendered?: boolean;
}

const RENDERED: PageHandle = { serverRendered: true };

/**
 * The routes, with loaders beside the pages they fetch for. A part of the page that can also
 * arrive later (the tributes below a memorial) is `optional`: when it fails on the server it is
 * left out, both sides render it as loading, and the browser asks again.
 */
export function createRoutes({ client, awaitData }: RouteData): RouteObject[] {
  const load =
    (work: (args: LoaderFunctionArgs) => Promise<unknown>) => async (args: LoaderFunctionArgs) => {
      const running = work(args);
      if (awaitData) await running;
      else running.catch(() => undefined);
      return null;
    };
  const optional = async (queryKey: QueryKey, running: Promise<unknown>) => {
    try {
      await running;
    } catch {
      if (awaitData) client.removeQueries({ queryKey, exact: true });
    }
  };

  const pages: RouteObject[] = [
    {
      index: true,
      element: <HomePage />,
      handle: RENDERED,
      loader: load(() => client.fetchQuery(legendsQuery)),
    },
    {
      path: paths.memoriams.path,
      element: <MemoriamsPage />,
      handle: RENDERED,
      // The list's queries come with the page's chunk, not in every page's first bundle.
      loader: load(async ({ request }) => {
        const { memorialListQuery } = await import('@/features/memorials/api/memorials.api');
        const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
        await client.fetchInfiniteQuery(memorialListQuery(q));
      }),
    },
    { path: paths.signUp.path, element: <SignUpPage />, handle: RENDERED },
    { path: paths.login.path, element: <LoginPage />, handle: RENDERED },
    { path: paths.forgotPassword.path, element: <ForgotPasswordPage />, handle: RENDERED },
    { path: paths.resetPasswordConfirm.path, element: <ResetPasswordConfirmPage /> },
    { path: paths.profile.path, element: <ProfilePage /> },
    { path: paths.profileUpdatePost.path, element: <UpdatePostPage /> },
    { path: paths.profileUpdateAccount.path, element: <UpdateAccountPage /> },
    { path: paths.confirmEmail.path, element: <ConfirmEmailPage /> },
    { path: paths.cancelEmailChange.path, element: <CancelEmailChangePage /> },
    { path: paths.archiveDownload.path, element: <ArchiveDownloadPage /> },
    { path: paths.copyConfirm.path, element: <CopyConfirmPage /> },
    { path: paths.guestTributeConfirm.path, element: <GuestConfirmPage /> },
    { path: paths.eventRsvpConfirm.path, element: <RsvpConfirmPage /> },
    { path: paths.guestTributeClaim.path, element: <GuestClaimPage /> },
    { path: paths.followConfirm.path, element: <FollowConfirmPage /> },
    { path: paths.unsubscribe.path, element: <UnsubscribePage /> },
    { path: paths.lifeLegacy.path, element: <LifeLegacyPage /> },
    { path: paths.buildLegacy.path, element: <BuildLegacyPage /> },
    { path: paths.legacyRelease.path, element: <LegacyReleasePage /> },
    { path: paths.legacySteward.path, element: <StewardAcceptPage /> },
    { path: paths.legacyStewarding.path, element: <StewardingPage /> },
    { path: paths.legacyStop.path, element: <ReleaseStopPage /> },
    { path: paths.legacyReleased.path, element: <ReleasedLegacyPage /> },
    { path: paths.createPost.path, element: <CreatePostPage /> },
    { path: paths.addFlower.path, element: <AddFlowerPage /> },
    {
      path: paths.post.path,
      element: <PostPage />,
      handle: RENDERED,
      // What the page shows everyone, fetched before it renders (app/routes/post-data.ts).
      loader: load(async ({ params }) => {
        const { loadMemorialData } = await import('./routes/post-data');
        await loadMemorialData(client, params.id ?? '', optional);
      }),
    },
    { path: paths.shortLink.path, element: <ShortLinkPage /> },
    { path: paths.manage.path, element: <ManagePage /> },
    { path: paths.transfer.path, element: <TransferPage /> },
    { path: paths.invitation.path, element: <InvitationPage /> },
    { path: paths.invitationOldLink.path, element: <InvitationPage /> },
    { path: paths.aboutUs.path, element: <AboutUsPage />, handle: RENDERED },
    { path: paths.userGuide.path, element: <UserGuidePage />, handle: RENDERED },
    { path: paths.contactUs.path, element: <ContactUsPage />, handle: RENDERED },
    { path: paths.terms.path, element: <TermsPage />, handle: RENDERED },
    { path: paths.policy.path, element: <PolicyPage />, handle: RENDERED },
    { path: paths.accessibility.path, element: <AccessibilityPage />, handle: RENDERED },
    { path: paths.permanence.path, element: <PermanencePage />, handle: RENDERED },
    { path: paths.admin.path, element: <AdminPage /> },
    { path: '*', element: <ErrorFallback notFound /> },
  ];

  return [
    {
      element: <AppLayout />,
      // The layout itself failed: show the fallback without header and footer.
      errorElement: <RootErrorFallback />,
      // A page failed: show the fallback inside the layout, so navigation still works.
      children: [{ errorElement: <ErrorFallback />, children: pages }],
    },
  ];
}

export function createAppRouter(client: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(createRoutes({ client, awaitData: false }), {
    ...(hydrationData ? { hydrationData } : {}),
  });
}
