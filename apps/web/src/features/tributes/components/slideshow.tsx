import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import type { ResponsiveImage } from '@rips/shared/tributes';
import classes from './slideshow.module.css';

/** How far (in CSS pixels) a finger or pen must travel sideways for a swipe to turn the picture. */
const SWIPE_PX = 50;

export interface SlideshowPicture {
  _id: string;
  image: ResponsiveImage;
}

export interface SlideshowProps<T extends SlideshowPicture> {
  pictures: T[];
  /** The picture shown, by its place in `pictures`. */
  index: number;
  /** The dialog's name for the picture shown ("Photo shared by Ann Lee"). */
  title: (picture: T) => string;
  onIndex: (index: number) => void;
  onClose: () => void;
  alt: (picture: T) => string;
  /** What is told under the picture: its caption, day and who shared it. */
  details: (picture: T) => ReactNode;
}

/**
 * A gallery full-screen, one picture at a time: the arrow keys, the Previous and Next buttons, or
 * a swipe (pointer events: a finger, a pen or a mouse drag) turn it, Home and End go to the first
 * and the last, Escape closes. The dialog keeps the focus inside while open and gives it back to
 * the thumbnail that opened it. Loaded only when someone opens a picture.
 */
export function Slideshow<T extends SlideshowPicture>({
  pictures,
  index,
  title,
  onIndex,
  onClose,
  alt,
  details,
}: SlideshowProps<T>) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const picture = pictures[index];
  if (!picture) return null;
  const count = pictures.length;
  const go = (to: number) => {
    if (count > 1) onIndex((to + count) % count);
  };
  const position = `${index + 1} of ${count}`;
  return (
    <Modal
      opened
      fullScreen
      onClose={onClose}
      title={title(picture)}
      classNames={{ content: classes.content, header: classes.header, body: classes.body }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(index + 1);
        else if (event.key === 'ArrowLeft') go(index - 1);
        else if (event.key === 'Home') go(0);
        else if (event.key === 'End') go(count - 1);
        else return;
        event.preventDefault();
      }}
    >
      <Stack gap="sm" className={classes.stage} data-slideshow>
        <div
          className={classes.frame}
          onPointerDown={(event) => {
            start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
          }}
          onPointerUp={(event) => {
            const from = start.current;
            start.current = null;
            if (!from || from.id !== event.pointerId) return;
            const dx = event.clientX - from.x;
            if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) {
              go(dx < 0 ? index + 1 : index - 1);
            }
          }}
          onPointerCancel={() => {
            start.current = null;
          }}
        >
          <img
            key={picture._id}
            src={picture.image.src}
            srcSet={picture.image.srcSet || undefined}
            sizes="100vw"
            width={picture.image.width}
            height={picture.image.height}
            alt={alt(picture)}
            className={classes.picture}
            draggable={false}
          />
        </div>
        <div className={classes.details}>{details(picture)}</div>
        {count > 1 ? (
          <Stack gap={6}>
            <Text size="sm" ta="center" aria-live="polite" aria-atomic="true">
              {position}
            </Text>
            <Group grow gap="sm" wrap="nowrap" className={classes.turns}>
              <Button variant="default" px="xs" onClick={() => go(index - 1)}>
                Previous picture
              </Button>
              <Button variant="default" px="xs" onClick={() => go(index + 1)}>
                Next picture
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}

export default Slideshow;
