import { Progress } from '@mantine/core';

/** How far an upload has got, from 0 to 1, shown while it runs (null: none is running). */
export function UploadProgress({ progress, label }: { progress: number | null; label: string }) {
  if (progress === null || progress >= 1) return null;
  return <Progress value={Math.round(progress * 100)} size="sm" aria-label={label} animated />;
}
