import type { QueryClient } from '@tanstack/react-query';
import { memorialKeys } from '@/features/memorials/api/memorial-keys';
import { stewardshipKeys } from '@/features/stewardship/api/stewardship.api';
import { tributeKeys } from '@/features/tributes/api/tribute-keys';
import type { MemorialChange } from '@/lib/memorial-changes';

/*
 * What a memorial change refreshes, across the features, by each feature's own exported keys
 * (decision 0091). The query client runs it after every mutation whose `meta` names a change
 * (lib/memorial-changes.ts), before the mutation's own callbacks: a notice or a new page comes
 * after the screens are true again.
 */

export function refreshAfter(client: QueryClient, { change, memorialId }: MemorialChange) {
  switch (change) {
    case 'deleted': {
      // Its own answers can only answer "not found" now: dropped, never fetched again.
      for (const key of [
        memorialKeys.detail(memorialId),
        memorialKeys.contributors(memorialId),
        tributeKeys.all(memorialId),
        tributeKeys.memorialTitle(memorialId),
        stewardshipKeys.people(memorialId),
        stewardshipKeys.moderation(memorialId),
        stewardshipKeys.activity(memorialId),
        stewardshipKeys.accessRequests(memorialId),
        stewardshipKeys.accessSummary(memorialId),
      ]) {
        client.removeQueries({ queryKey: key });
      }
      // The memorial feature refreshes its own lists; the others' lists it was in are these.
      return client.invalidateQueries({ queryKey: stewardshipKeys.mine() });
    }
    case 'tributes':
      // The memorial page's lists (a hidden item leaves them) and the Manage area's queue.
      return Promise.all([
        client.invalidateQueries({ queryKey: tributeKeys.all(memorialId) }),
        client.invalidateQueries({ queryKey: stewardshipKeys.moderation(memorialId) }),
      ]);
  }
}
