import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorFallback, RootErrorFallback } from '@/components/error-fallback';
import { paths } from '@/config/paths';
import { renderTributes } from '@/features/tributes/tributes-extras';
import { AppLayout } from './layout/app-layout';
import { HomePage } from './routes/home';

// Home stays in the first bundle: it is the landing page and small. Every other page is a chunk.
const LoginPage = lazy(() => import('./routes/login'));
const SignUpPage = lazy(() => import('./routes/sign-up'));
const MemoriamsPage = lazy(() =>
  import('@/features/memorials/components/memoriams-page').then((m) => ({
    default: m.MemoriamsPage,
  })),
);
const ForgotPasswordPage = lazy(
  () => import('@/features/password-reset/components/forgot-password-page'),
);
const ResetPasswordConfirmPage = lazy(
  () => import('@/features/password-reset/components/reset-password-confirm-page'),
);
const ProfilePage = lazy(() =>
  Promise.all([
    import('@/features/account/components/profile-page'),
    import('@/features/memorials/components/profile-memorial-columns'),
  ]).then(([page, memorials]) => ({
    default: () => <page.default columns={<memorials.ProfileMemorialColumns />} />,
  })),
);
const UpdatePostPage = lazy(() =>
  import('@/features/memorials/components/update-post-page').then((m) => ({
    default: m.UpdatePostPage,
  })),
);
const UpdateAccountPage = lazy(() => import('@/features/account/components/update-account-page'));
const ConfirmEmailPage = lazy(() => import('@/features/account/components/confirm-email-page'));
const LifeLegacyPage = lazy(() => import('@/features/legacy/components/life-legacy-page'));
const BuildLegacyPage = lazy(() => import('@/features/legacy/components/build-legacy-page'));
const CreatePostPage = lazy(() =>
  import('@/features/memorials/components/create-memorial-page').then((m) => ({
    default: m.CreateMemorialPage,
  })),
);
const AddFlowerPage = lazy(() => import('@/features/tributes/components/add-flower-page'));
const PostPage = lazy(() =>
  import('@/features/memorials/components/memorial-page').then((m) => ({
    default: m.MemorialPage,
  })),
);
const AboutUsPage = lazy(() => import('@/features/static-pages/components/about-us-page'));
const UserGuidePage = lazy(() => import('@/features/static-pages/components/user-guide-page'));
const ContactUsPage = lazy(() => import('@/features/static-pages/components/contact-us-page'));
const TermsPage = lazy(() => import('@/features/static-pages/components/terms-page'));
const PolicyPage = lazy(() => import('@/features/static-pages/components/policy-page'));
const AdminPage = lazy(() => import('@/features/admin/components/admin-page'));

const pages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: paths.memoriams.path, element: <MemoriamsPage /> },
  { path: paths.signUp.path, element: <SignUpPage /> },
  { path: paths.login.path, element: <LoginPage /> },
  { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
  { path: paths.resetPasswordConfirm.path, element: <ResetPasswordConfirmPage /> },
  { path: paths.profile.path, element: <ProfilePage /> },
  { path: paths.profileUpdatePost.path, element: <UpdatePostPage /> },
  { path: paths.profileUpdateAccount.path, element: <UpdateAccountPage /> },
  { path: paths.confirmEmail.path, element: <ConfirmEmailPage /> },
  { path: paths.lifeLegacy.path, element: <LifeLegacyPage /> },
  { path: paths.buildLegacy.path, element: <BuildLegacyPage /> },
  { path: paths.createPost.path, element: <CreatePostPage /> },
  { path: paths.addFlower.path, element: <AddFlowerPage /> },
  { path: paths.post.path, element: <PostPage extras={renderTributes} /> },
  { path: paths.aboutUs.path, element: <AboutUsPage /> },
  { path: paths.userGuide.path, element: <UserGuidePage /> },
  { path: paths.contactUs.path, element: <ContactUsPage /> },
  { path: paths.terms.path, element: <TermsPage /> },
  { path: paths.policy.path, element: <PolicyPage /> },
  { path: paths.admin.path, element: <AdminPage /> },
  { path: '*', element: <ErrorFallback notFound /> },
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // The layout itself failed: show the fallback without header and footer.
    errorElement: <RootErrorFallback />,
    // A page failed: show the fallback inside the layout, so navigation still works.
    children: [{ errorElement: <ErrorFallback />, children: pages }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
