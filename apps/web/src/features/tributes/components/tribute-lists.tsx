import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  lazy,
  memo,
  Suspense,
  useDeferredValue,
  useMemo,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import type { Memorablia, MemorialDocument, Photo } from '@rips/shared/galleries';
import { tributesAwaitingApproval } from '@rips/shared/kinds';
import type { Candle, Flower, ResponsiveImage, TributeItem } from '@rips/shared/tributes';
import cover from '@/components/cover.module.css';
import { FormModal } from '@/components/form-modal';
import { SectionLoader } from '@/components/page-loader';
import { TaskButton } from '@/components/task-button';
import { paths } from '@/config/paths';
import type { TributeKindDescriptor } from '@/config/tribute-kinds';
import { notify } from '@/lib/notify';
import { useHydrated } from '@/lib/use-hydrated';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useSession } from '@/lib/use-session';
import { downloadDocument, tributeListQuery, type AnyTributeItem } from '../api/tributes.api';
import { authorOf, formatFileSize, formatPictureDate, formatTributeDate } from '../lib/format';
import { RemoveTribute } from './remove-tribute';
import type { SlideshowProps } from './slideshow';
import classes from './tributes.module.css';

// Grid cells are about 180 px wide (two per row on phones), so a 320 px variant is enough.
const THUMB_SIZES = '(max-width: 575px) calc(50vw - 1.5rem), 180px';

const DOWNLOAD_FAILED = 'There was an error downloading the document.';

/**
 * The day a tribute was left. The server renders it in UTC (it cannot know the reader's zone),
 * and so does the browser while adopting that HTML; then the reader's own day shows.
 */
function TributeDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{formatTributeDate(iso, hydrated ? 'local' : 'utc')}</time>;
}

const ReportForm = lazy(() => import('./report-form'));
// The candles' list and count are a chunk of their own, loaded with the candles' list.
const CandleList = lazy(() => import('./candle-list'));
const CandleTallyLine = lazy(() =>
  import('./candle-list').then((m) => ({ default: m.CandleTallyLine })),
);
// A tribute returned to its author with a note: its form loads when they open it (decision 0117).
const ResubmitForm = lazy(() => import('./resubmit-form'));
// The slideshow loads when someone opens a picture: most visitors only look at the thumbnails.
const Slideshow = lazy(() => import('./slideshow')) as <T extends Picture>(
  props: SlideshowProps<T>,
) => ReactNode;

/** "Report" for signed-in visitors on the kinds the shared list makes reportable: the family is told and decides. */
function ReportIfAllowed({ kind, item }: { kind: TributeKindDescriptor; item: TributeItem }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user || item.owner._id === user._id || !kind.reportable) return null;
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        onClick={() => setOpen(true)}
        aria-label={`Report the ${kind.noun} left by ${authorOf(item)}`}
      >
        Report
      </Button>
      <FormModal opened={open} onClose={() => setOpen(false)} title={`Report this ${kind.noun}`}>
        <Suspense fallback={null}>
          <ReportForm kind={kind.kind} item={item} onDone={() => setOpen(false)} />
        </Suspense>
      </FormModal>
    </>
  );
}

/**
 * Shown to its author alone (the server lists a returned item to no one else): the family's note
 * and the way to change the tribute and send it again.
 */
function ReturnedToYou({ kind, item }: { kind: TributeKindDescriptor; item: TributeItem }) {
  const [open, setOpen] = useState(false);
  if (item.status !== 'returned') return null;
  return (
    <>
      <Text size="sm">
        The family returned your {kind.noun} with a note
        {item.returnNote ? (
          <>
            : <q>{item.returnNote}</q>
          </>
        ) : (
          '.'
        )}
      </Text>
      <Button size="compact-sm" variant="light" onClick={() => setOpen(true)}>
        Change and send again
      </Button>
      <FormModal
        opened={open}
        onClose={() => setOpen(false)}
        title={`Change your ${kind.noun} and send it again`}
      >
        <Suspense fallback={null}>
          <ResubmitForm kind={kind} item={item} onDone={() => setOpen(false)} />
        </Suspense>
      </FormModal>
    </>
  );
}

