import { Badge, Group, type MantineSize } from '@mantine/core';
import classes from './memorials.module.css';

/** A memorial's traits as badges (the spec's tags), the first `max` of them. */
export function TraitBadges({
  tags,
  max = tags.length,
  size = 'md',
}: {
  tags: string[];
  max?: number;
  size?: MantineSize;
}) {
  if (tags.length === 0) return null;
  return (
    // A named list: screen readers announce "Traits, list, 4 items" (an aria-label on a plain
    // div is not read at all).
    <Group gap={6} role="list" aria-label="Traits">
      {tags.slice(0, max).map((tag) => (
        <Badge
          key={tag}
          role="listitem"
          size={size}
          variant="light"
          color="sage"
          radius="sm"
          tt="none"
          className={classes.tag}
        >
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
