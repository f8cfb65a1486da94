/**
 * The contract between the renderer and the main process: the IPC channels, what each carries, and
 * the bridge the preload exposes as `window.mspDesktop`. Types and names only: main, preload and
 * renderer all import it, so it imports nothing from Electron or Node.
 */

/** The global the preload defines in the renderer. */
export const BRIDGE_GLOBAL = 'mspDesktop';

/** Invoked by the renderer (ipcRenderer.invoke / ipcMain.handle). */
export const INVOKE_CHANNELS = {
  getServerUrl: 'server:get',
  checkServer: 'server:check',
  setServerUrl: 'server:set',
  serverCookies: 'session:cookies',
  signIn: 'session:sign-in',
  signOut: 'session:sign-out',
  saveFile: 'file:save',
  copyText: 'clipboard:write',
} as const;

/** Sent by the renderer without an answer (ipcRenderer.send / ipcMain.on). */
export const SEND_CHANNELS = {
  cancelSave: 'file:cancel',
  showInFolder: 'file:show',
  openExternal: 'link:open',
} as const;

/** Sent by main to the renderer (webContents.send / ipcRenderer.on). */
export const EVENT_CHANNELS = {
  saveProgress: 'file:progress',
  changeServer: 'server:change',
} as const;

/** The answer to a server address check: the address as it will be used, or why it cannot be. */
export type ServerCheck = { ok: true; url: string; productName: string } | { ok: false; error: string };

/** A save's source as it crosses IPC: an API path main downloads, or the bytes themselves. */
export type BridgeSaveSource = { apiPath: string } | { data: Uint8Array };

export interface BridgeSaveRequest {
  /** Chosen by the renderer, so progress events and a cancel can name the save. */
  id: string;
  fileName: string;
  mimeType: string;
  source: BridgeSaveSource;
}

/**
 * How a save ended. A refused download comes back with the server's status and body, so the
 * renderer can raise the same `ApiError` as the browser; anything else that failed says why.
 */
export type BridgeSaveResult =
  | { status: 'saved'; fileName: string; savedId: string }
  | { status: 'cancelled' }
  | { status: 'refused'; httpStatus: number; statusText: string; body: string }
  | { status: 'failed'; message: string };

export interface BridgeSaveProgress {
  id: string;
  loadedBytes: number;
  totalBytes: number | null;
}

/**
 * What the renderer may ask of main: one narrow function per channel, never `ipcRenderer` itself.
 * Functions that subscribe return their unsubscribe.
 */
export interface DesktopBridge {
  /** The configured server's address, or null before the first run's choice. */
  getServerUrl(): Promise<string | null>;
  /** Checks an address the user typed (scheme, host, GET /api/config) without keeping it. */
  checkServer(url: string): Promise<ServerCheck>;
  /** Checks an address and, when it answers, keeps it as the server. */
  setServerUrl(url: string): Promise<ServerCheck>;
  /**
   * The server's cookies that its own pages' scripts could read (`document.cookie` there), as one
   * `name=value; …` string: the renderer takes its CSRF token from them as the browser does.
   */
  serverCookies(): Promise<string>;
  /** Opens the server's sign-in page in a window; true once signed in, false if it was closed. */
  signIn(): Promise<boolean>;
  /** Signs out at the server and clears the app's session (cookies and storage). */
  signOut(): Promise<void>;
  /** Asks where to save (a native dialog), then writes the file, reporting progress by id. */
  saveFile(request: BridgeSaveRequest): Promise<BridgeSaveResult>;
  cancelSave(id: string): void;
  onSaveProgress(listener: (progress: BridgeSaveProgress) => void): () => void;
  /** Shows a file this app saved (by the id the save answered) in the file manager. */
  showInFolder(savedId: string): void;
  /** Opens an http or https address in the system browser. */
  openExternal(url: string): void;
  copyText(text: string): Promise<void>;
  /** The menu's "Change server…". */
  onChangeServer(listener: () => void): () => void;
}
