import { ApiError } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { downloadBlob } from './download.js';
import type { SaveFileProgress } from './platform.js';

/** A response whose body arrives in the given pieces. */
function streamed(pieces: string[], headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

describe('downloadBlob', () => {
  it('collects the body and reports progress against Content-Length', async () => {
    const requests: { url: string; init?: RequestInit }[] = [];
    const progress: SaveFileProgress[] = [];
    const blob = await downloadBlob(
      async (url, init) => {
        requests.push({ url, init });
        return streamed(['id,name\n', '1,Ada\n'], { 'Content-Type': 'text/csv', 'Content-Length': '14' });
      },
      '/api/admin/submissions/export/csv?format=csv',
      { mimeType: 'text/csv', onProgress: (p) => progress.push(p) },
    );
    expect(await blob.text()).toBe('id,name\n1,Ada\n');
    expect(blob.type).toBe('text/csv');
    expect(requests[0]?.url).toBe('/api/admin/submissions/export/csv?format=csv');
    expect(new Headers(requests[0]?.init?.headers).get('Accept')).toBe('text/csv');
    expect(progress).toEqual([
      { loadedBytes: 8, totalBytes: 14 },
      { loadedBytes: 14, totalBytes: 14 },
    ]);
  });

  it('reports an unknown total when the server does not say', async () => {
    const progress: SaveFileProgress[] = [];
    await downloadBlob(async () => streamed(['abc']), '/x', {
      mimeType: 'application/json',
      onProgress: (p) => progress.push(p),
    });
    expect(progress).toEqual([{ loadedBytes: 3, totalBytes: null }]);
  });

  it('rejects a refused download with the ApiError an API call would give', async () => {
    const body = JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'query.domain: Required' });
    const failure = downloadBlob(
      async () => new Response(body, { status: 400, statusText: 'Bad Request' }),
      '/api/admin/submissions/export/csv',
      { mimeType: 'text/csv' },
    );
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, body });
  });

  it('passes the abort signal to the request', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | null | undefined;
    await downloadBlob(
      async (_url, init) => {
        seen = init?.signal;
        return streamed(['x']);
      },
      '/x',
      { mimeType: 'text/plain', signal: controller.signal },
    );
    expect(seen).toBe(controller.signal);
  });
});
