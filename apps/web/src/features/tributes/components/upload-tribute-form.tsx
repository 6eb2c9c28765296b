import { Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  DOCUMENT_ACCEPT,
  GALLERY_FILE_FIELDS,
  GALLERY_FILE_REQUIRED,
  GALLERY_NAME_MAX,
  GalleryUploadFieldsSchema,
} from '@rips/shared/galleries';
import { FileField, IMAGE_ACCEPT } from '@/components/file-field';
import { FormActions } from '@/components/form-actions';
import { TRIBUTE_KINDS } from '@/config/tribute-kinds';
import { requiredFile } from '@/lib/file-fields';
import { notify } from '@/lib/notify';
import type { z } from 'zod';
import { useZodForm } from '@/lib/use-zod-form';
import { useLeaveTribute } from '../api/tributes.mutations';
import { failureText } from '../lib/format';
import { UploadStatus } from './upload-status';

export type UploadKind = keyof typeof GALLERY_FILE_FIELDS;

const ACCEPT = { image: IMAGE_ACCEPT, document: DOCUMENT_ACCEPT } as const;

/** The shared upload fields, and the file under the kind's own field name. */
type UploadSchema = z.ZodType<
  { name?: string | undefined } & Record<string, unknown>,
  Record<string, unknown>
>;

interface UploadTributeFormProps {
  kind: UploadKind;
  postId: string;
  /** Prefills "Your Name". */
  fullName: string;
  onDone: () => void;
  onCancel: () => void;
}

/** The spec's Add Photo, Add Memorablia and Add Document forms, with preview and upload progress. */
export function UploadTributeForm({
  kind,
  postId,
  fullName,
  onDone,
  onCancel,
}: UploadTributeFormProps) {
  const descriptor = TRIBUTE_KINDS[kind];
  // The file goes under the field name the spec gives it, so the server's messages find it.
  const fileField = GALLERY_FILE_FIELDS[kind];
  const schema: UploadSchema = useMemo(
    () =>
      GalleryUploadFieldsSchema.extend({ [fileField]: requiredFile(GALLERY_FILE_REQUIRED[kind]) }),
    [fileField, kind],
  );
  const form = useZodForm(schema, {
    initialValues: { postId, name: fullName, [fileField]: null },
  });
  const [progress, setProgress] = useState(0);
  const mutation = useLeaveTribute(kind);
  const file = form.values[fileField] as File | null;

  const onSubmit = form.handleSubmit(
    (input) => {
      const body = new FormData();
      body.set('postId', postId);
      // A disabled field is not part of a form: documents are shared under the account's name.
      if (descriptor.nameEditable && input.name !== undefined) body.set('name', input.name);
      body.set(fileField, input[fileField] as File);
      setProgress(0);
      mutation.mutate(
        { postId, body, onProgress: setProgress },
        {
          onSuccess: () => {
            notify.success(descriptor.success);
            onDone();
          },
          onError: (error) => {
            form.showServerErrors(error, { fileField });
            notify.error(failureText(descriptor.failure, error));
          },
        },
      );
    },
    (errors) => {
      const missing = errors[fileField];
      if (typeof missing === 'string') notify.error(missing);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <TextInput
          label="Your Name"
          maxLength={GALLERY_NAME_MAX}
          disabled={!descriptor.nameEditable}
          {...form.getInputProps('name')}
        />
        <FileField
          label={descriptor.fileLabel}
          accept={ACCEPT[descriptor.accept]}
          required
          placeholder="No file chosen"
          clearLabel="Remove the file"
          data-autofocus
          {...form.getInputProps(fileField)}
        />
        <UploadStatus
          picture={descriptor.accept === 'image' ? file : null}
          progress={mutation.isPending ? progress : null}
        />
        <FormActions
          submitLabel={descriptor.submitLabel}
          busy={mutation.isPending}
          cancel={onCancel}
        />
      </Stack>
    </form>
  );
}
