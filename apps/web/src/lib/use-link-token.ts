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