function Byline({ item }: { item: TributeItem }) {
  return (
    <Text size="sm" c="dimmed">
      {item.status === 'returned' ? (
        <>
          <Badge variant="light" color="orange" component="span">
            Returned to you
          </Badge>
          <br />
        </>
      ) : null}
      {item.status === 'pending' ? (
        <>
          <Badge variant="light" color="yellow" component="span">
            Awaiting approval
          </Badge>
          <br />
        </>
      ) : null}
      {item.importedAuthor ? (
        <>
          Originally left by{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {item.importedAuthor}
          </Text>
          <br />
          Imported by {item.owner.fullName}
        </>
      ) : (
        <>
          Left By{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {item.owner.fullName}
          </Text>
          {item.guest ? ' (guest)' : null}
        </>
      )}
      <br />
      On <TributeDate iso={item.createdAt} />
    </Text>
  );
}

/** "Remove", when the server says the viewer may (its author, or the memorial's owner). */
function RemoveIfAllowed({ kind, item }: { kind: TributeKindDescriptor; item: TributeItem }) {
  return item.abilities?.remove ? <RemoveTribute kind={kind} item={item} /> : null;
}

/** Under an item: who left it and when, then Remove and Report where the viewer may use them. */
function ItemFooter({ kind, item }: { kind: TributeKindDescriptor; item: TributeItem }) {
  return (
    <>
      <Byline item={item} />
      <ReturnedToYou kind={kind} item={item} />
      <RemoveIfAllowed kind={kind} item={item} />
      <ReportIfAllowed kind={kind} item={item} />
    </>
  );
}

/** One kind's list, as the viewer sees it (the server renders the page as its viewer too). */
function useTributeList(kind: TributeKindDescriptor['kind'], postId: string) {
  return useInfiniteQuery(tributeListQuery(kind, postId));
}

interface TributeListProps {
  descriptor: TributeKindDescriptor;
  postId: string;
  memorialTitle: string;
  /**
   * For those who manage the memorial: how many tributes wait for their approval, which an
   * empty list says instead of inviting them to leave the first.
   */
  pendingTributes?: number;
  /**
   * Whether the viewer may add to this list (or be offered a way to): when not, its empty state
   * says only that it is empty, never "be the first".
   */
  canAdd?: boolean;
  /** The viewer may put the photos in order (the memorial's owner and managers). */
  canReorder?: boolean;
}

/**
 * One kind's list on the memorial, with the loading, failure, empty and "show more" states.
 *
 * A list's answer arrives through TanStack Query, whose updates React renders synchronously: a
 * gallery of cards at once would be one long task. The items therefore render from a deferred
 * copy of the answer, which React renders as a transition split into short tasks; only this
 * shell re-renders synchronously, and the memoised items keep their previous output meanwhile.
 */
export function TributeList({
  descriptor,
  postId,
  memorialTitle,
  pendingTributes = 0,
  canReorder = false,
  canAdd = true,
}: TributeListProps) {
  const { kind, title } = descriptor;
  const query = useTributeList(kind, postId);
  const pages = useDeferredValue(query.data);
  const items = useMemo(
    () => (pages?.pages.flatMap((p) => p.items) ?? []) as AnyTributeItem[],
    [pages],
  );
  const headingId = `tributes-${kind}`;
  // The candles' count of those burning now and those ever lit, as the first page says it.
  const tally = pages?.pages[0]?.tally ?? null;
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
  } else if (items.length === 0 && pendingTributes > 0) {
    body = (
      <Text c="dimmed">
        No {title.toLowerCase()} shown yet:{' '}
        <Anchor component={Link} to={paths.manage.href(postId, 'moderation')}>
          {tributesAwaitingApproval(pendingTributes)}
        </Anchor>
        .
      </Text>
    );
  } else if (items.length === 0) {
    body = (
      <Text c="dimmed">
        {canAdd ? descriptor.empty : `No ${title.toLowerCase()} have been shared yet.`}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        <ListItems descriptor={descriptor} items={items} title={memorialTitle} />
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
        <Group justify="space-between" align="center" gap="sm">
          <Title order={3} id={headingId}>
            {title}
          </Title>
          {canReorder && kind === 'photos' && items.length > 1 ? (
            <ChangeOrder postId={postId} />
          ) : null}
        </Group>
        {tally ? (
          <Suspense fallback={null}>
            <CandleTallyLine tally={tally} />
          </Suspense>
        ) : null}
        {body}
      </Stack>
    </section>
  );
}

const PhotoOrderForm = lazy(() => import('./photo-order-form'));

/** "Change the order" of the photos, for the family: opens the order form in a dialog. */
function ChangeOrder({ postId }: { postId: string }) {
  const [open, setOpen] = useState(false);
  const rememberOpener = useReturnFocus(open);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => {
          rememberOpener();
          setOpen(true);
        }}
      >
        Change the order
      </Button>
      <FormModal
        opened={open}
        onClose={() => setOpen(false)}
        title="The order of the photos"
        size="lg"
      >
        <Suspense fallback={<SectionLoader py="xl" label="Loading the photos…" />}>
          <PhotoOrderForm postId={postId} onDone={() => setOpen(false)} />
        </Suspense>
      </FormModal>
    </>
  );
}

