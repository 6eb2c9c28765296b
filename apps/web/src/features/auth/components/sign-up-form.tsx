import { Anchor, Button, Checkbox, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  AVATAR_REQUIRED,
  EMAIL_TAKEN_MESSAGE,
  RegisterFieldsSchema,
  USERNAME_TAKEN_MESSAGE,
} from '@rips/shared/users';
import { AvatarPicker } from '@/components/avatar-picker';
import { PASSWORD_HINT } from '@/components/new-password-fields';
import { EmailInput, FullNameInput, UserNameInput } from '@/components/identity-inputs';
import { UploadProgress } from '@/components/upload-progress';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { requiredFile } from '@/lib/file-fields';
import { useAvatarSubmit } from '@/lib/use-avatar-submit';
import { useZodForm } from '@/lib/use-zod-form';
import { useNextOfEntry } from '@/lib/use-entry-links';
import { useRegister } from '../api/auth.api';

export const SIGN_UP_SUCCESS = 'User Registered Successfully';
export const SIGN_UP_FAILED = 'An error occurred during sign-up. Please try again.';

/** The register call's fields and the avatar the spec requires. */
const SignUpSchema = RegisterFieldsSchema.extend({ avatar: requiredFile(AVATAR_REQUIRED) });

/** docs/product.md §8: the duplicate texts; a refusal in the server's words; else the fallback. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SIGN_UP_FAILED;
  if (error.code === 'EMAIL_TAKEN') return EMAIL_TAKEN_MESSAGE;
  if (error.code === 'USERNAME_TAKEN') return USERNAME_TAKEN_MESSAGE;
  // 400 validation, 413/422 unusable image, 429 too many sign-ups: the server's words help most.
  if ([400, 413, 422, 429].includes(error.status) && error.message) return error.message;
  return SIGN_UP_FAILED;
}

export function SignUpForm() {
  const navigate = useNavigate();
  // The page that sent the visitor here: the login that follows leads back to it.
  const next = useNextOfEntry();
  const form = useZodForm(SignUpSchema, {
    initialValues: { fullName: '', email: '', userName: '', password: '', avatar: null },
  });
  // Shown, as the spec has it, but not enforced.
  const [agreed, setAgreed] = useState(false);
  const mutation = useRegister();
  const { onSubmit, progress } = useAvatarSubmit(form, mutation, {
    onSuccess: () => {
      form.notice.success(SIGN_UP_SUCCESS);
      void navigate(paths.login.href(next === paths.home.href() ? undefined : next));
    },
    failure: failureMessage,
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FullNameInput {...form.getInputProps('fullName')} />
        <EmailInput {...form.getInputProps('email')} />
        <UserNameInput
          description="Letters, digits, dots, dashes and underscores."
          {...form.getInputProps('userName')}
        />
        <PasswordInput
          label="Password"
          name="password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <AvatarPicker required {...form.getInputProps('avatar')} />
        <Checkbox
          checked={agreed}
          onChange={(event) => setAgreed(event.currentTarget.checked)}
          label={
            <>
              I agree to the{' '}
              <Anchor component={Link} to={paths.terms.href()} inherit>
                Terms and Conditions
              </Anchor>{' '}
              and the{' '}
              <Anchor component={Link} to={paths.policy.href()} inherit>
                Privacy Policy
              </Anchor>
              .
            </>
          }
        />
        <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
          Sign Up
        </Button>
        <UploadProgress progress={progress} label="Uploading your avatar" />
      </Stack>
    </form>
  );
}
