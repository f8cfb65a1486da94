import { describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS, SEND_CHANNELS } from '../shared/bridge.js';
import { registerIpcHandlers, type IpcSenderEvent, type MainHandlers, type MainIpc } from './ipc.js';

type Listener = (event: IpcSenderEvent, ...args: unknown[]) => unknown;

/** ipcMain's registry, and every call that reached a handler. */
function setUp() {
  const invoke = new Map<string, Listener>();
  const send = new Map<string, Listener>();
  const ipc: MainIpc = {
    handle: (channel, listener) => invoke.set(channel, listener),
    on: (channel, listener) => send.set(channel, listener),
  };
  const calls: [string, unknown[]][] = [];
  const record =
    (name: string, answer: unknown = undefined) =>
    (...args: unknown[]) => {
      calls.push([name, args]);
      return answer;
    };
  const handlers: MainHandlers = {
    getServerUrl: record(
      'getServerUrl',
      Promise.resolve('https://assess.example.com'),
    ) as MainHandlers['getServerUrl'],
    checkServer: record('checkServer') as MainHandlers['checkServer'],
    setServerUrl: record('setServerUrl') as MainHandlers['setServerUrl'],
    serverCookies: record('serverCookies') as MainHandlers['serverCookies'],
    signIn: record('signIn') as MainHandlers['signIn'],
    signOut: record('signOut') as MainHandlers['signOut'],
    saveFile: record('saveFile', Promise.resolve({ status: 'cancelled' })) as MainHandlers['saveFile'],
    copyText: record('copyText') as MainHandlers['copyText'],
    cancelSave: record('cancelSave'),
    showInFolder: record('showInFolder'),
    openExternal: record('openExternal'),
  };
  const logs: string[] = [];
  registerIpcHandlers(ipc, handlers, {
    isTrustedSender: (url) => url.startsWith('app://admin/'),
    log: (message) => logs.push(message),
  });
  const app: IpcSenderEvent = { senderFrame: { url: 'app://admin/admin/submissions' } };
  return { invoke, send, calls, logs, app };
}

const save = (overrides: Record<string, unknown> = {}) => ({
  id: 'save-1',
  fileName: 'submissions-acme.example-2026-11-24.xlsx',
  mimeType: 'text/csv',
  source: { apiPath: '/api/admin/submissions/export/csv?domain=acme.example' },
  ...overrides,
});

describe('IPC validation in main', () => {
  it('registers every channel of the contract', () => {
    const { invoke, send } = setUp();
    expect([...invoke.keys()].sort()).toEqual(Object.values(INVOKE_CHANNELS).sort());
    expect([...send.keys()].sort()).toEqual(Object.values(SEND_CHANNELS).sort());
  });

  it('hands a valid payload to its handler', async () => {
    const { invoke, send, calls, app } = setUp();
    expect(await invoke.get(INVOKE_CHANNELS.saveFile)!(app, save())).toEqual({ status: 'cancelled' });
    const bytes = new Uint8Array([1, 2, 3]);
    await invoke.get(INVOKE_CHANNELS.saveFile)!(
      app,
      save({ fileName: 'backup.json', source: { data: bytes } }),
    );
    send.get(SEND_CHANNELS.openExternal)!(app, 'https://provider.example/privacy');
    expect(calls).toEqual([
      ['saveFile', [save()]],
      ['saveFile', [save({ fileName: 'backup.json', source: { data: bytes } })]],
      ['openExternal', ['https://provider.example/privacy']],
    ]);
  });

  it('rejects a bad payload naming the field, before any handler runs', async () => {
    const { invoke, calls, app } = setUp();
    const saveFile = invoke.get(INVOKE_CHANNELS.saveFile)!;
    await expect(saveFile(app, save({ fileName: '../../.bashrc' }))).rejects.toThrow(
      'Invalid file:save payload: 0.fileName must be a file name without a folder',
    );
    await expect(saveFile(app, save({ fileName: 'C:\\Windows\\x.csv' }))).rejects.toThrow('0.fileName');
    await expect(saveFile(app, save({ source: { apiPath: 'https://evil.example/api/x' } }))).rejects.toThrow(
      '0.source',
    );
    await expect(
      saveFile(app, save({ source: { apiPath: '/api/x', data: new Uint8Array() } })),
    ).rejects.toThrow('Invalid file:save payload');
    await expect(saveFile(app, { ...save(), path: '/etc' })).rejects.toThrow('Invalid file:save payload');
    await expect(saveFile(app)).rejects.toThrow('Invalid file:save payload');
    await expect(invoke.get(INVOKE_CHANNELS.checkServer)!(app, 42)).rejects.toThrow(
      'Invalid server:check payload',
    );
    await expect(invoke.get(INVOKE_CHANNELS.getServerUrl)!(app, 'extra')).rejects.toThrow(
      'Invalid server:get payload',
    );
    expect(calls).toEqual([]);
  });

  it('drops a bad message on a send channel, and logs why', () => {
    const { send, calls, logs, app } = setUp();
    send.get(SEND_CHANNELS.openExternal)!(app, 'file:///C:/Windows/system32/calc.exe');
    send.get(SEND_CHANNELS.showInFolder)!(app, { path: '/etc/passwd' });
    expect(calls).toEqual([]);
    expect(logs).toEqual([
      'Invalid link:open payload: 0 must be an http or https address',
      expect.stringContaining('Invalid file:show payload: 0'),
    ]);
  });

  it('refuses messages from any frame but the app’s own', async () => {
    const { invoke, send, calls, logs } = setUp();
    const stranger: IpcSenderEvent = { senderFrame: { url: 'https://evil.example/' } };
    await expect(invoke.get(INVOKE_CHANNELS.signOut)!(stranger)).rejects.toThrow('session:sign-out refused');
    await expect(invoke.get(INVOKE_CHANNELS.signOut)!({ senderFrame: null })).rejects.toThrow('refused');
    send.get(SEND_CHANNELS.openExternal)!(stranger, 'https://provider.example/');
    expect(calls).toEqual([]);
    expect(logs).toEqual(['link:open refused: not sent by the app']);
  });
});
