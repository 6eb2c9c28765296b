import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { memorialQuery } from '@/features/memorials/api/memorials.api';
import { myStewardshipQuery } from '@/features/stewardship/api/stewardship.api';
import { TransferPage } from '@/features/stewardship/components/accept-pages';
import { useSession } from '@/lib/use-session';

/**
 * /post/:id/transfer: the offer names the memorial and its owner when the signed-in member may
 * see it; otherwise (or while it loads) the page speaks of "a memorial". Whether the offer still
 * stands comes from the member's own offers: one answered, withdrawn or lapsed shows no buttons.
 */
export default function TransferRoute() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const memorial = useQuery({ ...memorialQuery(id), enabled: Boolean(user), retry: false });
  const mine = useQuery({ ...myStewardshipQuery, enabled: Boolean(user) });
  const offered = mine.data ? mine.data.transfers.some((t) => t.postId === id) : undefined;
  const about = memorial.data
    ? { title: memorial.data.title, ownerName: memorial.data.owner.fullName }
    : null;
  return <TransferPage about={about} offered={offered} />;
}
