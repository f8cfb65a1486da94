import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the endless server answered: how much it wrote before the client hung up. */
export interface EndlessAnswer {
  path: string;
  /** Bytes of body written (accepted by the socket) so far. */
  bytesWritten: number;
  /** Resolves once the client closed the connection, with the bytes written by then. */
  disconnected: Promise<number>;
}

export interface EndlessAnswerServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  answers: EndlessAnswer[];
  close(): Promise<void>;
}

/**
 * A peer that answers every request with `status` and a body that never ends: `start`, then
 * 16 KB of filler a millisecond, until the client disconnects. It stands in for
 * a webhook receiver, model or identity provider answering gigabytes, without a test ever sending
 * them: the client must hang up after the little it reads.
 */
export async function startEndlessAnswerServer(
  status: number,
  start = '{"data": "',
  contentType = 'application/json',
): Promise<EndlessAnswerServer> {
  const answers: EndlessAnswer[] = [];
  const filler = Buffer.alloc(16 * 1024, 'x');
  const server = http.createServer((request, response) => {
    request.resume();
    let resolveDisconnected!: (bytes: number) => void;
    const answer: EndlessAnswer = {
      path: request.url ?? '',
      bytesWritten: 0,
      disconnected: new Promise((resolve) => (resolveDisconnected = resolve)),
    };
    answers.push(answer);
    let open = true;
    response.on('close', () => {
      open = false;
      resolveDisconnected(answer.bytesWritten);
    });
    response.writeHead(status, { 'content-type': contentType });
    const write = (chunk: Buffer) => {
      answer.bytesWritten += chunk.byteLength;
      return response.write(chunk);
    };
    write(Buffer.from(start));
    // Paced, so what was written when the client hangs up is about what it read: written all at
    // once, the kernel's socket buffers would take megabytes before the client reads a byte.
    const pump = setInterval(() => {
      if (!open) clearInterval(pump);
      else if (!response.writableNeedDrain) write(filler);
    }, 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
