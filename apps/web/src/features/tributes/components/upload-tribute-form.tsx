import {
  Fieldset,
  FileInput,
  Group,
  List,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import {
  DOCUMENT_ACCEPT,
  GALLERY_CAPTION_MAX,
  GALLERY_FILE_REQUIRED,
  GALLERY_FILES_AT_ONCE,
  GALLERY_NAME_MAX,
  GALLERY_TITLE_MAX,
  GalleryDocumentDetailsSchema,
  GalleryPictureDetailsSchema,
  GalleryUploadFieldsSchema,
} from '@rips/shared/galleries';
import { latestAllowedDate } from '@rips/shared/memorials';
import { DatePartsField } from '@/components/date-parts-field';
import { IMAGE_ACCEPT } from '@/components/file-field';
import { lengthHint } from '@/components/length-hint';
import { TRIBUTE_KINDS } from '@/config/tribute-kinds';
import { useZodForm } from '@/lib/use-zod-form';
import { uploadLimitsQuery } from '../api/tributes.api';
import { useLeaveTribute } from '../api/tributes.mutations';
import { failureText, formatFileSize } from '../lib/format';
import { galleryUploadBody, type UploadKind } from '../lib/tribute-bodies';
import { TributeForm, type TributeFormProps } from './tribute-form';
import { UploadStatus } from './upload-status';

const ACCEPT = { image: IMAGE_ACCEPT, document: DOCUMENT_ACCEPT } as const;

/**
 * What may be told of each chosen file, checked by the server's own rules: a caption and a date
 * for a picture, a title for a document. The fields a kind does not show stay empty.
 */
const FileDetailsSchema = GalleryPictureDetailsSchema.extend(GalleryDocumentDetailsSchema.shape);
interface FileDetails {
  caption: string;
  date: string | null;
  title: string;
}
const NO_DETAILS: FileDetails = { caption: '', date: null, title: '' };

/** One chosen file's way to the memorial. */
interface FileUpload {
  file: File;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  progress: number;
  message?: string;
}

interface UploadFormProps extends TributeFormProps {
  kind: UploadKind;
  /** Prefills "Your Name". */
  fullName: string;
}

/**
 * The spec's Add Photo, Add Memorablia and Add Document forms. Several files may be chosen at
 * once: each is its own upload (the API takes one file per call), with its own progress and
 * result, so one refused file never costs the others. The limits are stated before choosing.
 */
export function UploadTributeForm({ kind, postId, fullName, onDone, onCancel }: UploadFormProps) {
  const descriptor = TRIBUTE_KINDS[kind];
  const schema = useMemo(
    () =>
      GalleryUploadFieldsSchema.extend({
        files: z
          .array(z.custom<File>((value) => value instanceof File))
          .min(1, GALLERY_FILE_REQUIRED[kind])
          .max(
            GALLERY_FILES_AT_ONCE,
            `Please choose at most ${GALLERY_FILES_AT_ONCE} files at a time.`,
          ),
        details: z.array(FileDetailsSchema),
      }),
    [kind],
  );
  const form = useZodForm(schema, {
    initialValues: { postId, name: fullName, files: [], details: [] as FileDetails[] },
  });
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const [sending, setSending] = useState(false);
  const mutation = useLeaveTribute(kind);
  const limits = useQuery(uploadLimitsQuery()).data;
  const isImage = descriptor.accept === 'image';
  const limitText = limits
    ? `${isImage ? limits.imageTypes : limits.documentTypes}, up to ${formatFileSize(
        isImage ? limits.imageBytes : limits.documentBytes,
      )} each. You can choose several at once.`
    : 'You can choose several files at once.';

  const patch = (index: number, change: Partial<FileUpload>) =>
    setUploads((current) => current.map((u, i) => (i === index ? { ...u, ...change } : u)));

  async function sendAll(
    name: string | undefined,
    list: FileUpload[],
    details: z.output<typeof FileDetailsSchema>[],
  ) {
    setSending(true);
    let failed = 0;
    let lastFailure = '';
    for (const [index, upload] of list.entries()) {
      if (upload.state === 'done') continue;
      patch(index, { state: 'sending', progress: 0, message: undefined });
      // A disabled field is not part of a form: documents are shared under the account's name.
      const body = galleryUploadBody(
        kind,
        { postId, name: descriptor.nameEditable ? name : undefined, ...details[index] },
        upload.file,
      );
      try {
        await mutation.mutateAsync({
          postId,
          body,
          onProgress: (progress) => patch(index, { progress }),
        });
        patch(index, { state: 'done', progress: 1 });
      } catch (error) {
        failed += 1;
        lastFailure = failureText(descriptor.failure, error, descriptor.noun);
        patch(index, { state: 'failed', message: lastFailure });
      }
    }
    setSending(false);
    if (failed === 0) {
      form.settled();
      form.notice.success(descriptor.success);
      onDone?.();
    } else {
      const sent = list.length - failed;
      form.notice.error(
        sent > 0
          ? `${sent} of ${list.length} files were added. The others are listed with the reason.`
          : lastFailure,
      );
    }
  }

  const onSubmit = form.handleSubmit(
    (input) => {
      // Files already added stay added; only the rest are sent again.
      const list =
        uploads.length > 0 && uploads.every((u, i) => u.file === input.files[i])
          ? uploads
          : input.files.map((file): FileUpload => ({ file, state: 'waiting', progress: 0 }));
      setUploads(list);
      void sendAll(input.name, list, input.details);
    },
    (errors) => {
      const missing = errors['files'];
      if (typeof missing === 'string') form.notice.error(missing);
    },
  );

  const files = form.values.files;
  const single = files.length === 1 && isImage ? files[0]! : null;

  return (
    <TributeForm kind={descriptor} onSubmit={onSubmit} busy={sending} onCancel={onCancel}>
      <TextInput
        label="Your Name"
        disabled={!descriptor.nameEditable}
        {...form.getInputProps('name')}
        maxLength={GALLERY_NAME_MAX}
      />
      <FileInput
        label={descriptor.fileLabel}
        description={limitText}
        accept={ACCEPT[descriptor.accept]}
        multiple
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the chosen files' }}
        required
        placeholder="No file chosen"
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        data-autofocus
        disabled={sending}
        value={files}
        error={form.errors['files']}
        onChange={(chosen) => {
          // What was already told of a file chosen again is kept.
          const previous = form.getValues();
          form.setValues({
            files: chosen,
            details: chosen.map((file) => {
              const at = previous.files.indexOf(file);
              return at >= 0 ? (previous.details[at] ?? NO_DETAILS) : NO_DETAILS;
            }),
          });
          setUploads([]);
        }}
      />
      {files.map((file, index) => {
        const detail = form.values.details[index] ?? NO_DETAILS;
        const path = `details.${index}`;
        return (
          <Fieldset
            key={`${file.name}-${file.size}-${index}`}
            legend={files.length > 1 ? file.name : 'About this file (optional)'}
            disabled={sending}
            data-file-details
          >
            <Stack gap="xs">
              {isImage ? (
                <>
                  <Textarea
                    label="Caption"
                    autosize
                    minRows={1}
                    maxRows={4}
                    {...form.getInputProps(`${path}.caption`)}
                    description={lengthHint(
                      detail.caption,
                      GALLERY_CAPTION_MAX,
                      'Optional: who, where, what it meant.',
                    )}
                  />
                  <DatePartsField
                    label="Date"
                    value={detail.date}
                    onChange={(next) => {
                      form.setFieldValue(`${path}.date`, next);
                      form.clearFieldError(`${path}.date`);
                    }}
                    onBlur={() => {
                      if (form.getValues().details[index]?.date) form.validateField(`${path}.date`);
                    }}
                    error={form.errors[`${path}.date`]}
                    maxDate={latestAllowedDate()}
                  />
                </>
              ) : (
                <TextInput
                  label="Title"
                  placeholder={file.name}
                  {...form.getInputProps(`${path}.title`)}
                  description={lengthHint(
                    detail.title,
                    GALLERY_TITLE_MAX,
                    'Optional: shown instead of the file name.',
                  )}
                />
              )}
            </Stack>
          </Fieldset>
        );
      })}
      <UploadStatus picture={single} progress={null} />
      {uploads.length > 0 ? (
        <List spacing="xs" listStyleType="none" p={0} m={0} aria-label="Your files">
          {uploads.map((upload, index) => (
            <List.Item key={`${upload.file.name}-${index}`} data-upload-state={upload.state}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} truncate="end" style={{ minWidth: 0 }}>
                  {upload.file.name}
                </Text>
                <Text size="sm" c={upload.state === 'failed' ? 'red.8' : 'dimmed'}>
                  {upload.state === 'done'
                    ? 'Added'
                    : upload.state === 'failed'
                      ? 'Not added'
                      : upload.state === 'sending'
                        ? `${Math.round(upload.progress * 100)}%`
                        : 'Waiting'}
                </Text>
              </Group>
              {upload.state === 'sending' ? (
                <Progress
                  value={Math.round(upload.progress * 100)}
                  size="sm"
                  aria-label={`Upload progress of ${upload.file.name}`}
                />
              ) : null}
              {upload.message ? (
                <Text size="sm" c="red.8">
                  {upload.message}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      ) : null}
    </TributeForm>
  );
}
