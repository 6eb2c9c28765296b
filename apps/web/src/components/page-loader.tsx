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

/** The spinner standing in for a page's content (a memorial, a list) until its data arrives. */
export function ContentLoader({ label, py }: { label: string; py: number }) {
  return (
    <Center py={py} role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </Center>
  );
}

/** A small spinner inside a page while one part of it loads; `label` says what, to screen readers. */
export function SectionLoader({ label, py = 'lg' }: { label: string; py?: 'md' | 'lg' | 'xl' }) {
  return (
    <Center py={py} role="status">
      <Loader size="sm" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </Center>
  );
}
