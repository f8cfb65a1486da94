import { downloadBlob } from './download.js';
import type { SaveFileRequest, SaveFileResult } from './platform.js';

/** Hands a URL (a Blob's, or the API's own) to the browser's download, under the given name. */
function downloadInBrowser(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

function downloadBlobInBrowser(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadInBrowser(url, fileName);
  // Kept a moment: some browsers read the blob after the click has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const CANCELLED: SaveFileResult = { status: 'cancelled' };

/**
 * Saves a file as a browser download: bytes in hand as they are; a checked API path handed to the
 * browser's download manager as a link, the session cookie going with it (a same-origin GET), so
 * the file streams to disk and never sits in the page; any other API path downloaded first (with
 * progress) through the platform's fetch, where a refusal can still be shown.
 */
export async function saveFileInBrowser(
  fetchApi: (url: string, init?: RequestInit) => Promise<Response>,
  apiBaseUrl: string,
  { fileName, mimeType, source, onProgress, signal }: SaveFileRequest,
): Promise<SaveFileResult> {
  if (signal?.aborted) return CANCELLED;
  if ('apiPath' in source && source.checked) {
    downloadInBrowser(`${apiBaseUrl}${source.apiPath}`, fileName);
    return { status: 'started', fileName };
  }
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
  downloadBlobInBrowser(blob, fileName);
  // The browser keeps where it put the file to itself: there is no folder to show.
  return { status: 'saved', fileName };
}
