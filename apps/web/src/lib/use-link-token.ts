import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** `token` of a fragment such as `#token=…` (browsers never send a fragment, so no log holds it). */
function fragmentToken(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/**
 * The `token` of an emailed link (reset a password, confirm an email, cancel an email change), in
 * its query or its fragment. Read once: it leaves the address bar, and so the history, as soon as
 * the page has it.
 */
export function useLinkToken(): string {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => params.get('token') ?? fragmentToken(location.hash) ?? '');
  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
    else if (fragmentToken(location.hash) !== null)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [params, setParams, location, navigate]);
  return token;
}

/**
 * The `token` of an emailed link whose page must keep it: through a detour to log in and back
 * (paths.login keeps a `next` with a fragment in the fragment), or a reload. Read from the query
 * or the fragment; a token in the query moves to the fragment at once, so the address the
 * browser sends, and any Referer, holds no token.
 */
export function useKeptLinkToken(): string {
  const [params] = useSearchParams();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const inQuery = params.get('token');
  const token = inQuery ?? fragmentToken(hash) ?? '';
  useEffect(() => {
    if (inQuery === null) return;
    const rest = new URLSearchParams(params);
    rest.delete('token');
    const search = rest.toString();
    void navigate(
      {
        pathname,
        search: search ? `?${search}` : '',
        hash: `#token=${encodeURIComponent(inQuery)}`,
      },
      { replace: true },
    );
  }, [inQuery, params, pathname, navigate]);
  return token;
}
