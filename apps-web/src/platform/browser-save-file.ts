import { downloadBlob } from './download.js';
import type { SaveFileRequest, SaveFileResult } from './platform.js';

/** Hands a Blob to the browser's download, under the given name. */
function downloadInBrowser(blob: Blob, fileName: string): void {
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

const CANCELLED: SaveFileResult = { status: 'cancelled' };

/**
 * Saves a file as a browser download: bytes in hand as they are, an API path downloaded first
 * (with progress) through the platform's fetch.
 */
export async function saveFileInBrowser(
  fetchApi: (url: string, init?: RequestInit) => Promise<Response>,
  apiBaseUrl: string,
  { fileName, mimeType, source, onProgress, signal }: SaveFileRequest,
): Promise<SaveFileResult> {
  if (signal?.aborted) return CANCELLED;
  let blob: Blob;
  if ('data' in source) {
    blob = source.data instanceof Blob ? source.data : new Blob([source.data], { type: mimeType });
    onProgress?.({ loadedBytes: blob.size, totalBytes: blob.size });
  } else {
    try {
      blob = await downloadBlob(fetchApi, `${apiBaseUrl}${source.apiPath}`, { mimeType, onProgress, signal });
    } catch (error) {
      if (signal?.aborted) return CANCELLED;
      throw error;
    }
    if (signal?.aborted) return CANCELLED;
  }
  downloadInBrowser(blob, fileName);
  // The browser keeps where it put the file to itself: there is no folder to show.
  return { status: 'saved', fileName };
}
