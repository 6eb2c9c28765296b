import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { ContentLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { shortLinkQuery } from '../api/memorials.api';
import { MemorialNotFound } from './memorial-not-found';

/**
 * /m/{code} in the app. The server redirects a short link whose memorial's page shows whoever
 * follows it something; a browser may send no session with that request, so a memorial only the
 * family may see arrives here, and is looked up again with the session (decisions 0070, 0086).
 * Nothing found: the page the memorial's own address shows when there is nothing to show, the
 * same for an unknown code and a memorial the viewer may not see.
 */
export function ShortLinkPage() {
  const { code = '' } = useParams();
  const query = useQuery(shortLinkQuery(code));
  // As the memorial's own address titles it until it is known.
  useDocumentTitle('Memorial');
  if (query.data) return <Navigate to={paths.post.href(query.data._id)} replace />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <MemorialNotFound missing={missing} message={errorMessage(query.error)} />;
  }
  return <ContentLoader py={96} label="Opening the memorial…" />;
}
