import { TaskButton } from '@/components/task-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { downloadMemorialArchive, requestMemorialArchive } from '../api/memorials.api';

const EXPORT_FAILED = 'We could not prepare this memorial’s archive. Please try again.';

/**
 * "Export this memorial": the owner or a manager saves everything published on it (details,
 * tributes, galleries, files) as one ZIP that opens in any browser without this site.
 */
export function ExportMemorialButton({ memorialId }: { memorialId: string }) {
  return (
    <TaskButton
      variant="default"
      task={() =>
        downloadMemorialArchive(memorialId)
          .then(() => notify.success('The memorial’s archive is downloading.'))
          .catch(async (error: unknown) => {
            // Too large to download at once: the server builds it and emails a link instead.
            if (!(error instanceof ApiError) || error.status !== 409) throw error;
            notify.info(await requestMemorialArchive(memorialId));
          })
          .catch((error: unknown) => notify.error(errorMessage(error, EXPORT_FAILED)))
      }
    >
      Export this memorial
    </TaskButton>
  );
}
