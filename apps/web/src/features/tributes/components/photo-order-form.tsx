import { Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Photo } from '@rips/shared/galleries';
import { SectionLoader } from '@/components/page-loader';
import cover from '@/components/cover.module.css';
import { notify } from '@/lib/notify';
import { orderPhotos, tributeKeys, tributeListQuery } from '../api/tributes.api';
import { authorOf, failureText } from '../lib/format';
import classes from './tributes.module.css';

/** What a row says of a photo: its caption, else who shared it. */
const photoName = (photo: Photo, place: number) =>
  `Photo ${place}: ${photo.caption || `shared by ${authorOf(photo)}`}`;

/**
 * The family puts the memorial's photos in order: every photo, each with Move up and Move down
 * (buttons, so the keyboard and screen readers use them like any other), then Save order. The
 * focus follows the photo moved.
 */
export function PhotoOrderForm({ postId, onDone }: { postId: string; onDone: () => void }) {
  const query = useInfiniteQuery(tributeListQuery('photos', postId));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // An order names every photo: the whole list is read first.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const photos = useMemo(
    () => (query.data?.pages.flatMap((page) => page.items) ?? []) as Photo[],
    [query.data],
  );
  const [order, setOrder] = useState<string[] | null>(null);
  const [focus, setFocus] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (ids: string[]) => orderPhotos(postId, ids),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tributeKeys.list('photos', postId) });
      notify.success('The photos are in their new order.');
      onDone();
    },
    onError: (error) =>
      notify.error(failureText('The order could not be saved, please try again.', error)),
  });
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus, order]);

  if (query.isError) {
    return <Text c="dimmed">We could not load the photos. Please close this and try again.</Text>;
  }
  if (!query.data || hasNextPage) return <SectionLoader py="xl" label="Loading the photos…" />;
  const byId = new Map(photos.map((photo) => [photo._id, photo]));
  const ids = (order ?? photos.map((photo) => photo._id)).filter((id) => byId.has(id));
  const move = (from: number, by: -1 | 1) => {
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    const next = [...ids];
    [next[from], next[to]] = [next[to]!, next[from]!];
    setOrder(next);
    // At either end the other button takes the focus: the pressed one is then disabled.
    const direction = (to === 0 && by < 0) || (to === ids.length - 1 && by > 0) ? -by : by;
    setFocus(`move-${direction < 0 ? 'up' : 'down'}-${next[to]}`);
  };
  return (
    <Stack gap="md">
      <Text size="sm">The memorial shows its photos in this order, first to last.</Text>
      <ol className={classes.orderList}>
        {ids.map((id, place) => {
          const photo = byId.get(id)!;
          const name = photoName(photo, place + 1);
          return (
            <li key={id} className={classes.orderRow}>
              <img
                src={photo.image.src}
                srcSet={photo.image.srcSet || undefined}
                sizes="64px"
                width={photo.image.width}
                height={photo.image.height}
                alt=""
                className={`${cover.cover} ${cover.square} ${classes.orderThumb}`}
              />
              <Text size="sm" className={classes.orderName}>
                {name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Button
                  id={`move-up-${id}`}
                  variant="default"
                  size="compact-sm"
                  disabled={place === 0}
                  onClick={() => move(place, -1)}
                  aria-label={`Move up ${name}`}
                >
                  Move up
                </Button>
                <Button
                  id={`move-down-${id}`}
                  variant="default"
                  size="compact-sm"
                  disabled={place === ids.length - 1}
                  onClick={() => move(place, 1)}
                  aria-label={`Move down ${name}`}
                >
                  Move down
                </Button>
              </Group>
            </li>
          );
        })}
      </ol>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={save.isPending} disabled={!order} onClick={() => save.mutate(ids)}>
          Save order
        </Button>
      </Group>
    </Stack>
  );
}

export default PhotoOrderForm;
