import { Stack, TextInput } from '@mantine/core';
import { UpdateProfileFieldsSchema } from '@rips/shared/account';
import { AVATAR_REQUIRED, type SelfUser } from '@rips/shared/users';
import { AvatarPicker } from '@/components/avatar-picker';
import { FormModal, type ModalControl } from '@/components/form-modal';
import { FormActions } from '@/components/form-actions';
import { FullNameInput, UserNameInput } from '@/components/identity-inputs';
import { UploadProgress } from '@/components/upload-progress';
import { optionalFile, requiredFile } from '@/lib/file-fields';
import { useAvatarSubmit } from '@/lib/use-avatar-submit';
import { useZodForm } from '@/lib/use-zod-form';
import { useUpdateProfile } from '../api/account.api';

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_FAILED = 'An error occurred during profile update.';

/** An account that already has an avatar may keep it; one without must choose one. */
const KeepAvatarSchema = UpdateProfileFieldsSchema.extend({ avatar: optionalFile });
const NeedAvatarSchema = UpdateProfileFieldsSchema.extend({
  avatar: requiredFile(AVATAR_REQUIRED),
});

interface EditProfileModalProps extends ModalControl {
  user: SelfUser;
}

/** Spec: avatar picker with preview, read-only email, username, full name, Save and Cancel. */
export function EditProfileModal({ user, opened, onClose }: EditProfileModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Edit Profile">
      <EditProfileForm user={user} onClose={onClose} />
    </FormModal>
  );
}

function EditProfileForm({ user, onClose }: { user: SelfUser; onClose: () => void }) {
  const form = useZodForm(user.avatar ? KeepAvatarSchema : NeedAvatarSchema, {
    initialValues: { fullName: user.fullName, userName: user.userName, avatar: null },
  });
  const mutation = useUpdateProfile();
  const { onSubmit, progress } = useAvatarSubmit(form, mutation, {
    onSuccess: () => {
      form.notice.success(PROFILE_UPDATED);
      onClose();
    },
    failure: () => PROFILE_UPDATE_FAILED,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <AvatarPicker
          required={!user.avatar}
          currentSrc={user.avatar}
          {...form.getInputProps('avatar')}
        />
        <TextInput
          label="Email"
          value={user.email}
          readOnly
          description="Change it on the account details page."
        />
        <UserNameInput {...form.getInputProps('userName')} />
        <FullNameInput {...form.getInputProps('fullName')} />
        <UploadProgress progress={progress} label="Uploading your avatar" />
        <FormActions submitLabel="Save" busy={mutation.isPending} cancel={onClose} />
      </Stack>
    </form>
  );
}
