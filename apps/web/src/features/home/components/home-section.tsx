import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './home.module.css';

interface HomeSectionProps {
  id: string;
  title: string;
  lead?: string;
  /** The legends stand on a tinted band. */
  muted?: boolean;
  children: ReactNode;
}

/** One band of the home page below the hero: its heading, a line under it, its content. */
export function HomeSection({ id, title, lead, muted = false, children }: HomeSectionProps) {
  return (
    <section className={muted ? classes.sectionMuted : undefined} aria-labelledby={id}>
      <Container size="lg" className={classes.section}>
        <div className={classes.sectionHead}>
          <Title order={2} id={id}>
            {title}
          </Title>
          {lead ? (
            <Text c="dimmed" className={classes.sectionLead}>
              {lead}
            </Text>
          ) : null}
        </div>
        {children}
      </Container>
    </section>
  );
}
