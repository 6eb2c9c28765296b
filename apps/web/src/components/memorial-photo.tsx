import type { ImageRef } from '@rips/shared/memorials';
import cover from './cover.module.css';

interface MemorialPhotoProps {
  memorial: { title: string; image: ImageRef | null };
  sizes: string;
  /** The first cards and the detail photo load at once; the rest when scrolled near. */
  eager?: boolean;
  /** Cards crop to 4:3; the memorial's own page shows the whole photo (styled by `className`). */
  card?: boolean;
  className?: string;
}

function initials(title: string): string {
  return title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/** A memorial's picture at the right size for the screen, or a quiet placeholder with initials. */
export function MemorialPhoto({
  memorial,
  sizes,
  eager = false,
  card = false,
  className = '',
}: MemorialPhotoProps) {
  const { image, title } = memorial;
  if (!image) {
    return (
      <div
        className={`${cover.initials} ${className}`}
        role="img"
        aria-label={`No photo of ${title} yet`}
      >
        <span aria-hidden="true">{initials(title)}</span>
      </div>
    );
  }
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={`Photo of ${title}`}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      // The first pictures are decoded in time for the first paint; the rest off the main thread.
      decoding={eager ? 'auto' : 'async'}
      className={card ? `${cover.cover} ${cover.landscape} ${className}` : className}
    />
  );
}
