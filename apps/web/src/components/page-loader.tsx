import { Center, Loader } from '@mantine/core';

/** Shown while a page's code arrives; the label is announced, the spinner is not. */
export function PageLoader() {
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Loader size="md" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </Center>
  );
}
