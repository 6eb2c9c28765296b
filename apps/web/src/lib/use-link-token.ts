import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The `token` of an emailed link (reset a password, confirm an email). Read once: it leaves the
 * address bar, and so the history, as soon as the page has it.
 */
export function useLinkToken(): string {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);
  return token;
}
