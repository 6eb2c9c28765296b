/**
 * "1,204": a whole number with US thousands separators. Spelled out here rather than with
 * Intl.NumberFormat or toLocaleString, whose first use in a page loads locale data: a task of
 * about 27 ms on a desktop, four times that on a slow phone, and on the memorial page the
 * candles' tally ran it while the page became interactive.
 */
export function countText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.trunc(Math.abs(n)));
  return sign + digits.replace(/\B(?=(\d{3})+$)/g, ',');
}
