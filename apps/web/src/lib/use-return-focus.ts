import { useCallback, useEffect, useRef } from 'react';

/**
 * For a dialog that is mounted only while open (so a page with many of them does not pay for
 * them all): call the answer just before opening it, and focus goes back to what had it (the
 * button that opened it) when `open` turns false. Mantine does this itself only for a modal that
 * was mounted before it opened.
 */
export function useReturnFocus(open: boolean): () => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open || !opener.current) return;
    if (opener.current.isConnected) opener.current.focus();
    opener.current = null;
  }, [open]);
  return useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
}
