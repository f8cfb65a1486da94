/**
 * The name of a person's data export: the domain and the day, never the address (file names end
 * up in download lists). The server sends it in Content-Disposition; the admin offers the same name
 * where the host asks where to save.
 */
export function personalDataFileName(email: string, today = new Date()): string {
  const at = email.lastIndexOf('@');
  const domain = (at < 0 ? '' : email.slice(at + 1))
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '_');
  return `personal-data-${domain || 'unknown'}-${today.toISOString().slice(0, 10)}.json`;
}
