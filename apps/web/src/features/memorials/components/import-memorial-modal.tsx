import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  IMPORT_ACCEPT,
  IMPORT_ARCHIVE_FIELD,
  IMPORT_ARCHIVE_REQUIRED,
} from '@rips/shared/archives';
import { FileField } from '@/components/file-field';
import { FormActions } from '@/components/form-actions';
import { FormModal } from '@/components/form-modal';
import { StatusAlert } from '@/components/status-alert';
import { UploadProgress } from '@/components/upload-progress';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { requiredFile } from '@/lib/file-fields';
import { useZodForm } from '@/lib/use-zod-form';
import { importJobQuery, memorialKeys } from '../api/memorials.api';
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
  const [jobId, setJobId] = useState<string | null>(null);
  if (jobId) {
    return <ImportProgress jobId={jobId} onClose={onClose} onRetry={() => setJobId(null)} />;
  }
  return <ArchiveForm onClose={onClose} onStarted={setJobId} />;
}

/** Chooses and uploads the archive; the server checks it and starts its import (a job). */
function ArchiveForm({
  onClose,
  onStarted,
}: {
  onClose: () => void;
  onStarted: (jobId: string) => void;
}) {
  const form = useZodForm(ImportFormSchema, { initialValues: { archive: null } });
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useImportMemorial();
  const onSubmit = form.handleSubmit((input) => {
    const body = new FormData();
    body.set(IMPORT_ARCHIVE_FIELD, input.archive);
    mutation.mutate(
      { body, onProgress: setProgress },
      {
        onSuccess: (started) => onStarted(started.jobId),
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
          left flowers, prayers and pictures are kept as “originally left by”.
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

const STATE_TEXT = {
  queued: 'The archive was received. Its import will start in a moment.',
  running: 'Importing: every file is being checked and the memorial restored.',
} as const;

/** The import's progress, asked for every second until it is done (a link) or failed (why). */
function ImportProgress({
  jobId,
  onClose,
  onRetry,
}: {
  jobId: string;
  onClose: () => void;
  onRetry: () => void;
}) {
  const queryClient = useQueryClient();
  const { data: job, error } = useQuery(importJobQuery(jobId));
  const done = job?.state === 'done';
  useEffect(() => {
    // The new memorial joins the importer's lists.
    if (done) void queryClient.invalidateQueries({ queryKey: memorialKeys.all });
  }, [done, queryClient]);
  if (job?.state === 'done' && job.memorialId) {
    return (
      <Stack gap="md">
        <StatusAlert title="The memorial was imported">You are its owner.</StatusAlert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button component={Link} to={paths.post.href(job.memorialId)} onClick={onClose}>
            Open the memorial
          </Button>
        </Group>
      </Stack>
    );
  }
  if (job?.state === 'failed' || error) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" title="The archive was not imported" role="alert">
          {job?.reason ?? errorMessage(error, IMPORT_FAILED)} Nothing of it was kept.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onRetry}>Choose another archive</Button>
        </Group>
      </Stack>
    );
  }
  const state = job?.state === 'running' ? 'running' : 'queued';
  return (
    <Stack gap="md">
      <Text size="sm" role="status">
        {STATE_TEXT[state]}
      </Text>
      <Progress value={100} size="sm" animated aria-label="Importing the archive" />
      <Text size="sm" c="dimmed">
        You may close this window: the import goes on, and the memorial appears among your Rips when
        it is done.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
