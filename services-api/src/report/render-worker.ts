import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { createTranslator, EN_MESSAGES } from '@msp/shared';
import { renderReport } from './render.js';
import { renderTeamReport } from './team-render.js';
import type { RenderRequest, RenderReply, WarmUpRequest } from './render-thread.js';
import { warmUpInput } from './warm-up.js';

// The report's drawing, on a thread of its own (render-thread.ts says why). The catalogue's
// formatter is a function, which no message can carry, so it is made here from its messages.
const port = parentPort!;

/**
 * The drawing thread's niceness. A report is a download that may take a moment; a submit or a
 * page is someone waiting. On two cores the drawing thread, busy with 20 downloads, took a core
 * the server's thread and PostgreSQL needed, and submits' p99 rose fourfold. Niced, it still takes
 * a whole core when nothing else wants it (an idle server draws as fast as before).
 */
const DRAWING_NICENESS = 10;

// On Linux a thread has its own nice value, set through its thread id (setpriority(2));
// /proc/thread-self names it. Elsewhere, or where that is refused, the thread keeps the process's.
try {
  os.setPriority(Number(path.basename(fs.readlinkSync('/proc/thread-self'))), DRAWING_NICENESS);
} catch {
  // Not Linux, or not allowed: the drawing shares the process's priority, as any thread does.
}
port.on('message', (request: RenderRequest | WarmUpRequest) => {
  const { id } = request;
  const reply = (drawing: Promise<Buffer>) =>
    drawing.then(
      (pdf) => port.postMessage({ id, pdf } satisfies RenderReply),
      (error: unknown) =>
        port.postMessage({
          id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies RenderReply),
    );
  if ('warmUp' in request) {
    // Answered like any drawing, so the next waits for it; nobody reads what it drew.
    void reply(renderReport({ ...warmUpInput(), t: createTranslator('en', EN_MESSAGES) }));
    return;
  }
  const { input, messages, fallback } = request;
  // A Buffer arrives as a plain Uint8Array; the drawing reads the logo as the Buffer it was sent as.
  const logo = input.branding.logo && {
    ...input.branding.logo,
    png: Buffer.from(
      input.branding.logo.png.buffer,
      input.branding.logo.png.byteOffset,
      input.branding.logo.png.byteLength,
    ),
  };
  const frame = {
    branding: { ...input.branding, logo },
    t: createTranslator(input.language, messages, fallback),
  };
  void reply(
    request.kind === 'team'
      ? renderTeamReport({ ...request.input, ...frame })
      : renderReport({ ...request.input, ...frame }),
  );
});
