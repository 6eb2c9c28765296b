/*
 * Every route of the web app (SPEC.md section 2), in one place. `path` is the router pattern;
 * `href()` builds a link. Nothing else spells a URL of the app by hand.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  memoriams: { path: '/memoriams', href: () => '/memoriams' },
  signUp: { path: '/sign-up', href: () => '/sign-up' },
  login: { path: '/login', href: () => '/login' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPasswordConfirm: { path: '/reset-password/confirm', href: () => '/reset-password/confirm' },
  profile: { path: '/profile', href: () => '/profile' },
  profileUpdatePost: { path: '/profile/update-post', href: () => '/profile/update-post' },
  profileUpdateAccount: {
    path: '/profile/update-account-details',
    href: () => '/profile/update-account-details',
  },
  confirmEmail: { path: '/account/confirm-email', href: () => '/account/confirm-email' },
  lifeLegacy: { path: '/profile/life-legacy', href: () => '/profile/life-legacy' },
  buildLegacy: { path: '/profile/build-legacy', href: () => '/profile/build-legacy' },
  createPost: { path: '/create-post', href: () => '/create-post' },
  addFlower: { path: '/add-flower', href: () => '/add-flower' },
  post: { path: '/post/:id', href: (id: string) => `/post/${encodeURIComponent(id)}` },
  aboutUs: { path: '/about-us', href: () => '/about-us' },
  userGuide: { path: '/user-guide', href: () => '/user-guide' },
  contactUs: { path: '/contact-us', href: () => '/contact-us' },
  terms: { path: '/terms', href: () => '/terms' },
  policy: { path: '/policy', href: () => '/policy' },
  admin: { path: '/admin', href: () => '/admin' },
} as const;
