import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { memorialQuery } from '@/features/memorials/api/memorials.api';
import ManagePage from '@/features/stewardship/components/manage-page';

/**
 * /post/:id/manage/:tab: the Manage area (stewardship) of the memorial the memorial feature reads,
 * by its own query, so the page and the Manage area share one answer and one key.
 */
export default function ManageRoute() {
  const { id = '' } = useParams();
  const memorial = useQuery(memorialQuery(id));
  return <ManagePage memorial={memorial} />;
}
