import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CardPage } from '@/components/card-page';
import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function LoginPage() {
  useDocumentTitle('Login');
  return (
    <CardPage
      title="Login"
      intro="Log in to visit the memorials you follow and to leave flowers and prayers."
      footer={
        <>
          New to Rips Memorial?{' '}
          <Anchor component={Link} to={paths.signUp.href()} fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <LoginForm />
    </CardPage>
  );
}
