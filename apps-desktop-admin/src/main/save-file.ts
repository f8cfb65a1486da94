import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { BridgeSaveProgress, BridgeSaveRequest, BridgeSaveResult } from '../shared/bridge.js';

/** A file type offered in the save dialog. */
export interface SaveFilter {
  name: string;
  extensions: string[];
}

const KNOWN_TYPES: Record<string, string> = {
  csv: 'CSV file',
  xlsx: 'Excel workbook',
  json: 'JSON file',
  pdf: 'PDF document',
};

/** The save dialog's file types: the suggested name's own, then any file. */
export function saveFilters(fileName: string): SaveFilter[] {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  const own = extension
    ? [{ name: KNOWN_TYPES[extension] ?? `${extension.toUpperCase()} file`, extensions: [extension] }]
    : [];
  return [...own, { name: 'All files', extensions: ['*'] }];
}

/** Node's error codes in words a person can act on. */
const IO_REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'the folder cannot be written to (permission denied)',
  EPERM: 'the folder cannot be written to (permission denied)',
  EROFS: 'the disk is read-only',
  ENOENT: 'the folder no longer exists',
  EISDIR: 'a folder of that name is in the way',
  EBUSY: 'the file is open in another program',
};

/** Why a save failed, naming the file. */
export function saveFailureMessage(fileName: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason =
    (code && IO_REASONS[code]) ||
    (error instanceof Error ? error.message : String(error)) ||
    'an unknown error';
  return `Could not save ${fileName}: ${reason}.`;
}

/**
 * Writes a stream to `target` through a temporary file beside it, renamed into place only once
 * every byte is on disk: a failed or cancelled save leaves neither a half-written file nor the
 * temporary one, and an existing file of that name stays as it was until the new one is whole.
 */
export async function writeFileAtomically(
  target: string,
  body: ReadableStream<Uint8Array> | Uint8Array,
  { signal, onBytes }: { signal?: AbortSignal; onBytes?: (loadedBytes: number) => void } = {},
): Promise<void> {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomUUID().slice(0, 8)}.part`,
  );
  let loaded = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      loaded += chunk.length;
      onBytes?.(loaded);
      callback(null, chunk);
    },
  });
  const source =
    body instanceof Uint8Array
      ? Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)])
      : Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  // "wx": the temporary name is ours alone; never write through someone else's file.
  const file = fs.createWriteStream(temporary, { flags: 'wx' });
  try {
    await pipeline(source, counter, file, { signal });
    await fs.promises.rename(temporary, target);
  } catch (error) {
    // A body that fails at once can end the pipeline while the file is still being opened: removed
    // then, the opening would create it again afterwards. It is removed once the file has closed.
    if (!file.closed) await once(file, 'close').catch(() => undefined);
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

export interface FileSaverPorts {
  /** Asks where to save (the native save dialog); null when the person cancels. */
  chooseTarget(fileName: string, filters: SaveFilter[]): Promise<string | null>;
  /** Downloads an API path from the server, through the same forwarding as the renderer's calls. */
  fetchApi(apiPath: string, init: RequestInit): Promise<Response>;
  /** Tells the renderer how far a save has come. */
  reportProgress(progress: BridgeSaveProgress): void;
  /** The taskbar's (dock's) progress: 0 to 1, "indeterminate" while the size is unknown, null when done. */
  setTaskbarProgress(progress: number | 'indeterminate' | null): void;
}

/** Saves files for the renderer: the dialog, the download, the write, progress and cancel. */
export interface FileSaver {
  save(request: BridgeSaveRequest): Promise<BridgeSaveResult>;
  cancel(id: string): void;
  /** The path of a file this saver wrote, by the id its save answered; never a path from outside. */
  savedPath(savedId: string): string | undefined;
}

export function createFileSaver(ports: FileSaverPorts): FileSaver {
  const running = new Map<string, AbortController>();
  const saved = new Map<string, string>();
  /** Progress of every running save, so the one taskbar bar shows them together. */
  const totals = new Map<string, { loaded: number; total: number | null }>();

  const updateTaskbar = () => {
    if (totals.size === 0) return ports.setTaskbarProgress(null);
    let loaded = 0;
    let total = 0;
    for (const entry of totals.values()) {
      if (entry.total === null) return ports.setTaskbarProgress('indeterminate');
      loaded += entry.loaded;
      total += entry.total;
    }
    ports.setTaskbarProgress(total > 0 ? Math.min(1, loaded / total) : 'indeterminate');
  };

  return {
    async save({ id, fileName, mimeType, source }) {
      if (running.has(id))
        return { status: 'failed', message: `A save with the id ${id} is already running.` };
      const abort = new AbortController();
      running.set(id, abort);
      try {
        const target = await ports.chooseTarget(fileName, saveFilters(fileName));
        if (!target || abort.signal.aborted) return { status: 'cancelled' };
        const savedName = path.basename(target);

        let body: ReadableStream<Uint8Array> | Uint8Array;
        let totalBytes: number | null;
        if ('data' in source) {
          body = source.data;
          totalBytes = source.data.byteLength;
        } else {
          let response: Response;
          try {
            response = await ports.fetchApi(source.apiPath, {
              method: 'GET',
              headers: { Accept: mimeType },
              signal: abort.signal,
            });
          } catch (error) {
            if (abort.signal.aborted) return { status: 'cancelled' };
            return { status: 'failed', message: saveFailureMessage(savedName, error) };
          }
          if (!response.ok) {
            return {
              status: 'refused',
              httpStatus: response.status,
              statusText: response.statusText,
              body: await response.text(),
            };
          }
          const length = Number(response.headers.get('Content-Length'));
          totalBytes = Number.isFinite(length) && length > 0 ? length : null;
          body = response.body ?? new Uint8Array(await response.arrayBuffer());
        }

        totals.set(id, { loaded: 0, total: totalBytes });
        updateTaskbar();
        const onBytes = (loadedBytes: number) => {
          totals.set(id, { loaded: loadedBytes, total: totalBytes });
          updateTaskbar();
          ports.reportProgress({ id, loadedBytes, totalBytes });
        };
        try {
          await writeFileAtomically(target, body, { signal: abort.signal, onBytes });
        } catch (error) {
          if (abort.signal.aborted) return { status: 'cancelled' };
          return { status: 'failed', message: saveFailureMessage(savedName, error) };
        }
        const savedId = randomUUID();
        saved.set(savedId, target);
        return { status: 'saved', fileName: savedName, savedId };
      } finally {
        running.delete(id);
        totals.delete(id);
        updateTaskbar();
      }
    },
    cancel(id) {
      running.get(id)?.abort();
    },
    savedPath(savedId) {
      return saved.get(savedId);
    },
  };
}
