import { Badge, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PendingTributes } from '@rips/shared/stewardship';
import { paths } from '@/config/paths';
import { pendingTributesQuery } from '@/features/stewardship/api/stewardship.api';
import { useSession } from '@/lib/use-session';
import classes from './layout.module.css';

/** The tributes waiting for the signed-in member's approval; null when none (or signed out). */
export function usePendingTributes(): PendingTributes | null {
  const { user } = useSession();
  const query = useQuery({ ...pendingTributesQuery, enabled: Boolean(user) });
  return user && query.data && query.data.total > 0 ? query.data : null;
}

/** "Memorials: 2 tributes await approval", the count's accessible name. */
export const pendingName = (total: number) =>
  `Memorials: ${total} ${total === 1 ? 'tribute awaits' : 'tributes await'} approval`;

/**
 * The count on the account button: the number shows, and screen readers hear what it counts
 * after the member's name, which stays the start of the button's name.
 */
export function PendingCount({ total }: { total: number }) {
  return (
    <>
      <Badge component="span" size="sm" circle={total < 10} color="red" aria-hidden="true">
        {total}
      </Badge>
      <VisuallyHidden>{pendingName(total)}</VisuallyHidden>
    </>
  );
}

/**
 * On narrow screens, where the account menu lives in the drawer: the count beside the burger,
 * a link to where the waiting tributes are (the first memorial's moderation when there are several).
 */
export function PendingCountLink() {
  const pending = usePendingTributes();
  if (!pending) return null;
  const first = pending.memorials[0];
  if (!first) return null;
  return (
    <Link
      to={paths.manage.href(first.postId, 'moderation')}
      className={classes.pendingLink}
      aria-label={pendingName(pending.total)}
    >
      <Badge component="span" size="md" circle={pending.total < 10} color="red">
        {pending.total}
      </Badge>
    </Link>
  );
}
