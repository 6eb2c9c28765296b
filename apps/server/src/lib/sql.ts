/** Makes the user's text literal inside LIKE: `%`, `_` and the escape character itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether a write changed any row, given the write with `.returning(…)`: both engines answer the
 * rows a statement returns, while they report its count of changed rows differently.
 */
export async function changedAny(write: PromiseLike<unknown[]>): Promise<boolean> {
  return (await write).length > 0;
}
