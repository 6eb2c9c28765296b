import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'Rips Memorial';

/** "Login · Rips Memorial"; the home page passes no title and gets the site name alone. */
export function formatDocumentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** While the server renders a page, the title the page asks for is written here. */
export const ServerTitleContext = createContext<{ title: string } | null>(null);

export function useDocumentTitle(title?: string) {
  const serverTitle = useContext(ServerTitleContext);
  if (serverTitle) serverTitle.title = formatDocumentTitle(title);
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
