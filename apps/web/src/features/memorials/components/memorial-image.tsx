import type { MemorialSummary } from '@rips/shared/memorials';
import classes from './memorials.module.css';

interface MemorialImageProps {
  memorial: Pick<MemorialSummary, 'title' | 'image'>;
  sizes: string;
  /** The first cards and the detail photo load at once; the rest when scrolled near. */
  eager?: boolean;
  className?: string;
}

/** The memorial's picture at the right size for the screen, or a quiet placeholder with initials. */
export function MemorialImage({ memorial, sizes, eager = false, className }: MemorialImageProps) {
  const { image } = memorial;
  if (!image) {
    const initials = memorial.title
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('');
    return (
      <div
        className={`${classes.placeholder} ${className ?? ''}`}
        role="img"
        aria-label={`No photo of ${memorial.title} yet`}
      >
        <span aria-hidden="true">{initials}</span>
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
      alt={`Photo of ${memorial.title}`}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      // The first pictures are decoded in time for the first paint; the rest off the main thread.
      decoding={eager ? 'auto' : 'async'}
      className={className}
    />
  );
}
