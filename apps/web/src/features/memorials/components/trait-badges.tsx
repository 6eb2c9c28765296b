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
    <Group gap={6} aria-label="Traits">
      {tags.slice(0, max).map((tag) => (
        <Badge
          key={tag}
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
