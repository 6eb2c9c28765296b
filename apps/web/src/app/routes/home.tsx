import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import classes from './home.module.css';

const FEATURES = [
  {
    title: 'Create a memorial',
    text: 'Gather a photo, the important dates and places, and the words that describe a life well lived.',
  },
  {
    title: 'Leave flowers and prayers',
    text: 'Friends and family near and far can pay their respects and leave a few kind words.',
  },
  {
    title: 'Keep a life legacy',
    text: 'Record your own accomplishments, relationships and hopes, for the people who come after you.',
  },
] as const;

function CallToAction() {
  const { isAuthenticated, user } = useSession();
  if (isAuthenticated) {
    return (
      <Stack gap="sm" align="flex-start">
        {user ? <Text fw={500}>Welcome back, {user.fullName}.</Text> : null}
        <Button component={Link} to={paths.memoriams.href()} size="md">
          Browse memorials
        </Button>
      </Stack>
    );
  }
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

export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <section className={classes.hero} aria-labelledby="home-title">
        <Container size="lg" py={{ base: 56, sm: 88 }} className={classes.heroGrid}>
          <Stack gap="lg" maw={640}>
            <Text className={classes.eyebrow}>Virtual memorials</Text>
            <Title order={1} id="home-title" className={classes.title}>
              A gentle place to remember the people we love
            </Title>
            <Text size="lg" className={classes.lead}>
              Rips Memorial keeps the stories of those who have passed: their photos, their places
              and the traits that made them who they were. Family and friends can visit at any time
              to leave flowers and prayers, and to feel close again.
            </Text>
            <CallToAction />
          </Stack>
          <figure className={classes.quote}>
            <blockquote className={classes.quoteText}>
              “What we have once enjoyed we can never lose. All that we love deeply becomes a part
              of us.”
            </blockquote>
            <figcaption className={classes.quoteAuthor}>Helen Keller</figcaption>
          </figure>
        </Container>
      </section>

      <Container size="lg" py={{ base: 48, sm: 72 }}>
        <Title order={2} ta="center" mb={{ base: 'lg', sm: 'xl' }}>
          How Rips Memorial helps
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Paper key={feature.title} withBorder radius="lg" p="lg" className={classes.card}>
              <Title order={3} size="h4" mb="xs">
                {feature.title}
              </Title>
              <Text c="dimmed">{feature.text}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
