/** Makes the user's text literal inside LIKE: `%`, `_` and the escape character itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
