import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  SEND_CHANNELS,
  type BridgeSaveProgress,
  type BridgeSaveResult,
  type DesktopBridge,
  type ServerCheck,
} from '../shared/bridge.js';

/** The part of `ipcRenderer` the bridge uses; an Electron-free stand-in can take its place. */
export interface RendererIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  send(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): void;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): void;
}

/**
 * Builds the bridge the preload exposes: one function per channel, each passing only its own
 * arguments, so the renderer never holds `ipcRenderer` and cannot pick a channel. Main validates
 * every payload again; this side only shapes the calls.
 */
export function createBridge(ipc: RendererIpc): DesktopBridge {
  const subscribe = <T extends unknown[]>(channel: string, listener: (...args: T) => void) => {
    // The IPC event stays here: it carries `sender`, which the renderer has no business with.
    const wrapped = (_event: unknown, ...args: unknown[]) => listener(...(args as T));
    ipc.on(channel, wrapped);
    return () => ipc.removeListener(channel, wrapped);
  };
  return {
    getServerUrl: async () => (await ipc.invoke(INVOKE_CHANNELS.getServerUrl)) as string | null,
    checkServer: async (url) => (await ipc.invoke(INVOKE_CHANNELS.checkServer, url)) as ServerCheck,
    setServerUrl: async (url) => (await ipc.invoke(INVOKE_CHANNELS.setServerUrl, url)) as ServerCheck,
    serverCookies: async () => (await ipc.invoke(INVOKE_CHANNELS.serverCookies)) as string,
    signIn: async () => (await ipc.invoke(INVOKE_CHANNELS.signIn)) as boolean,
    signOut: async () => {
      await ipc.invoke(INVOKE_CHANNELS.signOut);
    },
    saveFile: async (request) => (await ipc.invoke(INVOKE_CHANNELS.saveFile, request)) as BridgeSaveResult,
    cancelSave: (id) => ipc.send(SEND_CHANNELS.cancelSave, id),
    onSaveProgress: (listener) =>
      subscribe<[BridgeSaveProgress]>(EVENT_CHANNELS.saveProgress, (progress) => listener(progress)),
    showInFolder: (savedId) => ipc.send(SEND_CHANNELS.showInFolder, savedId),
    openExternal: (url) => ipc.send(SEND_CHANNELS.openExternal, url),
    copyText: async (text) => {
      await ipc.invoke(INVOKE_CHANNELS.copyText, text);
    },
    onChangeServer: (listener) => subscribe<[]>(EVENT_CHANNELS.changeServer, () => listener()),
  };
}
