import { Container, Stack, Text, Title } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { HomeCallToAction } from '@/features/home/components/home-call-to-action';
import { ReadyCards } from '@/features/stewardship/ready-cards';
import {
  ClosingCallToAction,
  CommunityQuotes,
  FeaturesList,
  HowItWorks,
} from '@/features/home/components/home-sections';
import { HeroVideo } from '@/features/home/components/hero-video';
import { HonoredLegends } from '@/features/home/components/honored-legends';
import classes from '@/features/home/components/home.module.css';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * False on the first render, true right after it, as a transition: the sections below the hero
 * then render in small interruptible slices instead of one long task before the first paint
 * (Total Blocking Time). They sit below the fold and the footer is pushed past it too, so
 * nothing visible moves when they arrive.
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}

/** The landing page (docs/product.md §1): hero, features, how it works, legends, quotes, call to action. */
export function HomePage() {
  useDocumentTitle();
  const showSections = useAfterFirstPaint();
  return (
    <>
      <section className={classes.hero} aria-labelledby="home-title">
        <Container size="lg" className={classes.heroGrid}>
          <Stack gap="lg" maw={620}>
            <p className={classes.eyebrow}>Virtual memorials</p>
            <Title order={1} id="home-title" className={classes.title}>
              A gentle place to remember the people we love
            </Title>
            <Text size="lg" className={classes.lead}>
              Rips Memorial keeps the stories of those who have passed: their photos, their places
              and the traits that made them who they were. Family and friends can visit at any time
              to leave flowers and prayers, and to feel close again.
            </Text>
            <ReadyCards />
            <HomeCallToAction />
          </Stack>
          <HeroVideo />
        </Container>
      </section>
      {showSections ? (
        <>
          <FeaturesList />
          <HowItWorks />
          <HonoredLegends />
          <CommunityQuotes />
          <ClosingCallToAction />
        </>
      ) : null}
    </>
  );
}
