import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export const PASSWORD_HINT = 'At least 8 characters, with a letter and a digit.';

interface NewPasswordFieldsProps {
  /** The form's props for `newPassword` and `confirmNewPassword`. */
  newPassword: GetInputPropsReturnType;
  confirmNewPassword: GetInputPropsReturnType;
}

/** A new password typed twice: the reset form, the page its link opens, Change Password. */
export function NewPasswordFields({ newPassword, confirmNewPassword }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label="New Password"
        name="newPassword"
        description={PASSWORD_HINT}
        autoComplete="new-password"
        required
        {...newPassword}
      />
      <PasswordInput
        label="Confirm New Password"
        name="confirmNewPassword"
        autoComplete="new-password"
        required
        {...confirmNewPassword}
      />
    </>
  );
}
