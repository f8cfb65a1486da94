import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeSaveProgress } from '../shared/bridge.js';
import {
  createFileSaver,
  saveFailureMessage,
  saveFilters,
  writeFileAtomically,
  type FileSaverPorts,
} from './save-file.js';

const encoder = new TextEncoder();

/** A body that sends the pieces given, then waits for `release` before it ends. */
function heldStream(pieces: string[]) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      await released;
      controller.close();
    },
  });
  return { stream, release };
}

describe('saving files', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-desktop-save-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function saver(overrides: Partial<FileSaverPorts> = {}) {
    const progress: BridgeSaveProgress[] = [];
    const taskbar: (number | 'indeterminate' | null)[] = [];
    const ports: FileSaverPorts = {
      chooseTarget: async (fileName) => path.join(dir, fileName),
      fetchApi: async () => new Response('id,name\n1,Ada\n', { headers: { 'Content-Length': '14' } }),
      reportProgress: (p) => progress.push(p),
      setTaskbarProgress: (p) => taskbar.push(p),
      ...overrides,
    };
    return { saver: createFileSaver(ports), progress, taskbar };
  }

  it('streams an API download to the chosen file, with progress in the app and on the taskbar', async () => {
    const requested: { apiPath: string; accept: string | null }[] = [];
    const {
      saver: files,
      progress,
      taskbar,
    } = saver({
      fetchApi: async (apiPath, init) => {
        requested.push({ apiPath, accept: new Headers(init.headers).get('Accept') });
        return new Response('id,name\n1,Ada\n', { headers: { 'Content-Length': '14' } });
      },
    });
    const result = await files.save({
      id: 'save-1',
      fileName: 'submissions.csv',
      mimeType: 'text/csv',
      source: { apiPath: '/api/admin/submissions/export/csv?domain=acme.example' },
    });
    expect(result).toMatchObject({ status: 'saved', fileName: 'submissions.csv' });
    expect(requested).toEqual([
      { apiPath: '/api/admin/submissions/export/csv?domain=acme.example', accept: 'text/csv' },
    ]);
    expect(fs.readFileSync(path.join(dir, 'submissions.csv'), 'utf8')).toBe('id,name\n1,Ada\n');
    expect(progress.at(-1)).toEqual({ id: 'save-1', loadedBytes: 14, totalBytes: 14 });
    expect(taskbar[0]).toBe(0);
    expect(taskbar).toContain(1);
    expect(taskbar.at(-1)).toBeNull();
    // "Show in folder" finds the file by the id the save answered, and by nothing else.
    expect(result.status === 'saved' && files.savedPath(result.savedId)).toBe(
      path.join(dir, 'submissions.csv'),
    );
    expect(files.savedPath('/etc/passwd')).toBeUndefined();
  });

  it('writes bytes handed over, and shows an unknown size as indeterminate', async () => {
    const { saver: files, taskbar } = saver({
      fetchApi: async () => new Response(streamOf('{"a":1}')),
    });
    await files.save({
      id: 'b',
      fileName: 'backup.json',
      mimeType: 'application/json',
      source: { data: encoder.encode('{"content":1}') },
    });
    expect(fs.readFileSync(path.join(dir, 'backup.json'), 'utf8')).toBe('{"content":1}');
    await files.save({
      id: 'c',
      fileName: 'one.json',
      mimeType: 'application/json',
      source: { apiPath: '/api/x' },
    });
    expect(taskbar).toContain('indeterminate');
  });

  it('does nothing when the dialog is dismissed', async () => {
    const fetched: string[] = [];
    const { saver: files } = saver({
      chooseTarget: async () => null,
      fetchApi: async (apiPath) => {
        fetched.push(apiPath);
        return new Response('x');
      },
    });
    expect(
      await files.save({ id: 'd', fileName: 'x.csv', mimeType: 'text/csv', source: { apiPath: '/api/x' } }),
    ).toEqual({
      status: 'cancelled',
    });
    expect(fetched).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('returns a refused download with the server’s status and message, writing nothing', async () => {
    const body = JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'query.domain: Required' });
    const { saver: files } = saver({
      fetchApi: async () => new Response(body, { status: 400, statusText: 'Bad Request' }),
    });
    expect(
      await files.save({ id: 'e', fileName: 'x.csv', mimeType: 'text/csv', source: { apiPath: '/api/x' } }),
    ).toEqual({
      status: 'refused',
      httpStatus: 400,
      statusText: 'Bad Request',
      body,
    });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('cancels mid-download, leaving neither the file nor a temporary one, and an older file as it was', async () => {
    fs.writeFileSync(path.join(dir, 'big.xlsx'), 'the older export');
    const { stream } = heldStream(['first part of the workbook']);
    const { saver: files, progress } = saver({ fetchApi: async () => new Response(stream) });
    const saving = files.save({
      id: 'f',
      fileName: 'big.xlsx',
      mimeType: 'application/octet-stream',
      source: { apiPath: '/api/x' },
    });
    await expect.poll(() => progress.length).toBeGreaterThan(0);
    files.cancel('f');
    expect(await saving).toEqual({ status: 'cancelled' });
    expect(fs.readdirSync(dir)).toEqual(['big.xlsx']);
    expect(fs.readFileSync(path.join(dir, 'big.xlsx'), 'utf8')).toBe('the older export');
  });

  it('says why a write failed, and leaves no half-written file', async () => {
    const { saver: files } = saver({ chooseTarget: async (name) => path.join(dir, 'gone', name) });
    const result = await files.save({
      id: 'g',
      fileName: 'x.csv',
      mimeType: 'text/csv',
      source: { apiPath: '/api/x' },
    });
    expect(result).toEqual({
      status: 'failed',
      message: 'Could not save x.csv: the folder no longer exists.',
    });

    // A body that breaks off halfway: the server went away mid-export.
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('half of it'));
        controller.error(new Error('the connection was cut off'));
      },
    });
    await expect(writeFileAtomically(path.join(dir, 'half.csv'), broken)).rejects.toThrow(
      'the connection was cut off',
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('offers the file’s own type in the dialog, and names disk errors plainly', () => {
    expect(saveFilters('submissions-acme.xlsx')).toEqual([
      { name: 'Excel workbook', extensions: ['xlsx'] },
      { name: 'All files', extensions: ['*'] },
    ]);
    expect(saveFilters('msp-automation-report-acme-2026-03-04.pdf')).toEqual([
      { name: 'PDF document', extensions: ['pdf'] },
      { name: 'All files', extensions: ['*'] },
    ]);
    expect(saveFilters('notes')).toEqual([{ name: 'All files', extensions: ['*'] }]);
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(saveFailureMessage('x.csv', full)).toBe('Could not save x.csv: the disk is full.');
  });
});

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(text));
      controller.close();
    },
  });
}
