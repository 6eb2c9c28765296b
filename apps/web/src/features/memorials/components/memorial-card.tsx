import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { MemorialSummary } from '@rips/shared/memorials';
import { MemorialPhoto } from '@/components/memorial-photo';
import { paths } from '@/config/paths';
import { CARD_IMAGE_SIZES, lifeSpan } from '../lib/format';
import { HeartIcon } from './icons';
import classes from './memorials.module.css';
import { TraitBadges } from './trait-badges';

/** One memorial in the grid; the whole card is one link to its page. */
export function MemorialCard({
  memorial,
  eager = false,
}: {
  memorial: MemorialSummary;
  eager?: boolean;
}) {
  const likes = memorial.reactions;
  // Two people of the same name are told apart by their dates and birth place.
  const span = lifeSpan(memorial.dateOfBirth, memorial.deathDate);
  return (
    <Card
      component={Link}
      to={paths.post.href(memorial._id)}
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      className={classes.card}
    >
      <Card.Section>
        <MemorialPhoto memorial={memorial} sizes={CARD_IMAGE_SIZES} eager={eager} card />
      </Card.Section>
      <Stack gap="xs" mt="md" className={classes.cardBody}>
        <Title order={2} size="h4" className={classes.cardTitle}>
          {memorial.title}
        </Title>
        {span || memorial.birthPlace ? (
          <Text size="sm" fw={500} data-card-facts>
            {[span, memorial.birthPlace ? `Born in ${memorial.birthPlace}` : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
        {memorial.description ? (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {memorial.description}
          </Text>
        ) : null}
        <TraitBadges tags={memorial.tags} max={6} />
        <Group gap={6} mt="auto" pt="xs" c="dimmed">
          <HeartIcon filled={memorial.likedByMe} />
          <Text size="sm" c="dimmed">
            {likes === 1 ? '1 like' : `${likes} likes`}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
