/**
 * Saves a value as a pretty-printed JSON file through the browser's download. The one place the
 * dashboard writes a file, so the desktop client can swap in its own save dialog here.
 */
export function saveJsonFile(fileName: string, value: unknown): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Kept a moment: some browsers read the blob after the click has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
