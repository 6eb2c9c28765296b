/*
 * Every route of the web app (docs/product.md section 2), in one place. `path` is the router pattern;
 * `href()` builds a link. Nothing else spells a URL of the app by hand.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  memoriams: { path: '/memoriams', href: () => '/memoriams' },
  signUp: { path: '/sign-up', href: () => '/sign-up' },
  /** `next`: the page to come back to after logging in (an app path; see safeNextPath). */
  login: {
    path: '/login',
    href: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPasswordConfirm: { path: '/reset-password/confirm', href: () => '/reset-password/confirm' },
  profile: { path: '/profile', href: () => '/profile' },
  profileUpdatePost: { path: '/profile/update-post', href: () => '/profile/update-post' },
  profileUpdateAccount: {
    path: '/profile/update-account-details',
    href: () => '/profile/update-account-details',
  },
  confirmEmail: { path: '/account/confirm-email', href: () => '/account/confirm-email' },
  /** "This was not me": the token of the emailed link travels in the fragment. */
  cancelEmailChange: {
    path: '/account/cancel-email-change',
    href: () => '/account/cancel-email-change',
  },
  archiveDownload: { path: '/exports/download', href: () => '/exports/download' },
  lifeLegacy: { path: '/profile/life-legacy', href: () => '/profile/life-legacy' },
  buildLegacy: { path: '/profile/build-legacy', href: () => '/profile/build-legacy' },
  createPost: { path: '/create-post', href: () => '/create-post' },
  addFlower: { path: '/add-flower', href: () => '/add-flower' },
  post: { path: '/post/:id', href: (id: string) => `/post/${encodeURIComponent(id)}` },
  /** A memorial's short link: the server redirects; the app resolves it with the session. */
  shortLink: { path: '/m/:code', href: (code: string) => `/m/${encodeURIComponent(code)}` },
  /** The Manage area of a memorial: settings, people, moderation, activity, ownership. */
  manage: {
    path: '/post/:id/manage/:tab?',
    href: (id: string, tab = 'settings') => `/post/${encodeURIComponent(id)}/manage/${tab}`,
  },
  /** An ownership offer: the page's button accepts it. */
  transfer: {
    path: '/post/:id/transfer',
    href: (id: string) => `/post/${encodeURIComponent(id)}/transfer`,
  },
  /**
   * An emailed invitation: the page's button accepts it. The token rides in the fragment, which
   * browsers never send, so no server or proxy logs it.
   */
  invitation: {
    path: '/invitations',
    href: (token: string) => `/invitations#token=${encodeURIComponent(token)}`,
  },
  /** An invitation link emailed before the token moved to the fragment: the page moves it there. */
  invitationOldLink: {
    path: '/invitations/:token',
    href: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  },
  /** A guest's emailed link: the page's button publishes the tribute; the token is in the fragment. */
  guestTributeConfirm: {
    path: '/guest-tributes/confirm',
    href: (token: string) => `/guest-tributes/confirm#token=${encodeURIComponent(token)}`,
  },
  aboutUs: { path: '/about-us', href: () => '/about-us' },
  userGuide: { path: '/user-guide', href: () => '/user-guide' },
  contactUs: { path: '/contact-us', href: () => '/contact-us' },
  terms: { path: '/terms', href: () => '/terms' },
  policy: { path: '/policy', href: () => '/policy' },
  accessibility: { path: '/accessibility', href: () => '/accessibility' },
  admin: { path: '/admin', href: () => '/admin' },
} as const;

/**
 * The page a login sends the visitor back to: only a path of this site ("/post/…"), never another
 * site ("//evil.example", "https://…") or the login page itself; anything else is the home page.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return paths.home.href();
  }
  if (next === paths.login.path || next.startsWith(`${paths.login.path}?`))
    return paths.home.href();
  return next;
}
