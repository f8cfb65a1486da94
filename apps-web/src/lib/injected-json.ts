/** Each element's value once read: the server writes them once per page, and they never change. */
const read = new Map<string, unknown>();

/**
 * A JSON value the server wrote into the page in `<script id={id} type="application/json">` (the
 * config, the visitor's strings, a page's reads), so a first render needs no request; undefined
 * where there is none, or where it does not parse.
 */
export function readInjectedJson<T>(id: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  if (!read.has(id)) {
    let value: unknown;
    try {
      value = JSON.parse(document.getElementById(id)?.textContent || 'null') ?? undefined;
    } catch {
      value = undefined;
    }
    read.set(id, value);
  }
  return read.get(id) as T | undefined;
}
