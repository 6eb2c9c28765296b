import { Button, Group, Modal, Progress, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { UpdateProfileFieldsSchema } from '@rips/shared/account';
import type { SelfUser } from '@rips/shared/users';
import { AvatarPicker } from '@/components/avatar-picker';
import { ApiError } from '@/lib/api-client';
import { focusFirstInvalid, toFormErrors, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { updateSession } from '@/lib/session';
import { updateProfile } from '../api/account.api';

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_FAILED = 'An error occurred during profile update.';
export const AVATAR_REQUIRED = 'Please select an avatar image.';
const USERNAME_TAKEN = 'Username Already Exists';

type Field = 'fullName' | 'userName' | 'avatar';
const FIELDS: readonly Field[] = ['fullName', 'userName', 'avatar'];

interface EditProfileModalProps {
  user: SelfUser;
  opened: boolean;
  onClose: () => void;
}

/** Spec: avatar picker with preview, read-only email, username, full name, Save and Cancel. */
export function EditProfileModal({ user, opened, onClose }: EditProfileModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Profile" size="md">
      {/* Mounted only while open, so every opening starts from the stored profile. */}
      {opened ? <EditProfileForm user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditProfileForm({ user, onClose }: { user: SelfUser; onClose: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [fullName, setFullName] = useState(user.fullName);
  const [userName, setUserName] = useState(user.userName);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [progress, setProgress] = useState<number | null>(null);

  const mutation = useMutation({
    mutationFn: () => updateProfile({ fullName, userName, avatar }, setProgress),
    onSuccess: ({ user: updated, roles }) => {
      updateSession({ user: updated, roles });
      notify.success(PROFILE_UPDATED);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') {
        setErrors({ userName: USERNAME_TAKEN });
      } else if (error instanceof ApiError && [400, 413, 422].includes(error.status)) {
        const fields = toFormErrors(error.errors, FIELDS);
        if (error.status !== 400 && !fields.avatar) fields.avatar = error.message;
        setErrors(fields);
      }
      notify.error(PROFILE_UPDATE_FAILED);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    },
    onSettled: () => setProgress(null),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UpdateProfileFieldsSchema.safeParse({ fullName, userName });
    const next: FormErrors<Field> = parsed.success ? {} : toFormErrors(parsed.error.issues, FIELDS);
    // An account that already has an avatar may keep it; one without must choose one.
    if (!avatar && !user.avatar) {
      next.avatar = AVATAR_REQUIRED;
      notify.error(AVATAR_REQUIRED);
    }
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate();
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <AvatarPicker
          required={!user.avatar}
          value={avatar}
          currentSrc={user.avatar}
          error={errors.avatar}
          onChange={(file) => {
            setAvatar(file);
            setErrors((e) => ({ ...e, avatar: undefined }));
          }}
        />
        <TextInput
          label="Email"
          value={user.email}
          readOnly
          description="Change it on the account details page."
        />
        <TextInput
          label="Username"
          name="userName"
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={userName}
          error={errors.userName}
          onChange={(event) => {
            setUserName(event.currentTarget.value);
            setErrors((e) => ({ ...e, userName: undefined }));
          }}
        />
        <TextInput
          label="Full Name"
          name="fullName"
          required
          autoComplete="name"
          value={fullName}
          error={errors.fullName}
          onChange={(event) => {
            setFullName(event.currentTarget.value);
            setErrors((e) => ({ ...e, fullName: undefined }));
          }}
        />
        {progress !== null && progress < 1 ? (
          <Progress
            value={Math.round(progress * 100)}
            size="sm"
            aria-label="Uploading your avatar"
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
