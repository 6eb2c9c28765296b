import { TaskButton } from '@/components/task-button';
import { downloadOrAskByEmail } from '@/lib/archive-download';
import { notify } from '@/lib/notify';
import { downloadMemorialArchive, requestMemorialArchive } from '../api/memorials.api';

const EXPORT_FAILED = 'We could not prepare this memorial’s archive. Please try again.';

/**
 * "Export this memorial": the owner or a manager saves everything published on it (details,
 * tributes, galleries, files) as one ZIP that opens in any browser without this site. Too large
 * to download at once, the server builds it and emails a link instead.
 */
export function ExportMemorialButton({ memorialId }: { memorialId: string }) {
  return (
    <TaskButton
      variant="default"
      task={() =>
        downloadOrAskByEmail({
          download: () => downloadMemorialArchive(memorialId),
          askByEmail: () => requestMemorialArchive(memorialId),
          downloading: 'The memorial’s archive is downloading.',
          failed: EXPORT_FAILED,
        }).then(({ tone, message }) => notify[tone](message))
      }
    >
      Export this memorial
    </TaskButton>
  );
}
