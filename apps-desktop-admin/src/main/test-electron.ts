import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Clipboard, Dialog, Net, Protocol, SaveDialogReturnValue, Shell } from 'electron';

/**
 * A recording stand-in for the `electron` module as the main process uses it: every call is kept
 * in order, and a test drives what Electron would (app readiness, window and navigation events,
 * IPC messages, requests to the app's scheme). Only what `index.ts` imports exists, so an import of
 * anything else fails the test that loads it; and the parts checked with `satisfies` against
 * Electron's own types cannot drift from the version the app is built with.
 */

export interface Call {
  api: string;
  args: unknown[];
}

type Listener = (...args: unknown[]) => unknown;

/** What a navigation listener is handed: Electron's event, with `preventDefault` recorded. */
export interface NavigationEvent {
  url: string;
  isMainFrame: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
}

export interface FakeElectronOptions {
  /** Where `app.getPath(name)` points: `<userDataRoot>/<name>`. */
  userDataRoot: string;
  /** What `app.requestSingleInstanceLock()` answers: false when another copy already runs. */
  singleInstanceLock?: boolean;
  isPackaged?: boolean;
  /** The server behind `session.fetch`. */
  serverFetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** What the save dialog answers. */
  saveDialog?: (options: { defaultPath?: string }) => SaveDialogReturnValue;
  /** Makes the main window's first load fail, as a broken build would. */
  failLoad?: Error;
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

export function createFakeElectron(options: FakeElectronOptions) {
  const calls: Call[] = [];
  const waiters: { api: string; resolve: () => void }[] = [];
  const record = (api: string, ...args: unknown[]) => {
    calls.push({ api, args });
    for (const waiter of waiters.filter((w) => w.api === api)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  /** Resolves once `api` has been called `count` times in all. */
  const called = (api: string, count = 1): Promise<void> =>
    new Promise((resolve) => {
      const check = () => {
        if (calls.filter((call) => call.api === api).length >= count) return resolve();
        waiters.push({ api, resolve: check });
      };
      check();
    });

  let markReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  let isReady = false;

  const emitNavigation = (target: EventEmitter, eventName: string, url: string, isMainFrame = true) => {
    const event: NavigationEvent = {
      url,
      isMainFrame,
      defaultPrevented: false,
      preventDefault() {
        event.defaultPrevented = true;
      },
    };
    target.emit(eventName, event, url);
    return event;
  };

  class FakeWebContents extends EventEmitter {
    windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      record('webContents.setWindowOpenHandler');
      this.windowOpenHandler = handler;
    }
    /** What main sent to this page, so a test can tell which window got a message. */
    readonly sent: unknown[][] = [];
    send(channel: string, ...args: unknown[]) {
      record('webContents.send', channel, ...args);
      this.sent.push([channel, ...args]);
    }
    /** Emits a navigation event (will-navigate, will-redirect, will-frame-navigate, …) the way Electron does. */
    navigate(eventName: string, url: string, isMainFrame = true) {
      return emitNavigation(this, eventName, url, isMainFrame);
    }
    /** What `window.open(url)` in the page would get. */
    open(url: string) {
      if (!this.windowOpenHandler) throw new Error('No window open handler is set.');
      return this.windowOpenHandler({ url });
    }
  }

  const windows: FakeBrowserWindow[] = [];
  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    minimized = false;
    constructor(readonly options: Record<string, unknown>) {
      super();
      this.title = String(options.title ?? '');
      windows.push(this);
      record('new BrowserWindow', options);
    }
    async loadURL(url: string) {
      record('BrowserWindow.loadURL', url);
      if (options.failLoad && windows.indexOf(this) === 0) throw options.failLoad;
    }
    show() {
      record('BrowserWindow.show');
    }
    close() {
      record('BrowserWindow.close');
      this.emit('closed');
    }
    isMinimized() {
      return this.minimized;
    }
    restore() {
      record('BrowserWindow.restore');
      this.minimized = false;
    }
    focus() {
      record('BrowserWindow.focus');
    }
    setProgressBar(...args: unknown[]) {
      record('BrowserWindow.setProgressBar', ...args);
    }
    title = '';
    setTitle(title: string) {
      record('BrowserWindow.setTitle', title);
      this.title = title;
    }
    /** The page names itself: Electron asks the window's listeners before it shows the title. */
    pageTitleUpdated(title: string) {
      const event = {
        defaultPrevented: false,
        preventDefault() {
          event.defaultPrevented = true;
        },
      };
      this.emit('page-title-updated', event, title, true);
      if (!event.defaultPrevented) this.title = title;
      return event;
    }
  }

  class FakeSession {
    permissionRequestHandler: Listener | null = null;
    permissionCheckHandler: Listener | null = null;
    readonly protocolHandlers = new Map<string, (request: Request) => Promise<Response> | Response>();
    readonly protocol = {
      handle: (scheme: string, handler: (request: Request) => Promise<Response> | Response) => {
        record('session.protocol.handle', scheme);
        this.protocolHandlers.set(scheme, handler);
      },
    };
    readonly cookies = {
      get: async (filter: unknown) => {
        record('session.cookies.get', filter);
        return [] as { name: string; value: string }[];
      },
    };
    constructor(readonly partition: string) {}
    setPermissionRequestHandler(handler: Listener) {
      record('session.setPermissionRequestHandler');
      this.permissionRequestHandler = handler;
    }
    setPermissionCheckHandler(handler: Listener) {
      record('session.setPermissionCheckHandler');
      this.permissionCheckHandler = handler;
    }
    /**
     * What the session's permission request handler answers when a page at `requestingUrl` asks
     * for a permission, as Electron would ask it.
     */
    permits(permission: string, requestingUrl = 'app://admin/admin'): boolean {
      let answer: boolean | undefined;
      this.permissionRequestHandler?.(null, permission, (granted: boolean) => (answer = granted), {
        requestingUrl,
        isMainFrame: true,
      });
      if (answer === undefined) throw new Error(`The permission handler did not answer for ${permission}.`);
      return answer;
    }
    /** What the session's permission check handler answers for a page of `requestingOrigin`. */
    checks(permission: string, requestingOrigin = 'app://admin'): boolean {
      if (!this.permissionCheckHandler) throw new Error('No permission check handler is set.');
      const answer = this.permissionCheckHandler(null, permission, requestingOrigin, {});
      if (typeof answer !== 'boolean')
        throw new Error(`The permission check handler answered ${String(answer)}.`);
      return answer;
    }
    async fetch(url: string, init: RequestInit) {
      record('session.fetch', url, init);
      if (!options.serverFetch) throw new Error('net::ERR_CONNECTION_REFUSED');
      return options.serverFetch(url, init);
    }
    async clearStorageData(storage: unknown) {
      record('session.clearStorageData', storage);
    }
    async clearCache() {
      record('session.clearCache');
    }
    async clearAuthCache() {
      record('session.clearAuthCache');
    }
  }

  const sessions = new Map<string, FakeSession>();
  const invokeHandlers = new Map<string, Listener>();
  const sendListeners = new Map<string, Listener>();

  const app = Object.assign(new EventEmitter(), {
    isPackaged: options.isPackaged ?? false,
    requestSingleInstanceLock() {
      record('app.requestSingleInstanceLock');
      return options.singleInstanceLock ?? true;
    },
    whenReady() {
      record('app.whenReady');
      return readyPromise;
    },
    quit() {
      record('app.quit');
    },
    getPath(name: string) {
      return path.join(options.userDataRoot, name);
    },
  });

  /** The `electron` module's exports, as `vi.doMock('electron', () => electron.module)` hands them over. */
  const module = {
    app,
    BrowserWindow: FakeBrowserWindow,
    clipboard: {
      async writeText(text: string) {
        record('clipboard.writeText', text);
      },
    } satisfies Pick<Clipboard, 'writeText'>,
    dialog: {
      async showSaveDialog(...args: unknown[]) {
        record('dialog.showSaveDialog', ...args);
        const dialogOptions = args.at(-1) as { defaultPath?: string };
        return options.saveDialog?.(dialogOptions) ?? { canceled: true, filePath: '' };
      },
      showErrorBox(title: string, content: string) {
        record('dialog.showErrorBox', title, content);
      },
    } satisfies Pick<Dialog, 'showSaveDialog' | 'showErrorBox'>,
    ipcMain: {
      handle(channel: string, listener: Listener) {
        record('ipcMain.handle', channel);
        invokeHandlers.set(channel, listener);
      },
      on(channel: string, listener: Listener) {
        record('ipcMain.on', channel);
        sendListeners.set(channel, listener);
      },
    },
    Menu: {
      buildFromTemplate(template: unknown[]) {
        record('Menu.buildFromTemplate', template);
        return { template };
      },
      setApplicationMenu(menu: unknown) {
        record('Menu.setApplicationMenu', menu);
      },
    },
    net: {
      // Electron's net.fetch reads file: addresses itself and rejects when the file is missing.
      async fetch(url: string) {
        record('net.fetch', url);
        if (!url.startsWith('file:')) throw new Error(`net.fetch is used only for files here, not ${url}`);
        return new Response(await fs.readFile(fileURLToPath(url)));
      },
    } satisfies Pick<Net, 'fetch'>,
    protocol: {
      registerSchemesAsPrivileged(schemes: unknown) {
        record('protocol.registerSchemesAsPrivileged', schemes, { beforeReady: !isReady });
      },
    } satisfies Pick<Protocol, 'registerSchemesAsPrivileged'>,
    session: {
      fromPartition(partition: string) {
        record('session.fromPartition', partition);
        const existing = sessions.get(partition) ?? new FakeSession(partition);
        sessions.set(partition, existing);
        return existing;
      },
      /** Electron's default session, under the name '' in `sessions`. */
      get defaultSession() {
        const existing = sessions.get('') ?? new FakeSession('');
        sessions.set('', existing);
        return existing;
      },
    },
    shell: {
      async openExternal(url: string) {
        record('shell.openExternal', url);
      },
      showItemInFolder(filePath: string) {
        record('shell.showItemInFolder', filePath);
      },
    } satisfies Pick<Shell, 'openExternal' | 'showItemInFolder'>,
  };

  return {
    module,
    app,
    calls,
    called,
    windows,
    sessions,
    /** Every call to one API, oldest first. */
    callsTo: (api: string) => calls.filter((call) => call.api === api).map((call) => call.args),
    /** Electron has finished initialising: `whenReady()` resolves. */
    ready() {
      isReady = true;
      markReady();
    },
    /** A message the renderer invokes (ipcRenderer.invoke), from the frame at `senderUrl`. */
    invoke(channel: string, senderUrl: string, ...args: unknown[]) {
      const handler = invokeHandlers.get(channel);
      if (!handler) throw new Error(`No handler for ${channel}.`);
      return Promise.resolve(handler({ senderFrame: { url: senderUrl } }, ...args));
    },
    /** A message the renderer sends (ipcRenderer.send), from the frame at `senderUrl`. */
    send(channel: string, senderUrl: string, ...args: unknown[]) {
      const listener = sendListeners.get(channel);
      if (!listener) throw new Error(`No listener for ${channel}.`);
      listener({ senderFrame: { url: senderUrl } }, ...args);
    },
    invokeChannels: () => [...invokeHandlers.keys()],
    sendChannels: () => [...sendListeners.keys()],
    /** A web contents Electron creates elsewhere (a devtools page, a popup), announced to the app. */
    createWebContents() {
      const contents = new FakeWebContents();
      app.emit('web-contents-created', {}, contents);
      return contents;
    },
  };
}
