import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { memo, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { Memorablia, MemorialDocument, Photo } from '@rips/shared/galleries';
import type { Flower, Prayer, TributeItem } from '@rips/shared/tributes';
import { SectionLoader } from '@/components/page-loader';
import { notify } from '@/lib/notify';
import { useHydrated } from '@/lib/use-hydrated';
import { useReturnFocus } from '@/lib/use-return-focus';
import {
  downloadDocument,
  useTributeList,
  type TributeItems,
  type TributeKind,
} from '../api/tributes.api';
import { formatFileSize, formatTributeDate } from '../lib/format';
import { TEXTS } from '../lib/texts';
import { RemoveTribute } from './remove-tribute';
import classes from './tributes.module.css';

// Grid cells are about 180 px wide (two per row on phones), so a 320 px variant is enough.
const THUMB_SIZES = '(max-width: 575px) calc(50vw - 1.5rem), 180px';

/** Whether the signed-in member may remove an item: its author, or the memorial's owner. */
export type MayRemove = (item: TributeItem) => boolean;

/**
 * The day a tribute was left. The server renders it in UTC (it cannot know the reader's zone),
 * and so does the browser while adopting that HTML; then the reader's own day shows.
 */
function TributeDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{formatTributeDate(iso, hydrated ? 'local' : 'utc')}</time>;
}

function Byline({ item }: { item: TributeItem }) {
  return (
    <Text size="sm" c="dimmed">
      Left By{' '}
      <Text span fw={600} c="var(--mantine-color-text)">
        {item.owner.fullName}
      </Text>
      <br />
      On <TributeDate iso={item.createdAt} />
    </Text>
  );
}

interface ListShellProps<K extends TributeKind> {
  kind: K;
  postId: string;
  title: string;
  headingId: string;
  render: (items: TributeItems[K][]) => ReactNode;
}

/**
 * Loading, failure, empty and "show more" states shared by every list on the memorial.
 *
 * A list's answer arrives through TanStack Query, whose updates React renders synchronously: a
 * gallery of cards at once would be one long task. The items therefore render from a deferred
 * copy of the answer, which React renders as a transition split into short tasks; only this
 * shell re-renders synchronously, and the memoised items keep their previous output meanwhile.
 */
