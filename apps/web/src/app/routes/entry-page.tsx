import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardPage } from '@/components/card-page';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNextOfEntry } from '@/lib/use-entry-links';

/** The two ways in, each with its line under the card that leads to the other. */
const ENTRY_PAGES = {
  Login: {
    intro: 'Log in to visit the memorials you follow and to leave flowers and prayers.',
    question: 'New to Rips Memorial?',
    other: { href: paths.signUp.href, label: 'Create an account' },
  },
  'Sign Up': {
    intro: 'Join Rips Memorial to honour the people you love and to keep your own life legacy.',
    question: 'Already have an account?',
    other: { href: paths.login.href, label: 'Log in' },
  },
} as const;

/** The card page of the login or the sign-up form, titled as its tab is. */
export function EntryPage({
  title,
  children,
}: {
  title: keyof typeof ENTRY_PAGES;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const { intro, question, other } = ENTRY_PAGES[title];
  // The other entry page leads back to the same page afterwards.
  const next = useNextOfEntry();
  const otherHref = other.href(next === paths.home.href() ? undefined : next);
  return (
    <CardPage
      title={title}
      intro={intro}
      footer={
        <>
          {question}{' '}
          <Anchor component={Link} to={otherHref} fw={600}>
            {other.label}
          </Anchor>
        </>
      }
    >
      {children}
    </CardPage>
  );
}
