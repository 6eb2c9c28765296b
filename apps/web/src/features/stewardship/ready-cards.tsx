import { Anchor, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemorialAbilities, MemorialDetail } from '@rips/shared/memorials';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import { myStewardshipQuery, stewardshipKeys } from './api/stewardship.api';

/** The owner opened the memorial, or put its card away: the home page stops announcing it. */
function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.post(`/posts/${encodeURIComponent(postId)}/seen`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stewardshipKeys.mine() }),
  });
}

/**
 * The home page's lasting cards: "Your memorial for {name} is ready", one for each memorial the
 * member made lately and has not opened since. Kept on the server, so a reload, another device or
 * the notice fading loses nothing; they go once the memorial is opened or the card is put away.
 */
export function ReadyCards() {
  const { isAuthenticated } = useSession();
  const mine = useQuery({ ...myStewardshipQuery, enabled: isAuthenticated });
  const markSeen = useMarkSeen();
  const ready = isAuthenticated ? (mine.data?.ready ?? []) : [];
  if (ready.length === 0) return null;
  return (
    <Stack gap="xs" role="region" aria-label="Your new memorials">
      {ready.map(({ postId, title }) => (
        <Paper key={postId} withBorder radius="md" p="md" shadow="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                Your memorial for {title} is ready
              </Text>
              <Anchor component={Link} to={paths.post.href(postId)} fw={600}>
                Open the memorial of {title}
              </Anchor>
            </Stack>
            <CloseButton
              aria-label={`Put away the card about ${title}`}
              disabled={markSeen.isPending}
              onClick={() => markSeen.mutate(postId)}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * On the memorial page: when its owner opens a memorial still announced as ready, the page says
 * so with a POST (opening the page, a GET, changes nothing on the server by itself).
 */
function MarkSeenOnOpen({ memorial }: { memorial: MemorialDetail }) {
  const { user } = useSession();
  const isOwner = user !== null && memorial.owner._id === user._id;
  const mine = useQuery({ ...myStewardshipQuery, enabled: isOwner });
  const markSeen = useMarkSeen();
  const sent = useRef<string | null>(null);
  const announced = mine.data?.ready.some((r) => r.postId === memorial._id) ?? false;
  useEffect(() => {
    if (!isOwner || !announced || sent.current === memorial._id) return;
    sent.current = memorial._id;
    markSeen.mutate(memorial._id);
  }, [isOwner, announced, memorial._id, markSeen]);
  return null;
}

/** The memorial page's `extras`, with the "seen" note added beside what `render` shows. */
export function withSeenNote(
  render: (memorial: MemorialDetail, abilities: MemorialAbilities | null) => ReactNode,
) {
  return function extras(memorial: MemorialDetail, abilities: MemorialAbilities | null) {
    return (
      <>
        <MarkSeenOnOpen memorial={memorial} />
        {render(memorial, abilities)}
      </>
    );
  };
}
