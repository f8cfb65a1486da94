import { describe, expect, it } from 'vitest';
import { registerIpcHandlers, type IpcSenderEvent, type MainHandlers } from '../main/ipc.js';
import { EVENT_CHANNELS, INVOKE_CHANNELS, SEND_CHANNELS, type DesktopBridge } from '../shared/bridge.js';
import { createBridge, type RendererIpc } from './bridge.js';

type Listener = (event: unknown, ...args: unknown[]) => void;

/** ipcRenderer as the preload sees it, recording what goes out and letting the test emit events. */
function recordingIpc() {
  const sent: [string, string, unknown[]][] = [];
  const listeners = new Map<string, Set<Listener>>();
  const ipc: RendererIpc = {
    invoke: async (channel, ...args) => {
      sent.push(['invoke', channel, args]);
      return `answer to ${channel}`;
    },
    send: (channel, ...args) => void sent.push(['send', channel, args]),
    on: (channel, listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    },
    removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
  };
  const emit = (channel: string, ...args: unknown[]) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'ipc internals' }, ...args);
  };
  return { ipc, sent, emit, listeners };
}

describe('the preload bridge', () => {
  it('exposes exactly the contract’s functions, and no way to reach ipcRenderer', () => {
    const bridge = createBridge(recordingIpc().ipc);
    const contract: (keyof DesktopBridge)[] = [
      'getServerUrl',
      'checkServer',
      'setServerUrl',
      'serverCookies',
      'signIn',
      'signOut',
      'saveFile',
      'cancelSave',
      'onSaveProgress',
      'showInFolder',
      'openExternal',
      'copyText',
      'onChangeServer',
    ];
    expect(Object.keys(bridge).sort()).toEqual([...contract].sort());
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
  });

  it('sends each call on its own channel with only its own arguments', async () => {
    const { ipc, sent } = recordingIpc();
    const bridge = createBridge(ipc);
    const request = { id: '1', fileName: 'a.csv', mimeType: 'text/csv', source: { apiPath: '/api/x' } };
    expect(await bridge.checkServer('https://assess.example.com')).toBe(
      `answer to ${INVOKE_CHANNELS.checkServer}`,
    );
    await bridge.saveFile(request);
    await bridge.signOut();
    bridge.cancelSave('1');
    bridge.showInFolder('saved-1');
    bridge.openExternal('https://provider.example/');
    expect(sent).toEqual([
      ['invoke', INVOKE_CHANNELS.checkServer, ['https://assess.example.com']],
      ['invoke', INVOKE_CHANNELS.saveFile, [request]],
      ['invoke', INVOKE_CHANNELS.signOut, []],
      ['send', SEND_CHANNELS.cancelSave, ['1']],
      ['send', SEND_CHANNELS.showInFolder, ['saved-1']],
      ['send', SEND_CHANNELS.openExternal, ['https://provider.example/']],
    ]);
  });

  it('passes events on without the IPC event, and stops when unsubscribed', () => {
    const { ipc, emit, listeners } = recordingIpc();
    const bridge = createBridge(ipc);
    const progress: unknown[][] = [];
    const stop = bridge.onSaveProgress((...args) => progress.push(args));
    let changes = 0;
    const stopChanges = bridge.onChangeServer(() => (changes += 1));
    emit(EVENT_CHANNELS.saveProgress, { id: '1', loadedBytes: 5, totalBytes: 10 });
    emit(EVENT_CHANNELS.changeServer);
    stop();
    stopChanges();
    emit(EVENT_CHANNELS.saveProgress, { id: '1', loadedBytes: 10, totalBytes: 10 });
    emit(EVENT_CHANNELS.changeServer);
    expect(progress).toEqual([[{ id: '1', loadedBytes: 5, totalBytes: 10 }]]);
    expect(changes).toBe(1);
    expect(listeners.get(EVENT_CHANNELS.saveProgress)?.size).toBe(0);
  });

  it('speaks the same channels and payloads that main validates', async () => {
    // The bridge wired straight to main's registration: every call must pass main's schemas.
    const invoke = new Map<string, (event: IpcSenderEvent, ...args: unknown[]) => unknown>();
    const send = new Map<string, (event: IpcSenderEvent, ...args: unknown[]) => unknown>();
    const reached: string[] = [];
    const handlers = new Proxy({} as MainHandlers, {
      get:
        (_target, name: string) =>
        (..._args: unknown[]) => {
          reached.push(name);
          return name === 'serverCookies' ? 'crumb=abc' : undefined;
        },
    });
    const logs: string[] = [];
    registerIpcHandlers(
      {
        handle: (channel, listener) => invoke.set(channel, listener),
        on: (channel, listener) => send.set(channel, listener),
      },
      handlers,
      { isTrustedSender: () => true, log: (message) => logs.push(message) },
    );
    const app: IpcSenderEvent = { senderFrame: { url: 'app://admin/' } };
    const bridge = createBridge({
      invoke: async (channel, ...args) => invoke.get(channel)!(app, ...args),
      send: (channel, ...args) => void send.get(channel)!(app, ...args),
      on: () => undefined,
      removeListener: () => undefined,
    });
    await bridge.getServerUrl();
    await bridge.checkServer('assess.example.com');
    await bridge.setServerUrl('https://assess.example.com');
    expect(await bridge.serverCookies()).toBe('crumb=abc');
    await bridge.signIn();
    await bridge.signOut();
    await bridge.saveFile({
      id: '1',
      fileName: 'a.xlsx',
      mimeType: 'application/octet-stream',
      source: { apiPath: '/api/x?y=1' },
    });
    await bridge.saveFile({
      id: '2',
      fileName: 'b.json',
      mimeType: 'application/json',
      source: { data: new Uint8Array([123, 125]) },
    });
    await bridge.copyText('msp_live_token');
    bridge.cancelSave('1');
    bridge.showInFolder('saved-1');
    bridge.openExternal('https://provider.example/');
    expect(logs).toEqual([]);
    expect(reached).toEqual([
      'getServerUrl',
      'checkServer',
      'setServerUrl',
      'serverCookies',
      'signIn',
      'signOut',
      'saveFile',
      'saveFile',
      'copyText',
      'cancelSave',
      'showInFolder',
      'openExternal',
    ]);
  });
});