/** What a list is drawn from: its kind, its items, and the memorial's title (for alt texts). */
interface ListProps<T, D extends TributeKindDescriptor = TributeKindDescriptor> {
  descriptor: D;
  items: T[];
  title: string;
}

/** The items of a list, as their kind shows them; re-rendered only when the items change. */
const ListItems = memo(function ListItems({ descriptor, items, title }: ListProps<AnyTributeItem>) {
  switch (descriptor.display) {
    case 'flower':
      return <FlowerGrid descriptor={descriptor} items={items as Flower[]} title={title} />;
    case 'text':
      return <TextList descriptor={descriptor} items={items} title={title} />;
    case 'candle':
      return (
        <Suspense fallback={<SectionLoader py="md" label="Loading the candles…" />}>
          <CandleList
            items={items as Candle[]}
            footer={(candle) => (
              <Group justify="space-between" align="flex-end" gap="xs">
                <ItemFooter kind={descriptor} item={candle} />
              </Group>
            )}
          />
        </Suspense>
      );
    case 'picture':
      return <PictureGallery descriptor={descriptor} items={items as Picture[]} title={title} />;
    case 'document':
      return (
        <ul className={classes.list}>
          {(items as MemorialDocument[]).map((document) => (
            <li key={document._id}>
              <DocumentRow descriptor={descriptor} document={document} />
            </li>
          ))}
        </ul>
      );
  }
});

function FlowerGrid({ descriptor, items, title }: ListProps<Flower>) {
  return (
    <PictureGrid
      descriptor={descriptor}
      items={items}
      card={(flower) => ({
        alt: `${descriptor.label} left by ${authorOf(flower)} for ${title}`,
        caption: flower.bouquet?.name,
      })}
    />
  );
}

type PictureItem = TributeItem & { image: ResponsiveImage };
type CardProps = Omit<ComponentProps<typeof PictureCard>, 'descriptor' | 'item'>;

/** Square thumbnails in a grid, each card told by `card` what to say of its item. */
function PictureGrid<T extends PictureItem>({
  descriptor,
  items,
  card,
}: {
  descriptor: TributeKindDescriptor;
  items: T[];
  card: (item: T) => CardProps;
}) {
  return (
    <ul className={classes.grid}>
      {items.map((item) => (
        <PictureCard key={item._id} descriptor={descriptor} item={item} {...card(item)} />
      ))}
    </ul>
  );
}

