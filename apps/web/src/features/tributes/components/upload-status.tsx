import { UploadProgress } from '@/components/upload-progress';
import { useObjectUrl } from '@/lib/use-object-url';
import classes from './tributes.module.css';

/** Under a file picker: a preview of the chosen picture, and the upload's progress while it runs. */
export function UploadStatus({
  picture,
  progress,
}: {
  picture: File | null;
  /** From 0 to 1 while uploading; null otherwise. */
  progress: number | null;
}) {
  const preview = useObjectUrl(picture);
  return (
    <>
      {preview ? (
        <img src={preview} alt="Preview of the picture you chose" className={classes.preview} />
      ) : null}
      <UploadProgress progress={progress} label="Upload progress" />
    </>
  );
}
