import { parentPort } from 'node:worker_threads';
import { createTranslator } from '@msp/shared';
import { renderReport } from './render.js';
import type { RenderRequest, RenderReply } from './render-thread.js';

// The report's drawing, on a thread of its own (render-thread.ts says why). The catalogue's
// formatter is a function, which no message can carry, so it is made here from its messages.
const port = parentPort!;
port.on('message', (request: RenderRequest) => {
  const { id, input, messages, fallback } = request;
  renderReport({ ...input, t: createTranslator(input.language, messages, fallback) }).then(
    (pdf) => port.postMessage({ id, pdf } satisfies RenderReply),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies RenderReply),
  );
});
