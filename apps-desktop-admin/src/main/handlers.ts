import { EVENT_CHANNELS } from '../shared/bridge.js';
import {
  APP_ORIGIN,
  createApiForwarder,
  scriptReadableCookies,
  type SessionFetch,
} from './api-forwarding.js';
import type { MainHandlers } from './ipc.js';
import { isSignedInLanding } from './navigation.js';
import { createFileSaver, type FileSaver, type SaveFilter } from './save-file.js';
import { checkServerAddress, type ServerAddressStore } from './server-address.js';
import { fetchIdentityProviderOrigins } from './sign-in-origins.js';

/** What the sign-in window may show, and when it is done. */
export interface SignInWindowRules {
  /** The server's origin and its identity provider's: every other address is refused. */
  allowedOrigins: string[];
  isDone(url: string): boolean;
}

/** The Electron side of the desktop client, behind small functions so the logic runs without it. */
export interface DesktopPorts {
  /** fetch on the app's session: its cookies go out, and the ones the server sets are kept. */
  sessionFetch: SessionFetch;
  /** The session's cookies for an address. */
  cookies(url: string): Promise<{ name: string; value: string; httpOnly?: boolean }[]>;
  /** Forgets the session: cookies, storage and cache. */
  clearSession(): Promise<void>;
  /**
   * Shows a page in the sign-in window on the app's session, which may show `allowedOrigins` only;
   * resolves true when `isDone` holds for an address it reached (and closes it), false when the
   * person closed it.
   */
  openSignInWindow(url: string, window: SignInWindowRules): Promise<boolean>;
  chooseSaveTarget(fileName: string, filters: SaveFilter[]): Promise<string | null>;
  showItemInFolder(filePath: string): void;
  openExternal(url: string): void;
  /** Electron 44 made the main process's clipboard asynchronous; the copy is done when this settles. */
  writeClipboard(text: string): Promise<void>;
  setTaskbarProgress(progress: number | 'indeterminate' | null): void;
  /** Sends an event to the app's window. */
  sendToRenderer(channel: string, ...args: unknown[]): void;
}

export interface DesktopMain {
  handlers: MainHandlers;
  /** Answers the renderer's `/api/*` requests (the custom scheme's handler uses it). */
  forwardApi: (request: Request) => Promise<Response>;
  saver: FileSaver;
  serverUrl(): string | null;
  /** Reads the kept address; call once before the window loads. */
  load(): Promise<void>;
}

/**
 * Everything main does for the renderer, on the ports given: the server address, the API
 * forwarding, sign-in and sign-out, saving files. Electron's main and the browser test's host
 * both build it, so both run this code.
 */
export function createDesktopMain(ports: DesktopPorts, store: ServerAddressStore): DesktopMain {
  let server: string | null = null;
  const forwardApi = createApiForwarder({ serverUrl: () => server, fetch: ports.sessionFetch });
  const saver = createFileSaver({
    chooseTarget: ports.chooseSaveTarget,
    fetchApi: (apiPath, init) => forwardApi(new Request(`${APP_ORIGIN}${apiPath}`, init)),
    reportProgress: (progress) => ports.sendToRenderer(EVENT_CHANNELS.saveProgress, progress),
    setTaskbarProgress: ports.setTaskbarProgress,
  });
  const requireServer = () => {
    if (!server) throw new Error('No server is configured yet.');
    return server;
  };

  const handlers: MainHandlers = {
    getServerUrl: async () => server,
    checkServer: (url) => checkServerAddress(url, ports.sessionFetch),
    async setServerUrl(url) {
      const check = await checkServerAddress(url, ports.sessionFetch);
      if (!check.ok) return check;
      if (check.url !== server) {
        // Another server's session is of no use here, and must not follow the admin there.
        if (server) await ports.clearSession();
        await store.write(check.url);
        server = check.url;
      }
      return check;
    },
    serverCookies: async () => (server ? scriptReadableCookies(await ports.cookies(server)) : ''),
    async signIn() {
      const origin = requireServer();
      // Asked at each sign-in, so a provider the server has moved to is followed.
      const identityProvider = await fetchIdentityProviderOrigins(origin, ports.sessionFetch);
      return ports.openSignInWindow(`${origin}/api/login`, {
        allowedOrigins: [origin, ...identityProvider],
        isDone: (url) => isSignedInLanding(url, origin),
      });
    },
    async signOut() {
      const origin = requireServer();
      try {
        // Ends the session at the server too; the server answers with a redirect to its home page.
        await ports.sessionFetch(`${origin}/api/logout`, { method: 'GET', redirect: 'manual' });
      } catch {
        // Unreachable: the session is still forgotten here below.
      }
      await ports.clearSession();
    },
    saveFile: (request) => saver.save(request),
    copyText: (text) => ports.writeClipboard(text),
    cancelSave: (id) => saver.cancel(id),
    showInFolder(savedId) {
      const filePath = saver.savedPath(savedId);
      if (filePath) ports.showItemInFolder(filePath);
    },
    openExternal: (url) => ports.openExternal(url),
  };

  return {
    handlers,
    forwardApi,
    saver,
    serverUrl: () => server,
    async load() {
      server = await store.read();
    },
  };
}
