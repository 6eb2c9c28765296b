import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, memo, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { tributesAwaitingApproval } from '@rips/shared/kinds';
import type { MemorialAbilities, MemorialDetail } from '@rips/shared/memorials';
import { VISIBILITY_LABELS } from '@rips/shared/visibility';
import { ContentLoader } from '@/components/page-loader';
import { MemorialPhoto } from '@/components/memorial-photo';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useReturnFocus } from '@/lib/use-return-focus';
import { memorialQuery } from '../api/memorials.api';
import { formatLongDate, lifeSpan, NO_ABILITIES } from '../lib/format';
import { AddContributor } from './add-contributor';
import { CalendarLinks } from './calendar-links';
import { ShareIcon } from './icons';
import { ContributorList } from './contributor-list';
import { ExportMemorialButton } from './export-memorial-button';
import { LikeButton } from './like-button';
import classes from './memorials.module.css';
import { MemorialNotFound } from './memorial-not-found';
import { TraitBadges } from './trait-badges';

// Only owners edit: the form (date pickers, validation rules) loads when they open it.
const EditMemorialModal = lazy(() =>
  import('./edit-memorial-modal').then((m) => ({ default: m.EditMemorialModal })),
);
// The Share dialog loads when someone opens it.
const ShareDialog = lazy(() => import('./share-dialog').then((m) => ({ default: m.ShareDialog })));

export interface MemorialPageProps {
  /**
   * Tributes and galleries, mounted below the details by the router. `abilities` is null while
   * the viewer's rights are not known yet (see MemorialPage).
   */
  extras?: (memorial: MemorialDetail, abilities: MemorialAbilities | null) => ReactNode;
  /**
   * What a viewer who may not see the memorial gets instead of `fallback` (the plain not-found),
   * mounted by the router: a private memorial that takes requests offers to ask to join.
   */
  notFound?: (id: string, fallback: ReactNode) => ReactNode;
}

/** /post/{_id}: one memorial, with the owner's tools and whatever `extras` adds below. */
export function MemorialPage({ extras, notFound }: MemorialPageProps) {
  const { id = '' } = useParams();
  const query = useQuery(memorialQuery(id));
  useDocumentTitle(query.data?.title ?? 'Memorial');
  // The server says what the viewer may do (the server renders the page as its viewer too); an
  // answer without them grants nothing.
  const abilities = query.data ? (query.data.abilities ?? NO_ABILITIES) : null;
  // A change of the memorial (a member's own view arriving, an edit) re-renders the page as a
  // deferred update, which React splits into short tasks instead of one long one.
  const deferredMemorial = useDeferredValue(query.data);
  const deferredAbilities = useDeferredValue(abilities);

  if (query.isPending) {
    return <ContentLoader py={96} label="Loading the memorial…" />;
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    const shown = <MemorialNotFound missing={missing} />;
    return missing && notFound ? notFound(id, shown) : shown;
  }
  return (
    <MemorialView
      memorial={deferredMemorial ?? query.data}
      abilities={deferredAbilities}
      extras={extras}
    />
  );
}

const MemorialView = memo(function MemorialView({
  memorial,
  abilities,
  extras,
}: {
  memorial: MemorialDetail;
  abilities: MemorialAbilities | null;
  extras: MemorialPageProps['extras'];
}) {
  return (
    <Container py={{ base: 24, sm: 48 }}>
      <Stack gap="xl">
        <MemorialDetails memorial={memorial} abilities={abilities} />
        {extras ? extras(memorial, abilities) : null}
      </Stack>
    </Container>
  );
});

/** For those who manage the memorial: how many tributes wait, linking to where they approve them. */
function PendingTributesNotice({ memorial }: { memorial: MemorialDetail }) {
  const count = memorial.pendingTributes ?? 0;
  if (count === 0) return null;
  return (
    <Alert color="orange" variant="light" className="no-print">
      <Anchor component={Link} to={paths.manage.href(memorial._id, 'moderation')} fw={600}>
        {tributesAwaitingApproval(count)}
      </Anchor>
    </Alert>
  );
}

