import { Button, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { LegendSummary } from '@rips/shared/home';
import cover from '@/components/cover.module.css';
import { MemorialPhoto } from '@/components/memorial-photo';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/use-session';
import { useHonoredLegends } from '../api/home.api';
import { HomeSection } from './home-section';
import classes from './home.module.css';

const CARD_SIZES = '(max-width: 575px) calc(100vw - 2rem), (max-width: 991px) 45vw, 340px';

function years(legend: LegendSummary): string | null {
  const born = legend.dateOfBirth?.slice(0, 4);
  const died = legend.deathDate?.slice(0, 4);
  if (born && died) return `${born} – ${died}`;
  if (died) return `Passed in ${died}`;
  if (born) return `Born in ${born}`;
  return null;
}

function LegendCard({ legend }: { legend: LegendSummary }) {
  const lifespan = years(legend);
  const likes = legend.reactions;
  return (
    <li className={classes.legend}>
      <MemorialPhoto memorial={legend} sizes={CARD_SIZES} card />
      <div className={classes.legendBody}>
        <Title order={3} size="h4" className={classes.legendTitle}>
          {/* The whole card is clickable through this link's stretched area. */}
          <Link to={paths.post.href(legend._id)} className={classes.legendLink}>
            {legend.title}
          </Link>
        </Title>
        {lifespan ? (
          <Text size="sm" className={classes.legendMeta}>
            {lifespan}
          </Text>
        ) : null}
        {legend.description ? (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {legend.description}
          </Text>
        ) : null}
        {likes > 0 ? (
          <Text size="sm" c="dimmed" mt="auto" pt="xs">
            {likes === 1 ? 'Loved by 1 member' : `Loved by ${likes} members`}
          </Text>
        ) : null}
      </div>
    </li>
  );
}

function LegendSkeletons() {
  return (
    <ul className={classes.legendGrid} aria-hidden="true">
      {[0, 1, 2].map((key) => (
        <li key={key} className={`${classes.legend} ${classes.legendSkeleton}`}>
          <div className={cover.initials} />
          <div className={classes.legendBody}>
            <span className={classes.skeletonLine} />
            <span className={classes.skeletonLine} data-short />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Memorials an admin chose to honor, or the most loved ones; straight from the database. */
export function HonoredLegends() {
  const { data, isPending, isError } = useHonoredLegends();
  const { isSponsor } = useSession();
  const featured = data?.selection === 'featured';

  return (
    <HomeSection
      id="home-legends"
      title="Honored legends"
      muted
      lead={
        featured
          ? 'Lives our community has chosen to honor. Visit their pages and leave a flower.'
          : 'The memorials our visitors have loved the most. Visit their pages and leave a flower.'
      }
    >
      {/* Only the loading note is a live region: announcing six whole cards would drown it out. */}
      <div aria-busy={isPending}>
        {isPending ? (
          <>
            <LegendSkeletons />
            <span className="visually-hidden" role="status">
              Loading honored legends…
            </span>
          </>
        ) : isError ? (
          <Text ta="center" c="dimmed" role="status">
            The honored legends could not be loaded just now. Please try again in a moment.
          </Text>
        ) : data.legends.length === 0 ? (
          <div className={classes.emptyLegends}>
            <Text>No memorials to honor yet: the ones our visitors love will appear here.</Text>
            {isSponsor ? (
              <Button component={Link} to={paths.createPost.href()} variant="light">
                Create the first Rip
              </Button>
            ) : null}
          </div>
        ) : (
          <ul className={classes.legendGrid}>
            {data.legends.map((legend) => (
              <LegendCard key={legend._id} legend={legend} />
            ))}
          </ul>
        )}
      </div>
    </HomeSection>
  );
}
