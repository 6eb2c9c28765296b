import { Button, Group, Text } from '@mantine/core';
import type { MemorialDetail } from '@rips/shared/memorials';
import { errorMessage, isUnreachable } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/use-session';
import { useLike } from '../api/memorials.mutations';
import { likedByText } from '../lib/format';
import { HeartIcon } from './icons';

/** The like count for everyone; a toggle for signed-in members, shown at once and confirmed by the server. */
export function LikeButton({ memorial }: { memorial: MemorialDetail }) {
  const { isAuthenticated } = useSession();
  const mutation = useLike(memorial._id);
  const toggle = () =>
    mutation.mutate(!memorial.likedByMe, {
      // The heart went back to what the server holds: say so, never flip silently.
      onError: (error) =>
        notify.error(
          isUnreachable(error)
            ? 'You seem to be offline. Your like was not saved.'
            : errorMessage(error, 'We could not save your like. Please try again.'),
          'like',
        ),
    });

  return (
    <Group gap="sm">
      {isAuthenticated ? (
        <Button
          variant={memorial.likedByMe ? 'filled' : 'light'}
          leftSection={<HeartIcon filled={memorial.likedByMe} />}
          aria-pressed={memorial.likedByMe}
          onClick={toggle}
        >
          {memorial.likedByMe ? 'Liked' : 'Like'}
        </Button>
      ) : null}
      <Text size="sm" c="dimmed" aria-live="polite">
        {likedByText(memorial.reactions)}
      </Text>
    </Group>
  );
}
