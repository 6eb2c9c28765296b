const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text from outside (a route parameter, a cursor) can be a row id: Postgres rejects anything else. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
