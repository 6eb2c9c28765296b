/*
 * Whether React is adopting HTML the server rendered. While it is, components render what the
 * server rendered (a visitor's view, forms not yet active); afterwards they switch to the
 * browser's own state in a transition, which React splits into short tasks. (A
 * useSyncExternalStore server snapshot would do the switch too, but as one synchronous render of
 * every component that reads it, a long task on a slow phone.)
 */
let hydrating = false;

/** main.tsx, before hydrating a server-rendered page. */
export function beginHydration() {
  hydrating = true;
}

/** Once the page itself has hydrated (see RefreshAfterServerRender); answers whether it was. */
export function endHydration(): boolean {
  const was = hydrating;
  hydrating = false;
  return was;
}

export function isHydrating(): boolean {
  return hydrating;
}
