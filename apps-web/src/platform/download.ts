import { ApiError } from '@msp/shared/browser';
import type { SaveFileProgress } from './platform.js';

export interface DownloadOptions {
  /** Sent as Accept, and the type of the Blob when the answer names none. */
  mimeType: string;
  onProgress?: (progress: SaveFileProgress) => void;
  signal?: AbortSignal;
}

/**
 * Downloads an API answer into a Blob, reporting progress as the body arrives. A refused request
 * rejects with the same `ApiError` an API call would, so the screens' error toasts read it alike.
 */
export async function downloadBlob(
  fetchApi: (url: string, init?: RequestInit) => Promise<Response>,
  url: string,
  { mimeType, onProgress, signal }: DownloadOptions,
): Promise<Blob> {
  const response = await fetchApi(url, { method: 'GET', headers: { Accept: mimeType }, signal });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const type = response.headers.get('Content-Type') ?? mimeType;
  const length = Number(response.headers.get('Content-Length'));
  const totalBytes = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) {
    const blob = await response.blob();
    onProgress?.({ loadedBytes: blob.size, totalBytes: blob.size });
    return blob;
  }
  const chunks: BlobPart[] = [];
  let loadedBytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loadedBytes += value.byteLength;
    onProgress?.({ loadedBytes, totalBytes });
  }
  return new Blob(chunks, { type });
}
