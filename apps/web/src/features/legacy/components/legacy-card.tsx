import { Paper } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/** One part of the Life Legacy's release pages: a bordered section named by its heading. */
export function LegacyCard({
  headingId,
  style,
  children,
}: {
  /** The id of the heading inside that names the section. */
  headingId: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={headingId}
      style={style}
    >
      {children}
    </Paper>
  );
}