function ListShell<K extends TributeKind>({
  kind,
  postId,
  title,
  headingId,
  render,
}: ListShellProps<K>) {
  const query = useTributeList(kind, postId);
  const pages = useDeferredValue(query.data);
  const items = useMemo(() => pages?.pages.flatMap((p) => p.items) ?? [], [pages]);
  let body: ReactNode;
  if (!pages && !query.isError) {
    // Still loading, or loaded with the items about to render.
    body = <SectionLoader py="md" label={`Loading ${title.toLowerCase()}…`} />;
  } else if (query.isError && items.length === 0) {
    body = (
      <Group gap="sm">
        <Text c="dimmed">We could not load the {title.toLowerCase()}.</Text>
        <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Group>
    );
  } else if (items.length === 0) {
    body = <Text c="dimmed">{TEXTS.empty[kind]}</Text>;
  } else {
    body = (
      <Stack gap="md">
        <ListItems items={items} render={render} />
        {query.hasNextPage ? (
          <Group justify="center">
            <Button
              variant="light"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              Show more {title.toLowerCase()}
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} id={headingId}>
          {title}
        </Title>
        {body}
      </Stack>
    </section>
  );
}

/** The items of a list; re-rendered only when the (deferred) items or the renderer change. */
const ListItems = memo(function ListItems<T>({
  items,
  render,
}: {
  items: T[];
  render: (items: T[]) => ReactNode;
}) {
  return render(items);
}) as <T>(props: { items: T[]; render: (items: T[]) => ReactNode }) => ReactNode;

export function FlowerList({
  postId,
  memorialTitle,
  mayRemove,
}: {
  postId: string;
  memorialTitle: string;
  mayRemove: MayRemove;
}) {
  return (
    <ListShell
      kind="flowers"
      postId={postId}
      title="Flowers"
      headingId="tributes-flowers"
      render={(flowers: Flower[]) => (
        <ul className={classes.grid}>
          {flowers.map((flower) => (
            <li key={flower._id}>
              <Paper withBorder radius="md" className={classes.item}>
                <img
                  src={flower.image.src}
                  srcSet={flower.image.srcSet || undefined}
                  sizes={THUMB_SIZES}
                  width={flower.image.width}
                  height={flower.image.height}
                  alt={`Flower left by ${flower.owner.fullName} for ${memorialTitle}`}
                  loading="lazy"
                  decoding="async"
                  className={classes.picture}
                />
                <div className={classes.meta}>
                  {flower.bouquet ? (
                    <Text size="sm" fw={600}>
                      {flower.bouquet.name}
                    </Text>
                  ) : null}
                  <Byline item={flower} />
                  {mayRemove(flower) ? <RemoveTribute kind="flowers" item={flower} /> : null}
                </div>
              </Paper>
            </li>
          ))}
        </ul>
      )}
    />
  );
}

export function PrayerList({ postId, mayRemove }: { postId: string; mayRemove: MayRemove }) {
  return (
    <ListShell
      kind="prayers"
      postId={postId}
      title="Prayers"
      headingId="tributes-prayers"
      render={(prayers: Prayer[]) => (
        <ul className={classes.list}>
          {prayers.map((prayer) => (
            <li key={prayer._id}>
              <Paper withBorder radius="md" p="md">
                <Stack gap="xs">
                  <Text className={classes.prayerText}>{prayer.prayerText}</Text>
                  <Group justify="space-between" align="flex-end" gap="xs">
                    <Byline item={prayer} />
                    {mayRemove(prayer) ? <RemoveTribute kind="prayers" item={prayer} /> : null}
                  </Group>
                </Stack>
              </Paper>
            </li>
          ))}
        </ul>
      )}
    />
  );
}

type Picture = Photo | Memorablia;

function pictureAlt(kind: 'photos' | 'memorablias', item: Picture, memorialTitle: string) {
  return kind === 'photos'
    ? `Photo of ${memorialTitle} shared by ${item.owner.fullName}`
    : `Memorablia of ${memorialTitle} shared by ${item.owner.fullName}`;
}

/** Photos or memorabilia as thumbnails; each opens large in an accessible lightbox. */
export function PictureGallery({
  kind,
  postId,
  memorialTitle,
  mayRemove,
}: {
  kind: 'photos' | 'memorablias';
  postId: string;
  memorialTitle: string;
  mayRemove: MayRemove;
}) {
  const [open, setOpen] = useState<Picture | null>(null);
  const rememberOpener = useReturnFocus(open !== null);
  const title = kind === 'photos' ? 'Photos' : 'Memorablia';
  return (
    <>
      <ListShell
        kind={kind}
        postId={postId}
        title={title}
        headingId={`tributes-${kind}`}
        render={(items: Picture[]) => (
          <ul className={classes.grid}>
            {items.map((item) => (
              <li key={item._id}>
                <Paper withBorder radius="md" className={classes.item}>
                  <button
                    type="button"
                    className={classes.thumbButton}
                    onClick={() => {
                      rememberOpener();
                      setOpen(item);
                    }}
                    aria-label={`Open ${pictureAlt(kind, item, memorialTitle)}`}
                  >
                    <img
                      src={item.image.src}
                      srcSet={item.image.srcSet}
                      sizes={THUMB_SIZES}
                      width={item.image.width}
                      height={item.image.height}
                      alt={pictureAlt(kind, item, memorialTitle)}
                      loading="lazy"
                      decoding="async"
                      className={classes.picture}
                    />
                  </button>
                  <div className={classes.meta}>
                    {item.name && item.name !== item.owner.fullName ? (
                      <Text size="sm" fw={600}>
                        Shared as {item.name}
                      </Text>
                    ) : null}
                    <Byline item={item} />
                    {mayRemove(item) ? <RemoveTribute kind={kind} item={item} /> : null}
                  </div>
                </Paper>
              </li>
            ))}
          </ul>
        )}
      />
      {/* Mounted only while a picture is open. */}
      {open ? (
        <Modal
          opened
          onClose={() => setOpen(null)}
          title={`${kind === 'photos' ? 'Photo' : 'Memorablia'} shared by ${open.owner.fullName}`}
          size="xl"
          radius="lg"
        >
          <Stack gap="sm">
            <img
              src={open.image.src}
              srcSet={open.image.srcSet}
              sizes="(max-width: 900px) 100vw, 860px"
              width={open.image.width}
              height={open.image.height}
              alt={pictureAlt(kind, open, memorialTitle)}
              className={classes.lightbox}
            />
            <Byline item={open} />
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}

function DocumentRow({
  document,
  mayRemove,
}: {
  document: MemorialDocument;
  mayRemove: MayRemove;
}) {
  const [busy, setBusy] = useState(false);
  async function onDownload() {
    setBusy(true);
    try {
      await downloadDocument(document);
    } catch {
      notify.error(TEXTS.downloadFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {document.fileName}
          </Text>
          <Text size="sm" c="dimmed">
            {formatFileSize(document.sizeBytes)}
          </Text>
          <Byline item={document} />
        </Stack>
        <Group gap="xs">
          {mayRemove(document) ? <RemoveTribute kind="documents" item={document} /> : null}
          <Button
            variant="light"
            onClick={() => void onDownload()}
            loading={busy}
            aria-label={`Download ${document.fileName}`}
          >
            Download
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export function DocumentList({ postId, mayRemove }: { postId: string; mayRemove: MayRemove }) {
  return (
    <ListShell
      kind="documents"
      postId={postId}
      title="Documents"
      headingId="tributes-documents"
      render={(documents: MemorialDocument[]) => (
        <ul className={classes.list}>
          {documents.map((document) => (
            <li key={document._id}>
              <DocumentRow document={document} mayRemove={mayRemove} />
            </li>
          ))}
        </ul>
      )}
    />
  );
}
