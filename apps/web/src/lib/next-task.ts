/**
 * Resolves in a task of its own (each timer callback is one): work after it no longer adds to
 * the task that awaited it, and the browser may paint and answer input in between.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
