import { FileInput, type FileInputProps } from '@mantine/core';

/** The pictures every upload of the product accepts (the server checks the bytes again). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

interface FileFieldProps extends Omit<FileInputProps<false>, 'multiple' | 'clearable'> {
  /** Names the clear button for screen readers ("Remove chosen picture"). */
  clearLabel: string;
}

/** A single-file picker that can be cleared, with a placeholder that reads as real text. */
export function FileField({ clearLabel, styles, ...props }: FileFieldProps) {
  return (
    <FileInput
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
      // Mantine's placeholder grey is below 4.5:1 on white; here it is button text, so it must pass.
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' }, ...styles }}
      {...props}
    />
  );
}
