import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useOwnLegacy } from '../api/legacy.api';

/**
 * What a legacy page starts from: its title, the signed-in member (none: the page sends the
 * visitor to log in) and the member's own legacy.
 */
export function useOwnLegacyPage(title: string) {
  useDocumentTitle(title);
  const { user } = useSession();
  const legacy = useOwnLegacy(user?._id);
  return { user, legacy };
}
