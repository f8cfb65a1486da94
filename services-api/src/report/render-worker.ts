import { parentPort } from 'node:worker_threads';
import { createTranslator } from '@msp/shared';
import { renderReport } from './render.js';
import type { RenderRequest, RenderReply } from './render-thread.js';

// The report's drawing, on a thread of its own (render-thread.ts says why). The catalogue's
// formatter is a function, which no message can carry, so it is made here from its messages.
const port = parentPort!;
port.on('message', (request: RenderRequest) => {
  const { id, input, messages, fallback } = request;
  // A Buffer arrives as a plain Uint8Array; the drawing reads the logo as the Buffer it was sent as.
  const logo = input.branding.logo && {
    ...input.branding.logo,
    png: Buffer.from(
      input.branding.logo.png.buffer,
      input.branding.logo.png.byteOffset,
      input.branding.logo.png.byteLength,
    ),
  };
  const branding = { ...input.branding, logo };
  renderReport({ ...input, branding, t: createTranslator(input.language, messages, fallback) }).then(
    (pdf) => port.postMessage({ id, pdf } satisfies RenderReply),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies RenderReply),
  );
});
