import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { EntryPage } from './entry-page';

export default function SignUpPage() {
  return (
    <EntryPage title="Sign Up">
      <SignUpForm />
    </EntryPage>
  );
}
