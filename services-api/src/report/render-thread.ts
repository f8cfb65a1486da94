import { Worker } from 'node:worker_threads';
import type { Messages } from '@msp/shared';
import type { TeamReportInput } from './team-types.js';
import type { ReportInput } from './types.js';

/** What the thread draws: one submission's report, or an organisation's team report. */
export type Drawing =
  { kind: 'submission'; input: Omit<ReportInput, 't'> } | { kind: 'team'; input: Omit<TeamReportInput, 't'> };

/** What the drawing thread is sent: the input without its formatter, and the messages to make one. */
export type RenderRequest = Drawing & {
  id: number;
  messages: Messages;
  fallback: Messages;
};

/** Asks the thread to draw its warm-up report (warm-up.ts) and keep nothing of it. */
export interface WarmUpRequest {
  id: number;
  warmUp: true;
}

export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

type Waiter = { resolve(pdf: Buffer): void; reject(error: Error): void };

/**
 * Draws reports on one worker thread. Drawing is all computation (about 50 ms a report once warm),
 * and on the server's own thread it left no time for anything else: 20 downloads at once held
 * submits for seconds, however often the drawing yielded. On its own thread the drawing takes the
 * other core, and the server's thread only assembles the input and sends the file. One thread for
 * the whole process (`reportRenderThread`), kept once started: a second would share the same two
 * cores with PostgreSQL and the server. The thread is sent one drawing at a time, the rest waiting
 * here in the order asked, so it holds one document at once whichever server asked (the tests run
 * several servers in one process).
 */
export class ReportRenderThread {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, Waiter>();
  private readonly queue: (RenderRequest | WarmUpRequest)[] = [];
  private drawing = false;

  render(input: ReportInput, messages: Messages, fallback: Messages): Promise<Buffer> {
    const { t: _formatter, ...rest } = input;
    return this.draw({ kind: 'submission', input: rest }, messages, fallback);
  }

  renderTeam(input: TeamReportInput, messages: Messages, fallback: Messages): Promise<Buffer> {
    const { t: _formatter, ...rest } = input;
    return this.draw({ kind: 'team', input: rest }, messages, fallback);
  }

  private draw(drawing: Drawing, messages: Messages, fallback: Messages): Promise<Buffer> {
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ ...drawing, id, messages, fallback });
    });
  }

  /**
   * Starts the thread ahead of the first report and has it draw one that nobody asked for, so the
   * first real one (often the results email's) waits neither for the thread to load nor for the
   * drawing code to warm up. Once per process: the thread is kept.
   */
  warm(): void {
    if (this.worker) return;
    this.send({ id: this.nextId++, warmUp: true });
  }

  private send(request: RenderRequest | WarmUpRequest): void {
    this.queue.push(request);
    this.next();
  }

  /** Hands the thread the next drawing once it has finished the one before. */
  private next(): void {
    if (this.drawing) return;
    const request = this.queue.shift();
    if (!request) return;
    this.drawing = true;
    this.start().postMessage(request);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // Compiled, the thread runs the built file as the server does (its --conditions included);
    // from source (tests, benchmarks), the TypeScript through tsx's loader, as nothing is built.
    const worker = import.meta.url.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(
            new URL('./render-worker.ts', import.meta.url).href,
          )}, ${JSON.stringify(import.meta.url)}))`,
          { eval: true },
        )
      : new Worker(new URL('./render-worker.js', import.meta.url));
    // An idle drawing thread never keeps the process from exiting.
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      this.drawing = false;
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (waiter && 'error' in reply)
        waiter.reject(new Error(`The report could not be drawn: ${reply.error}`));
      else if (waiter && 'pdf' in reply)
        waiter.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      this.next();
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.drawing = false;
      this.queue.length = 0;
      for (const [, waiter] of this.pending) waiter.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The report's drawing thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** The process's drawing thread. */
export const reportRenderThread = new ReportRenderThread();
