import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { kindsOf } from '@/config/tribute-kinds';
import { eventsQuery } from '@/features/events/api/events.api';
import { memorialQuery } from '@/features/memorials/api/memorials.api';
import { charitiesQuery, timelineQuery } from '@/features/timeline/api/timeline.api';
import { tributeListQuery } from '@/features/tributes/api/tributes.api';

/**
 * What /post/:id fetches before it renders (the router's loader imports this when a memorial is
 * opened): the memorial, then the list of every kind its tributes section shows everyone
 * (flowers, prayers...), its events, life timeline and charities, so a visitor without JavaScript
 * reads them too. Galleries, for the family circle, are fetched by the page itself. `optional`
 * lets a part fail without failing the page.
 */
export async function loadMemorialData(
  client: QueryClient,
  id: string,
  optional: (queryKey: QueryKey, running: Promise<unknown>) => Promise<void>,
): Promise<void> {
  await client.fetchQuery(memorialQuery(id));
  await Promise.all(
    kindsOf('tributes').map(({ kind }) => {
      const list = tributeListQuery(kind, id);
      return optional(list.queryKey, client.fetchInfiniteQuery(list));
    }),
  );
  const moments = timelineQuery(id);
  const charities = charitiesQuery(id);
  const events = eventsQuery(id);
  await Promise.all([
    optional(events.queryKey, client.fetchQuery(events)),
    optional(moments.queryKey, client.fetchQuery(moments)),
    optional(charities.queryKey, client.fetchQuery(charities)),
  ]);
}
