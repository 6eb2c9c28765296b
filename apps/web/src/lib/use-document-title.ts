import { useEffect } from 'react';

export const SITE_NAME = 'Rips Memorial';

/** "Login · Rips Memorial"; the home page passes no title and gets the site name alone. */
export function formatDocumentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
