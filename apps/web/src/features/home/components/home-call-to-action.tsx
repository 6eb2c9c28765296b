import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/use-session';

/**
 * What to do next, for who is visiting: signed-out visitors are invited to join, sponsors to add
 * a Rip, and other members to visit the memoriams and write their own legacy.
 */
export function HomeCallToAction() {
  const { isAuthenticated, isSponsor } = useSession();

  if (!isAuthenticated) {
    return (
      <Group gap="sm">
        <Button component={Link} to={paths.signUp.href()} size="md">
          Sign Up
        </Button>
        <Button component={Link} to={paths.login.href()} size="md" variant="default">
          Login
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="sm">
      {isSponsor ? (
        <Button component={Link} to={paths.createPost.href()} size="md">
          Add a Rip
        </Button>
      ) : (
        <Button component={Link} to={paths.buildLegacy.href()} size="md">
          Build your legacy
        </Button>
      )}
      <Button component={Link} to={paths.memoriams.href()} size="md" variant="default">
        Visit the memoriams
      </Button>
    </Group>
  );
}
