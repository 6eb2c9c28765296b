import { Anchor, Text } from '@mantine/core';

/**
 * The memorial's calendar feed of anniversaries: a `webcal:` link, which calendar apps take as a
 * subscription that keeps itself up to date, and the same file to download for apps that do not.
 * Plain links: nothing loads until someone follows one.
 */
export function CalendarLinks({ url }: { url: string }) {
  return (
    <Text size="sm" className="no-print">
      <Anchor href={url.replace(/^https?:/, 'webcal:')}>Add anniversaries to your calendar</Anchor>
      {' · '}
      <Anchor href={url} download="anniversaries.ics" style={{ whiteSpace: 'nowrap' }}>
        download the .ics file
      </Anchor>
    </Text>
  );
}
