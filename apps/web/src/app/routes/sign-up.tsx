import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CardPage } from '@/components/card-page';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function SignUpPage() {
  useDocumentTitle('Sign Up');
  return (
    <CardPage
      title="Sign Up"
      intro="Join Rips Memorial to honour the people you love and to keep your own life legacy."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login.href()} fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <SignUpForm />
    </CardPage>
  );
}
