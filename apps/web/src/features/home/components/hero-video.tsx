import { useEffect, useRef, useState } from 'react';
import classes from './home.module.css';
import { useAutoplayAllowed } from './use-reduced-motion';

const POSTER_SRCSET = '/media/hero-poster-480.webp 480w, /media/hero-poster.webp 960w';
const POSTER_SIZES = '(min-width: 62em) 440px, calc(100vw - 2rem)';

/** Waits for the page to finish loading, so the loop never competes with what the visitor came for. */
function afterLoad(callback: () => void): () => void {
  let idle = 0;
  const start = () => {
    idle = window.setTimeout(callback, 400);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    window.clearTimeout(idle);
  };
}

/**
 * A calm dawn sky on a loop, made for this site. The poster image is the picture everyone sees
 * first (and the only one until the loop plays); the video fades in over it once playing.
 * It never starts by itself for visitors who prefer reduced motion or save data, nor on phones,
 * and anyone can pause or play it (WCAG 2.2.2).
 */
export function HeroVideo() {
  const autoplay = useAutoplayAllowed();
  const video = useRef<HTMLVideoElement>(null);
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [playing, setPlaying] = useState(false);
  const [shown, setShown] = useState(false);

  // The visitor's own choice wins; otherwise it plays where autoplay is welcome.
  const shouldPlay = wanted ?? autoplay;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (!shouldPlay) {
      element.pause();
      return;
    }
    return afterLoad(() => {
      element.play().catch(() => setPlaying(false));
    });
  }, [shouldPlay]);

  return (
    <div className={classes.heroMedia}>
      <img
        className={classes.heroPoster}
        src="/media/hero-poster-480.webp"
        srcSet={POSTER_SRCSET}
        sizes={POSTER_SIZES}
        width={960}
        height={540}
        alt=""
        fetchPriority="high"
      />
      <video
        ref={video}
        className={classes.heroVideo}
        data-shown={shown || undefined}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        onPlaying={() => {
          setPlaying(true);
          setShown(true);
        }}
        onPause={() => setPlaying(false)}
      >
        <source src="/media/hero-loop.webm" type="video/webm" />
        <source src="/media/hero-loop.mp4" type="video/mp4" />
      </video>
      <button type="button" className={classes.videoToggle} onClick={() => setWanted(!playing)}>
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          {playing ? (
            <path d="M3 2h3v10H3zM8 2h3v10H8z" fill="currentColor" />
          ) : (
            <path d="M3.5 2l8 5-8 5z" fill="currentColor" />
          )}
        </svg>
        <span>{playing ? 'Pause animation' : 'Play animation'}</span>
      </button>
    </div>
  );
}
