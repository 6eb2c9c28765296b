import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { ErrorFallback } from '@/components/error-fallback';
import { ContentLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { shortLinkQuery } from '../api/memorials.api';

/**
 * /m/{code} in the app. The server redirects a short link it can resolve for whoever follows it;
 * a browser sends no session with that request, so a memorial only the family may see arrives
 * here, and is looked up again with the session (decision 0070). Nothing found: not found.
 */
export function ShortLinkPage() {
  const { code = '' } = useParams();
  const query = useQuery(shortLinkQuery(code));
  if (query.data) return <Navigate to={paths.post.href(query.data._id)} replace />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <ErrorFallback notFound={missing} />;
  }
  return <ContentLoader py={96} label="Opening the memorial…" />;
}
