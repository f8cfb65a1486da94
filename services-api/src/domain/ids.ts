const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a UUID (a submission's id): anything else is not found without a query. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
