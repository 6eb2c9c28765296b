import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'Rips Memorial';

/** "Login · Rips Memorial"; the home page passes no title and gets the site name alone. */
export function formatDocumentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** While the server renders a page, the title (and description) the page asks for go here. */
export const ServerTitleContext = createContext<{ title: string; description?: string } | null>(
  null,
);

export function useDocumentTitle(title?: string) {
  const serverTitle = useContext(ServerTitleContext);
  if (serverTitle) serverTitle.title = formatDocumentTitle(title);
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}

/**
 * The page's own line for search engines and link previews, in place of the site's (index.html).
 * Both read the HTML the server sends, so it is written into server-rendered pages only; in the
 * browser the tag stays as the page arrived.
 */
export function usePageDescription(description?: string) {
  const serverHead = useContext(ServerTitleContext);
  if (serverHead && description) serverHead.description = description;
}
