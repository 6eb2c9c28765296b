import { Anchor, Button, Checkbox, PasswordInput, Progress, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { RegisterFieldsSchema, type RegisterFields } from '@rips/shared/users';
import { AvatarPicker } from '@/components/avatar-picker';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { focusFirstInvalid, hasErrors, toFormErrors, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { register } from '../api/auth.api';

export const SIGN_UP_SUCCESS = 'User Registered Successfully';
export const AVATAR_REQUIRED = 'Please select an avatar image.';
export const EMAIL_TAKEN = 'Email Already Exists';
export const USERNAME_TAKEN = 'Username Already Exists';
export const SIGN_UP_FAILED = 'An error occurred during sign-up. Please try again.';

const TEXT_FIELDS = ['fullName', 'email', 'userName', 'password'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Field = TextField | 'avatar';
const FIELDS: readonly Field[] = [...TEXT_FIELDS, 'avatar'];

/** Spec section 8: the duplicate texts; a validation answer in the server's words; else the fallback. */
function describeFailure(error: unknown): { message: string; fields: FormErrors<Field> } {
  if (!(error instanceof ApiError)) return { message: SIGN_UP_FAILED, fields: {} };
  if (error.code === 'EMAIL_TAKEN') return { message: EMAIL_TAKEN, fields: { email: EMAIL_TAKEN } };
  if (error.code === 'USERNAME_TAKEN') {
    return { message: USERNAME_TAKEN, fields: { userName: USERNAME_TAKEN } };
  }
  // 400 validation, 413/422 unusable image, 429 too many sign-ups: the server's words help most.
  if ([400, 413, 422, 429].includes(error.status) && error.message) {
    const fields = toFormErrors(error.errors, FIELDS);
    if ((error.status === 413 || error.status === 422) && !fields.avatar) {
      fields.avatar = error.message;
    }
    return { message: error.message, fields };
  }
  return { message: SIGN_UP_FAILED, fields: {} };
}

export function SignUpForm() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<TextField, string>>({
    fullName: '',
    email: '',
    userName: '',
    password: '',
  });
  const [avatar, setAvatar] = useState<File | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [progress, setProgress] = useState<number | null>(null);

  const mutation = useMutation({
    mutationFn: (input: RegisterFields & { avatar: File }) => register(input, setProgress),
    onSuccess: () => {
      notify.success(SIGN_UP_SUCCESS);
      void navigate(paths.login.href());
    },
    onError: (error) => {
      const { message, fields } = describeFailure(error);
      setErrors(fields);
      notify.error(message);
      if (hasErrors(fields)) requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    },
    onSettled: () => setProgress(null),
  });

  function setField(field: TextField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = RegisterFieldsSchema.safeParse(values);
    const next: FormErrors<Field> = parsed.success ? {} : toFormErrors(parsed.error.issues, FIELDS);
    if (!avatar) {
      next.avatar = AVATAR_REQUIRED;
      notify.error(AVATAR_REQUIRED);
    }
    setErrors(next);
    if (!parsed.success || !avatar) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate({ ...parsed.data, avatar });
  }

  const inputProps = (field: TextField) => ({
    name: field,
    required: true,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setField(field, event.currentTarget.value),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Full Name" autoComplete="name" {...inputProps('fullName')} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...inputProps('email')}
        />
        <TextInput
          label="Username"
          description="Letters, digits, dots, dashes and underscores."
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...inputProps('userName')}
        />
        <PasswordInput
          label="Password"
          description="At least 8 characters, with a letter and a digit."
          autoComplete="new-password"
          {...inputProps('password')}
        />
        <AvatarPicker
          required
          value={avatar}
          error={errors.avatar}
          onChange={(file) => {
            setAvatar(file);
            if (errors.avatar) setErrors((e) => ({ ...e, avatar: undefined }));
          }}
        />
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
        {progress !== null && progress < 1 ? (
          <Progress
            value={Math.round(progress * 100)}
            size="sm"
            aria-label="Uploading your avatar"
            transitionDuration={150}
          />
        ) : null}
      </Stack>
    </form>
  );
}