function MemorialDetails({
  memorial,
  abilities,
}: {
  memorial: MemorialDetail;
  abilities: MemorialAbilities | null;
}) {
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState(false);
  // The modal mounts already open (it is loaded on demand): focus goes back to Edit on close.
  const rememberOpener = useReturnFocus(editing);
  const rememberShareOpener = useReturnFocus(sharing);
  const span = lifeSpan(memorial.dateOfBirth, memorial.deathDate);
  const facts: Array<[string, string | null]> = [
    ['Date of Birth', formatLongDate(memorial.dateOfBirth)],
    ['Birth Place', memorial.birthPlace || null],
    ['Death Date', formatLongDate(memorial.deathDate)],
    ['Burial', memorial.burial || null],
    ['Plot', memorial.plot || null],
  ];
  return (
    <Grid gap={{ base: 'lg', md: 40 }} align="flex-start">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <MemorialPhoto
          memorial={memorial}
          sizes="(max-width: 991px) 100vw, 460px"
          eager
          className={classes.photo}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <div>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {memorial.title}
            </Title>
            {span ? (
              <Text size="lg" mt={4} data-life-span>
                {span}
              </Text>
            ) : null}
            <Text c="dimmed" mt={4}>
              sponsored by {memorial.owner.fullName}
            </Text>
          </div>
          <PendingTributesNotice memorial={memorial} />
          <dl className={classes.facts}>
            {facts.map(([label, value]) => (
              <FactRow key={label} label={label} value={value} />
            ))}
            <FactRow label="Memorial ID" value={memorial._id} />
          </dl>
          {memorial.description ? (
            <Text className={classes.description}>{memorial.description}</Text>
          ) : null}
          <TraitBadges tags={memorial.tags} />
          <Group gap="sm">
            <LikeButton memorial={memorial} />
            <Button
              variant="default"
              leftSection={<ShareIcon />}
              onClick={() => {
                rememberShareOpener();
                setSharing(true);
              }}
            >
              Share
            </Button>
          </Group>
          {memorial.calendarUrl && (memorial.dateOfBirth || memorial.deathDate) ? (
            <CalendarLinks url={memorial.calendarUrl} />
          ) : null}
          {!memorial.indexable ? <meta name="robots" content="noindex" /> : null}
          {memorial.visibility !== 'public' ? (
            <Text size="sm" c="dimmed">
              {VISIBILITY_LABELS[memorial.visibility].note}
            </Text>
          ) : null}
          {abilities?.update || abilities?.addContributor || abilities?.export ? (
            <Paper withBorder radius="md" p="md" className="no-print">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Manage this Rip
                </Title>
                {abilities.addContributor ? (
                  <>
                    <AddContributor memorial={memorial} />
                    <ContributorList memorial={memorial} />
                  </>
                ) : null}
                {abilities.update || abilities.export ? (
                  <Group>
                    {abilities.manage ? (
                      <Button component={Link} to={paths.manage.href(memorial._id)}>
                        Privacy, people and moderation
                      </Button>
                    ) : null}
                    {abilities.export ? <ExportMemorialButton memorialId={memorial._id} /> : null}
                    {abilities.update ? (
                      <Button
                        variant="default"
                        onClick={() => {
                          rememberOpener();
                          setEditing(true);
                        }}
                      >
                        Edit
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      </Grid.Col>
      {sharing ? (
        <Suspense fallback={null}>
          <ShareDialog memorial={memorial} opened onClose={() => setSharing(false)} />
        </Suspense>
      ) : null}
      {abilities?.update && editing ? (
        <Suspense fallback={null}>
          <EditMemorialModal memorial={memorial} opened onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </Grid>
  );
}

function FactRow({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {value ?? (
          <Text component="span" c="dimmed">
            Not given
          </Text>
        )}
      </dd>
    </>
  );
}
