import {
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MemorialSummary } from '@rips/shared/memorials';
import { ContentLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { useSession } from '@/lib/use-session';
import { memorialListQuery } from '../api/memorials.api';
import { useBecomeSponsor } from '../api/memorials.mutations';
import { SearchIcon } from './icons';
import { MemorialCard } from './memorial-card';
import classes from './memorials.module.css';

export const EMPTY_TEXT = 'No posts found matching your query.';
const SPONSOR_SUCCESS = 'You are now a sponsor!';
const SPONSOR_FAILED = 'Failed to update your role. Please try again.';

/** /memoriams: every memorial, newest first, searched as the visitor types. */
export function MemoriamsPage() {
  useDocumentTitle('Memoriams');
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const urlQuery = params.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const [debounced] = useDebouncedValue(text, 300);
  const query = debounced.trim();

  // The address we wrote ourselves, so typing on after a debounce is never overwritten by it.
  const written = useRef(urlQuery);

  // The search is shareable: the address follows the box (without a history entry per letter).
  // Only a change of the box writes it: an address that changed by itself (a link to another
  // search, back, forward) moves the box below instead of being written back over.
  useEffect(() => {
    if (query === urlQuery.trim() || query === written.current.trim()) return;
    const next = new URLSearchParams(params);
    if (query) next.set('q', query);
    else next.delete('q');
    written.current = query;
    setParams(next, { replace: true });
  }, [query, urlQuery, params, setParams]);

  // Back, forward or a shared link move the box with the address.
  useEffect(() => {
    if (urlQuery === written.current) return;
    written.current = urlQuery;
    setText(urlQuery);
  }, [urlQuery]);

  const list = useInfiniteQuery(memorialListQuery(query));
  const memorials = list.data?.pages.flatMap((p) => p.items) ?? [];
  const suggestions = list.data?.pages[0]?.suggestions ?? [];

  return (
    <>
      <Box className={classes.hero} py={{ base: 40, sm: 64 }}>
        <Container>
          <Stack gap="md" align="center" ta="center">
            <Title order={1}>Memoriams</Title>
            <Text size="lg" c="dimmed" maw={560}>
              Remember the people we love. Find a Rip by name, by a word of its story, or by a
              trait.
            </Text>
            <Group w="100%" maw={640} gap="sm" wrap="nowrap" align="flex-end">
              <TextInput
                label="Search Rips"
                labelProps={{ className: 'visually-hidden' }}
                type="search"
                placeholder="Search Rip's..."
                leftSection={<SearchIcon />}
                size="md"
                radius="xl"
                // Rendered on the server: typing waits until the app can search.
                readOnly={!hydrated}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                style={{ flex: 1 }}
              />
            </Group>
            <AddRipAction />
          </Stack>
        </Container>
      </Box>
      <Container py="xl">
        <MemorialResults
          status={list.status}
          memorials={memorials}
          suggestions={suggestions}
          hasMore={Boolean(list.hasNextPage)}
          loadingMore={list.isFetchingNextPage}
          loadMore={() => void list.fetchNextPage()}
          searching={list.isFetching && !list.isFetchingNextPage}
        />
      </Container>
    </>
  );
}

interface ResultsProps {
  status: 'pending' | 'error' | 'success';
  memorials: MemorialSummary[];
  /** Names near a search that found nothing, nearest first. */
  suggestions: string[];
  hasMore: boolean;
  loadingMore: boolean;
  searching: boolean;
  loadMore: () => void;
}

function MemorialResults({
  status,
  memorials,
  suggestions,
  hasMore,
  loadingMore,
  searching,
  loadMore,
}: ResultsProps) {
  const sentinel = useRef<HTMLDivElement>(null);

  // More results arrive as the visitor nears the end; the button does the same by hand.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loadingMore) loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, loadMore]);

  if (status === 'pending') {
    return <ContentLoader py={64} label="Loading memorials…" />;
  }
  if (status === 'error') {
    return (
      <Text ta="center" c="dimmed" py={48} role="status">
        We could not load the memorials just now. Please try again in a moment.
      </Text>
    );
  }
  return (
    <Stack gap="xl">
      <div role="status" aria-live="polite" className="visually-hidden">
        {searching
          ? 'Searching…'
          : memorials.length === 0
            ? EMPTY_TEXT
            : `${memorials.length}${hasMore ? '+' : ''} memorials shown`}
      </div>
      {memorials.length === 0 ? (
        <Stack gap="xs" py={48} align="center">
          <Text ta="center" c="dimmed" size="lg">
            {EMPTY_TEXT}
          </Text>
          <DidYouMean names={suggestions} />
        </Stack>
      ) : (
        <div className={classes.grid} aria-busy={searching}>
          {memorials.map((memorial, index) => (
            <MemorialCard key={memorial._id} memorial={memorial} eager={index < 3} />
          ))}
        </div>
      )}
      <div ref={sentinel} aria-hidden="true" />
      {hasMore ? (
        <Center>
          <Button variant="light" onClick={loadMore} loading={loadingMore}>
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

/**
 * "Did you mean Eleanor Whitmore?" under an empty search: each name is a link to its own
 * search (the server offers only memorials the visitor may see; decision 0102).
 */
function DidYouMean({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <Text ta="center" size="lg" data-search-suggestions>
      Did you mean{' '}
      {names.map((name, index) => (
        <Fragment key={name}>
          {index === 0 ? '' : index === names.length - 1 ? ' or ' : ', '}
          <Anchor
            component={Link}
            to={`${paths.memoriams.href()}?${new URLSearchParams({ q: name })}`}
          >
            {name}
          </Anchor>
        </Fragment>
      ))}
      ?
    </Text>
  );
}

/** Sponsors add a Rip; members become sponsors first; signed-out visitors log in. */
function AddRipAction() {
  const { isAuthenticated, isSponsor } = useSession();
  const navigate = useNavigate();
  const mutation = useBecomeSponsor();
  const becomeSponsor = () =>
    mutation.mutate(undefined, {
      onSuccess: () => notify.success(SPONSOR_SUCCESS),
      // Self-service may be switched off: then the server says how to become one.
      onError: (error) =>
        notify.error(
          error instanceof ApiError && error.status === 403 ? error.message : SPONSOR_FAILED,
        ),
    });

  if (isSponsor) {
    return (
      <Button component={Link} to={paths.createPost.href()} size="md">
        Add a Rip
      </Button>
    );
  }
  return (
    <Button
      color="orange"
      size="md"
      classNames={{ root: classes.wrappingButton, label: classes.wrappingLabel }}
      loading={mutation.isPending}
      onClick={() =>
        isAuthenticated ? becomeSponsor() : void navigate(paths.login.href(paths.memoriams.href()))
      }
    >
      Become sponsor to Add the Rip's
    </Button>
  );
}
