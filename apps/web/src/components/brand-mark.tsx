/** The candle mark beside the brand name; decorative, so hidden from assistive technology. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-sage-7)" />
      <path
        d="M16 6c2.6 3 3.6 5.4 3 7.6-.5 1.7-1.6 2.6-3 2.6s-2.5-.9-3-2.6C12.4 11.4 13.4 9 16 6z"
        fill="var(--mantine-color-yellow-2)"
      />
      <rect x="13" y="17" width="6" height="9" rx="1.5" fill="var(--mantine-color-gray-0)" />
    </svg>
  );
}
