/*
 * Every route of the web app (docs/product.md section 2), in one place. `path` is the router pattern;
 * `href()` builds a link. Nothing else spells a URL of the app by hand.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  memoriams: { path: '/memoriams', href: () => '/memoriams' },
  /** `next`: the page to come back to after signing up and logging in (see withNext). */
  signUp: { path: '/sign-up', href: (next?: string) => withNext('/sign-up', next) },
  /** `next`: the page to come back to after logging in (an app path; see safeNextPath). */
  login: { path: '/login', href: (next?: string) => withNext('/login', next) },
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
  /** An address chosen for a memorial's yearly copy: the token travels in the fragment. */
  copyConfirm: { path: '/copies/confirm', href: () => '/copies/confirm' },
  lifeLegacy: { path: '/profile/life-legacy', href: () => '/profile/life-legacy' },
  buildLegacy: { path: '/profile/build-legacy', href: () => '/profile/build-legacy' },
  /** "After my death": the member's stewards, release rules and any release under way. */
  legacyRelease: { path: '/profile/legacy-release', href: () => '/profile/legacy-release' },
  /**
   * A steward's emailed invitation: the signed-in member's button accepts it. Mailed links carry
   * the token in the query; the page moves it to the fragment, where it stays through login.
   */
  legacySteward: {
    path: '/legacy/steward',
    href: (token?: string) =>
      token ? `/legacy/steward#token=${encodeURIComponent(token)}` : '/legacy/steward',
  },
  /** The members whose Life Legacy the signed-in member looks after as a steward. */
  legacyStewarding: { path: '/legacy/stewarding', href: () => '/legacy/stewarding' },
  /** The member's emailed one-click stop of a release under way (no sign-in). */
  legacyStop: {
    path: '/legacy/stop',
    href: (token?: string) =>
      token ? `/legacy/stop#token=${encodeURIComponent(token)}` : '/legacy/stop',
  },
  /** A reader's emailed access to what a member left them: the page's button opens it. */
  legacyReleased: {
    path: '/legacy/released',
    href: (token?: string) =>
      token ? `/legacy/released#token=${encodeURIComponent(token)}` : '/legacy/released',
  },
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
  /** A guest's emailed link: the page's button counts their answer to an event. */
  eventRsvpConfirm: {
    path: '/event-rsvps/confirm',
    href: (token: string) => `/event-rsvps/confirm#token=${encodeURIComponent(token)}`,
  },
  /**
   * The link mailed to a new account whose address confirmed tributes as a guest: the signed-in
   * account's button adds them to it. The token is in the fragment, and stays there through login.
   */
  guestTributeClaim: {
    path: '/guest-tributes/claim',
    href: (token: string) => `/guest-tributes/claim#token=${encodeURIComponent(token)}`,
  },
  /** A guest's emailed link to follow a memorial: the page's button confirms it (token in the fragment). */
  followConfirm: {
    path: '/follows/confirm',
    href: (token: string) => `/follows/confirm#token=${encodeURIComponent(token)}`,
  },
  /** A digest's unsubscribe link (decision 0115): the page's button stops the emails. */
  unsubscribe: { path: '/follows/unsubscribe', href: () => '/follows/unsubscribe' },
  aboutUs: { path: '/about-us', href: () => '/about-us' },
  userGuide: { path: '/user-guide', href: () => '/user-guide' },
  contactUs: { path: '/contact-us', href: () => '/contact-us' },
  terms: { path: '/terms', href: () => '/terms' },
  policy: { path: '/policy', href: () => '/policy' },
  accessibility: { path: '/accessibility', href: () => '/accessibility' },
  permanence: { path: '/permanence', href: () => '/permanence' },
  admin: { path: '/admin', href: () => '/admin' },
} as const;

/**
 * An entry page (login, sign-up) that leads back to `next` afterwards. `next` rides in the query
 * (`/login?next=%2Fpost%2Fabc`), so it survives a reload and the hop from sign-up to login; a
 * `next` that holds a fragment (an invitation's `#token=…`) rides in the fragment instead
 * (`/login#next=…`), which browsers never send, so the token reaches no server, proxy or Referer.
 */
function withNext(page: string, next?: string): string {
  if (!next) return page;
  return `${page}${next.includes('#') ? '#' : '?'}next=${encodeURIComponent(next)}`;
}

/** The `next` an entry page was given (see withNext), checked by safeNextPath. */
export function nextOfEntry(search: string, hash: string): string {
  const inQuery = new URLSearchParams(search).get('next');
  const inFragment = new URLSearchParams(hash.replace(/^#/, '')).get('next');
  return safeNextPath(inQuery ?? inFragment);
}

/** The pages that lead on to `next`: never sent back to one of them, or a loop begins. */
const ENTRY_PATHS = new Set(['/login', '/sign-up']);
const SAME_SITE = 'https://same-site.invalid';

/**
 * The page a login sends the visitor back to: only a path of this site ("/post/…"), never another
 * site ("//evil.example", "https://…", "/\\evil.example", "/\t/evil.example") or an entry page
 * itself; anything else is the home page. The path is read the way a browser would read it
 * (`new URL`), and must still be on this site afterwards.
 */
export function safeNextPath(next: string | null | undefined): string {
  const home = paths.home.href();
  if (!next || next.length > 2000 || !next.startsWith('/') || next.startsWith('//')) return home;
  // Backslashes, tabs, newlines and other controls: browsers fold or drop them, which can make "//host".
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return home;
  let url: URL;
  try {
    url = new URL(next, SAME_SITE);
  } catch {
    return home;
  }
  if (url.origin !== SAME_SITE) return home;
  if (ENTRY_PATHS.has(url.pathname.replace(/\/+$/, '') || '/')) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}
