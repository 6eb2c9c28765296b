import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemorialDetail } from '@rips/shared/memorials';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/use-session';
import { memorialKeys, setLike } from '../api/memorials.api';
import { HeartIcon } from './icons';

export function likedByText(count: number): string {
  return `this post has been liked by ${count} people!`;
}

/** The like count for everyone; a toggle for signed-in members, shown at once and confirmed by the server. */
export function LikeButton({ memorial }: { memorial: MemorialDetail }) {
  const { isAuthenticated } = useSession();
  const queryClient = useQueryClient();
  const key = memorialKeys.detail(memorial._id);
  const mutation = useMutation({
    mutationFn: (liked: boolean) => setLike(memorial._id, liked),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MemorialDetail>(key);
      if (before && before.likedByMe !== liked) {
        queryClient.setQueryData<MemorialDetail>(key, {
          ...before,
          likedByMe: liked,
          reactions: Math.max(0, before.reactions + (liked ? 1 : -1)),
        });
      }
      return { before };
    },
    onError: (error, _liked, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      notify.error(errorMessage(error, 'We could not save your like. Please try again.'));
    },
    onSuccess: (state) => {
      queryClient.setQueryData<MemorialDetail>(key, (current) =>
        current ? { ...current, ...state } : current,
      );
      void queryClient.invalidateQueries({ queryKey: ['memorials', 'list'] });
    },
  });

  return (
    <Group gap="sm">
      {isAuthenticated ? (
        <Button
          variant={memorial.likedByMe ? 'filled' : 'light'}
          leftSection={<HeartIcon filled={memorial.likedByMe} />}
          aria-pressed={memorial.likedByMe}
          onClick={() => mutation.mutate(!memorial.likedByMe)}
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
