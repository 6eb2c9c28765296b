import { Button, FileInput, Group, Progress, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DOCUMENT_ACCEPT, GALLERY_FILE_FIELDS, GALLERY_NAME_MAX } from '@rips/shared/galleries';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import {
  addDocument,
  addMemorablia,
  addPhoto,
  usePrependTribute,
  type TributeItems,
} from '../api/tributes.api';
import { failureText, serverReason } from '../lib/format';
import { TEXTS } from '../lib/texts';
import { useObjectUrl } from './flower-form';
import classes from './tributes.module.css';

export type GalleryKind = 'photos' | 'memorablias' | 'documents';

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

const SETUP = {
  photos: {
    fileLabel: 'Photo',
    missing: TEXTS.selectPhoto,
    accept: IMAGE_ACCEPT,
    submit: 'Add Photo',
    send: addPhoto,
  },
  memorablias: {
    fileLabel: 'Memorablia image',
    missing: TEXTS.selectMemorablia,
    accept: IMAGE_ACCEPT,
    submit: 'Add Memorablia',
    send: addMemorablia,
  },
  documents: {
    fileLabel: 'Document (PDF, DOC or DOCX)',
    missing: TEXTS.selectDocument,
    accept: DOCUMENT_ACCEPT,
    submit: 'Add Document',
    send: addDocument,
  },
} as const;

interface GalleryUploadFormProps {
  kind: GalleryKind;
  postId: string;
  /** Prefills "Your Name". */
  fullName: string;
  onDone: () => void;
  onCancel: () => void;
}

/** The spec's Add Photo, Add Memorablia and Add Document forms, with preview and upload progress. */
export function GalleryUploadForm({
  kind,
  postId,
  fullName,
  onDone,
  onCancel,
}: GalleryUploadFormProps) {
  const setup = SETUP[kind];
  const isDocument = kind === 'documents';
  const prepend = usePrependTribute();
  const [name, setName] = useState(fullName);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const preview = useObjectUrl(isDocument ? null : file);

  const mutation = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.set('postId', postId);
      // A disabled field is not part of a form: documents are shared under the account's name.
      if (!isDocument) form.set('name', name.trim());
      form.set(GALLERY_FILE_FIELDS[kind], file!);
      return setup.send(form, setProgress) as Promise<TributeItems[GalleryKind]>;
    },
    onSuccess: (item) => {
      prepend(kind, postId, item as never);
      notify.success(TEXTS.success[kind]);
      onDone();
    },
    onError: (err) => {
      setProgress(0);
      if (err instanceof ApiError && err.fieldError('name')) setNameError(err.fieldError('name')!);
      else setFileError(serverReason(err));
      notify.error(failureText(TEXTS.failure[kind], err));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError(setup.missing);
      notify.error(setup.missing);
      return;
    }
    setFileError(null);
    setNameError(null);
    mutation.mutate();
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <TextInput
          label="Your Name"
          value={name}
          maxLength={GALLERY_NAME_MAX}
          disabled={isDocument}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          error={nameError ?? undefined}
        />
        <FileInput
          label={setup.fileLabel}
          accept={setup.accept}
          required
          clearable
          placeholder="No file chosen"
          // Mantine's placeholder grey is below 4.5:1 on white; this is real text, so it must pass.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
          value={file}
          onChange={(next) => {
            setFile(next);
            setFileError(null);
          }}
          error={fileError ?? undefined}
          data-autofocus
        />
        {preview ? (
          <img src={preview} alt="Preview of the picture you chose" className={classes.preview} />
        ) : null}
        {mutation.isPending ? (
          <Progress value={Math.round(progress * 100)} aria-label="Upload progress" animated />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {setup.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
