import type { FeatureIcon as FeatureIconName } from '../content/home-content';

// Line drawings on a 24×24 grid, drawn with the text colour; decorative beside their headings.
const PATHS: Record<FeatureIconName, string> = {
  memorial: 'M7 21V9a5 5 0 0 1 10 0v12M4 21h16M10 12h4M12 10v5',
  flower:
    'M12 14v7M12 21c-2-3-5-3-6-2M12 18c1.5-2 4-2.5 5.5-1.5M12 11a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM12 6V3.5M14.5 8.5H17M9.5 8.5H7M12 11v2',
  gallery: 'M4 6h16v13H4zM4 15l4.5-4 3.5 3 3-2.5 5 4.5M15.5 9.5h.01',
  people:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3.5 20a5.5 5.5 0 0 1 11 0M16 11a2.5 2.5 0 1 0 0-5M17 14.5a4.5 4.5 0 0 1 3.5 4.5',
  legacy: 'M6 4h9l3 3v13H6zM15 4v3h3M9 11h6M9 14.5h6M9 18h3.5',
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M5.5 11h13v10h-13zM12 15v2.5',
};

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
