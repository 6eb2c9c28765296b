import { LoginForm } from '@/features/auth/components/login-form';
import { EntryPage } from './entry-page';

export default function LoginPage() {
  return (
    <EntryPage title="Login">
      <LoginForm />
    </EntryPage>
  );
}