/** A square thumbnail with its byline; one that opens large is a button. */
function PictureCard({
  descriptor,
  item,
  alt,
  caption,
  details,
  onOpen,
}: {
  descriptor: TributeKindDescriptor;
  item: PictureItem;
  alt: string;
  caption?: string | undefined;
  /** What the family told of a gallery picture: its caption and day. */
  details?: ReactNode;
  onOpen?: () => void;
}) {
  const picture = (
    <img
      src={item.image.src}
      srcSet={item.image.srcSet || undefined}
      sizes={THUMB_SIZES}
      width={item.image.width}
      height={item.image.height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={`${cover.cover} ${cover.square}`}
    />
  );
  return (
    <li>
      <Paper withBorder radius="md" className={classes.item}>
        {onOpen ? (
          <button
            type="button"
            className={classes.thumbButton}
            onClick={onOpen}
            aria-label={`Open ${alt}`}
          >
            {picture}
          </button>
        ) : (
          picture
        )}
        <div className={classes.meta}>
          {details}
          {caption ? (
            <Text size="sm" fw={600}>
              {caption}
            </Text>
          ) : null}
          <ItemFooter kind={descriptor} item={item} />
        </div>
      </Paper>
    </li>
  );
}

function TextList({
  descriptor,
  items,
}: ListProps<AnyTributeItem, Extract<TributeKindDescriptor, { display: 'text' }>>) {
  const field = descriptor.textField;
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <li key={item._id}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              <Text className={classes.prayerText}>
                {String((item as unknown as Record<string, unknown>)[field] ?? '')}
              </Text>
              <Group justify="space-between" align="flex-end" gap="xs">
                <ItemFooter kind={descriptor} item={item} />
              </Group>
            </Stack>
          </Paper>
        </li>
      ))}
    </ul>
  );
}

type Picture = Photo | Memorablia;

/** A gallery picture's caption and the day it shows, each only when the family gave it. */
function PictureDetails({ picture, size }: { picture: Picture; size: 'sm' | 'md' }) {
  if (!picture.caption && !picture.date) return null;
  return (
    <Stack gap={2} data-picture-details>
      {picture.caption ? (
        <Text size={size} fw={600} className={classes.caption}>
          {picture.caption}
        </Text>
      ) : null}
      {picture.date ? (
        <Text size="sm" c="dimmed">
          <time dateTime={picture.date}>{formatPictureDate(picture.date)}</time>
        </Text>
      ) : null}
    </Stack>
  );
}

const pictureAlt = (descriptor: TributeKindDescriptor, item: Picture, title: string) =>
  `${descriptor.label} of ${title} shared by ${authorOf(item)}`;

/** Photos or memorabilia as thumbnails; each opens the gallery full-screen, as a slideshow. */
function PictureGallery({ descriptor, items: pictures, title }: ListProps<Picture>) {
  const [openId, setOpenId] = useState<string | null>(null);
  const rememberOpener = useReturnFocus(openId !== null);
  // By id, so a picture added or removed while the slideshow is open does not shift it.
  const index = openId === null ? -1 : pictures.findIndex((p) => p._id === openId);
  return (
    <>
      <PictureGrid
        descriptor={descriptor}
        items={pictures}
        card={(item) => ({
          alt: pictureAlt(descriptor, item, title),
          caption:
            item.name && item.name !== item.owner.fullName ? `Shared as ${item.name}` : undefined,
          details: <PictureDetails picture={item} size="sm" />,
          onOpen: () => {
            rememberOpener();
            setOpenId(item._id);
          },
        })}
      />
      {/* Loaded and mounted only while a picture is open. */}
      {index >= 0 ? (
        <Suspense fallback={null}>
          <Slideshow
            pictures={pictures}
            index={index}
            title={(picture) => `${descriptor.label} shared by ${authorOf(picture)}`}
            onIndex={(to) => setOpenId(pictures[to]!._id)}
            onClose={() => setOpenId(null)}
            alt={(picture) => pictureAlt(descriptor, picture, title)}
            details={(picture) => (
              <Stack gap={4}>
                <PictureDetails picture={picture} size="md" />
                <Byline item={picture} />
              </Stack>
            )}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function DocumentRow({
  descriptor,
  document,
}: {
  descriptor: TributeKindDescriptor;
  document: MemorialDocument;
}) {
  // The title the family gave it, else the file's own name.
  const heading = document.title || document.fileName;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {document.title ? `${document.fileName}, ` : ''}
            {formatFileSize(document.sizeBytes)}
          </Text>
          <Byline item={document} />
        </Stack>
        <Group gap="xs">
          <RemoveIfAllowed kind={descriptor} item={document} />
          <ReportIfAllowed kind={descriptor} item={document} />
          <TaskButton
            variant="light"
            task={() => downloadDocument(document).catch(() => notify.error(DOWNLOAD_FAILED))}
            aria-label={`Download ${heading}`}
          >
            Download
          </TaskButton>
        </Group>
      </Group>
    </Paper>
  );
}
