// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Slideshow } from '@/features/tributes/components/slideshow';
import { useReturnFocus } from '@/lib/use-return-focus';
import { renderPage, resetPage } from './testing/render-page';

/*
 * The gallery's full-screen slideshow by keyboard and by swipe: the arrow keys, Home and End turn
 * it, it says "2 of 3", Escape closes it and the focus goes back to the thumbnail that opened it.
 */

afterEach(resetPage);

const PICTURES = ['Picnic', 'Wedding', 'Garden'].map((caption, i) => ({
  _id: `p${i}`,
  caption,
  image: { src: `/media/${i}.webp`, srcSet: '', width: 640, height: 480 },
}));

/** A thumbnail that opens the slideshow, as the memorial's gallery does. */
function Gallery() {
  const [index, setIndex] = useState<number | null>(null);
  const rememberOpener = useReturnFocus(index !== null);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          rememberOpener();
          setIndex(0);
        }}
      >
        Open Picnic
      </button>
      {index === null ? null : (
        <Slideshow
          pictures={PICTURES}
          index={index}
          title={() => 'Photo shared by Ann Lee'}
          onIndex={setIndex}
          onClose={() => setIndex(null)}
          alt={(picture) => `Photo: ${picture.caption}`}
          details={(picture) => <p>{picture.caption}</p>}
        />
      )}
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Photo shared by Ann Lee' });
const shown = () => screen.getByRole('img').getAttribute('alt');

describe('the slideshow', () => {
  it('turns by arrow keys, Home and End, says where it is, and Escape gives the focus back', async () => {
    renderPage(<Gallery />);
    const opener = screen.getByRole('button', { name: 'Open Picnic' });
    opener.focus();
    fireEvent.click(opener);
    await waitFor(() => expect(dialog()).toBeTruthy());
    expect(shown()).toBe('Photo: Picnic');
    expect(screen.getByText('1 of 3').getAttribute('aria-live')).toBe('polite');
    // The focus is inside the dialog.
    await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(shown()).toBe('Photo: Wedding');
    expect(screen.getByText('2 of 3')).toBeTruthy();
    expect(screen.getByText('Wedding')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(shown()).toBe('Photo: Garden');
    // Past the last comes the first again.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(shown()).toBe('Photo: Picnic');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(shown()).toBe('Photo: Garden');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(shown()).toBe('Photo: Picnic');
    fireEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(shown()).toBe('Photo: Wedding');
    fireEvent.click(screen.getByRole('button', { name: 'Previous picture' }));
    expect(shown()).toBe('Photo: Picnic');

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a swipe to the left shows the next picture, to the right the one before; a short move does nothing', async () => {
    renderPage(<Gallery />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Picnic' }));
    await waitFor(() => expect(dialog()).toBeTruthy());
    const frame = screen.getByRole('img').parentElement!;
    const swipe = (from: number, to: number) =>
      act(() => {
        frame.dispatchEvent(pointer('pointerdown', from));
        frame.dispatchEvent(pointer('pointerup', to));
      });
    swipe(300, 100);
    expect(shown()).toBe('Photo: Wedding');
    swipe(100, 300);
    expect(shown()).toBe('Photo: Picnic');
    swipe(100, 120);
    expect(shown()).toBe('Photo: Picnic');
  });
});

/** A pointer event at `x` (jsdom has no PointerEvent: a mouse event with a pointer id). */
function pointer(type: string, x: number): Event {
  const event = new MouseEvent(type, { bubbles: true, clientX: x, clientY: 200 });
  Object.defineProperty(event, 'pointerId', { value: 1 });
  return event;
}
