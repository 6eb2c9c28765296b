/** Saves `blob` under `fileName` through the browser's download, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the save before the blob goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** A file name from a person's name: plain letters and digits, hyphens between words. */
export function fileNameStem(text: string, fallback: string): string {
  const stem = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return stem || fallback;
}
