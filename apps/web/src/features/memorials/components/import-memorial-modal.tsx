import { Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  IMPORT_ACCEPT,
  IMPORT_ARCHIVE_FIELD,
  IMPORT_ARCHIVE_REQUIRED,
} from '@rips/shared/archives';
import { FileField } from '@/components/file-field';
import { FormActions } from '@/components/form-actions';
import { FormModal } from '@/components/form-modal';
import { UploadProgress } from '@/components/upload-progress';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { requiredFile } from '@/lib/file-fields';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { useImportMemorial } from '../api/memorials.mutations';

const ImportFormSchema = z.object({
  [IMPORT_ARCHIVE_FIELD]: requiredFile(IMPORT_ARCHIVE_REQUIRED),
});
const IMPORT_FAILED = 'We could not import this archive. Please try again.';

/** "Import a memorial": a sponsor brings back a memorial exported from this or another site. */
export function ImportMemorialButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        Import a memorial
      </Button>
      <FormModal opened={opened} onClose={close} title="Import a memorial">
        <ImportMemorialForm onClose={close} />
      </FormModal>
    </>
  );
}

function ImportMemorialForm({ onClose }: { onClose: () => void }) {
  const form = useZodForm(ImportFormSchema, { initialValues: { archive: null } });
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useImportMemorial();
  const navigate = useNavigate();
  const onSubmit = form.handleSubmit((input) => {
    const body = new FormData();
    body.set(IMPORT_ARCHIVE_FIELD, input.archive);
    mutation.mutate(
      { body, onProgress: setProgress },
      {
        onSuccess: (imported) => {
          notify.success('The memorial was imported. You are its owner.');
          onClose();
          void navigate(paths.post.href(imported._id));
        },
        onError: (error) => {
          if (!form.showServerErrors(error, { fileField: IMPORT_ARCHIVE_FIELD })) {
            form.setFieldError(IMPORT_ARCHIVE_FIELD, errorMessage(error, IMPORT_FAILED));
          }
        },
        onSettled: () => setProgress(null),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Choose the .zip archive of a memorial (from “Export this memorial”). It is checked whole
          before anything is saved; you become the memorial’s owner, and the names of the people who
          left flowers, prayers and pictures are kept.
        </Text>
        <FileField
          label="Memorial archive"
          placeholder="Choose a .zip file"
          accept={IMPORT_ACCEPT}
          required
          clearLabel="Remove chosen archive"
          {...form.getInputProps(IMPORT_ARCHIVE_FIELD)}
        />
        <UploadProgress progress={progress} label="Uploading the archive" />
        <FormActions submitLabel="Import" busy={mutation.isPending} cancel={onClose} />
      </Stack>
    </form>
  );
}
