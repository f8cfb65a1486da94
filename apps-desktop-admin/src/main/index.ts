import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  net,
  protocol,
  session as electronSession,
  shell,
  type Session,
  type WebContents,
} from 'electron';
import { EVENT_CHANNELS } from '../shared/bridge.js';
import { APP_ORIGIN, APP_SCHEME } from './api-forwarding.js';
import { createDesktopMain, type SignInWindowRules } from './handlers.js';
import { registerIpcHandlers } from './ipc.js';
import { applicationMenuTemplate } from './menu.js';
import {
  isAppUrl,
  isExternalUrl,
  mainWindowNavigation,
  signInWindowNavigation,
  signInWindowTitle,
  type NavigationDecision,
} from './navigation.js';
import { isPermissionGranted } from './permissions.js';
import { contentTypeOf, RENDERER_CSP, rendererFilePath } from './renderer-files.js';
import { createServerAddressStore } from './server-address.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const RENDERER_DIR = path.join(here, '../renderer');
const PRELOAD = path.join(here, '../preload/index.cjs');
/** The app's own session: its cookies are the admin's sign-in, kept between runs. */
const PARTITION = 'persist:msp-admin';

// Before "ready": the renderer's scheme is a standard, secure origin with fetch, like https.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
]);

let mainWindow: BrowserWindow | null = null;
let lastSaveFolder: string | null = null;

/** Web preferences every window of the app shares (Electron's security checklist). */
const SAFE_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  // A middle click would otherwise open a link as a new window, past the navigation rules.
  disableBlinkFeatures: 'Auxclick',
} as const;

/** Applies a navigation rule to a window's own navigations, redirects and window.open calls. */
function guardNavigation(contents: WebContents, decide: (url: string) => NavigationDecision): void {
  const onNavigate = (event: { preventDefault(): void }, url: string) => {
    const decision = decide(url);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'external') void shell.openExternal(url);
  };
  contents.on('will-navigate', onNavigate);
  contents.on('will-redirect', onNavigate);
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame && decide(event.url) !== 'allow') event.preventDefault();
  });
  // No window opens by itself: what the window's rule sends to the system browser goes there.
  contents.setWindowOpenHandler(({ url }) => {
    if (decide(url) === 'external') void shell.openExternal(url);
    return { action: 'deny' };
  });
}

function openSignInWindow(ses: Session, url: string, rules: SignInWindowRules) {
  return new Promise<boolean>((resolve) => {
    const window = new BrowserWindow({
      parent: mainWindow ?? undefined,
      width: 520,
      height: 760,
      title: signInWindowTitle(url),
      autoHideMenuBar: true,
      webPreferences: { ...SAFE_PREFERENCES, session: ses },
    });
    let done = false;
    guardNavigation(window.webContents, (next) => signInWindowNavigation(next, rules.allowedOrigins));
    // The title shows where the page is from, never what the page calls itself.
    window.on('page-title-updated', (event) => event.preventDefault());
    window.webContents.on('did-navigate', (_event, reached) => window.setTitle(signInWindowTitle(reached)));
    const { isDone } = rules;
    const check = (_event: unknown, reached: string) => {
      if (done || !isDone(reached)) return;
      done = true;
      resolve(true);
      window.close();
    };
    window.webContents.on('did-navigate', check);
    window.webContents.on('did-redirect-navigation', check);
    window.on('closed', () => {
      if (!done) resolve(false);
    });
    void window.loadURL(url);
  });
}

async function serveRenderer(request: Request): Promise<Response> {
  const file = rendererFilePath(RENDERER_DIR, new URL(request.url).pathname);
  if (!file) return new Response('Not found', { status: 404 });
  // A missing file is a network error to net.fetch (it rejects); the renderer should see a 404.
  const response = await net.fetch(pathToFileURL(file).href).catch(() => null);
  if (!response?.ok) return new Response('Not found', { status: 404 });
  return new Response(response.body, {
    headers: {
      'Content-Type': contentTypeOf(file),
      'Content-Security-Policy': RENDERER_CSP,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

async function start(): Promise<void> {
  const ses = electronSession.fromPartition(PARTITION);
  // No camera, notifications or geolocation: the admin needs none, and asked or checked, every
  // permission but writing the clipboard from the app's own pages is denied. The default session
  // too, which no window of the app uses, should one ever be opened on it.
  for (const target of [ses, electronSession.defaultSession]) {
    target.setPermissionRequestHandler((_contents, permission, callback, details) =>
      callback(isPermissionGranted(permission, details.requestingUrl)),
    );
    target.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
      isPermissionGranted(permission, requestingOrigin),
    );
  }

  const store = createServerAddressStore(path.join(app.getPath('userData'), 'server.json'));
  const desktop = createDesktopMain(
    {
      sessionFetch: (url, init) => ses.fetch(url, { ...init, credentials: 'include' }),
      cookies: (url) => ses.cookies.get({ url }),
      clearSession: async () => {
        // Cookies and caches only: the app's own storage keeps the theme.
        await ses.clearStorageData({ storages: ['cookies', 'cachestorage', 'serviceworkers'] });
        await ses.clearCache();
        await ses.clearAuthCache();
      },
      openSignInWindow: (url, rules) => openSignInWindow(ses, url, rules),
      chooseSaveTarget: async (fileName, filters) => {
        const folder = lastSaveFolder ?? app.getPath('downloads');
        const options = { defaultPath: path.join(folder, fileName), filters };
        const choice = mainWindow
          ? await dialog.showSaveDialog(mainWindow, options)
          : await dialog.showSaveDialog(options);
        if (choice.canceled || !choice.filePath) return null;
        lastSaveFolder = path.dirname(choice.filePath);
        return choice.filePath;
      },
      showItemInFolder: (filePath) => shell.showItemInFolder(filePath),
      openExternal: (url) => {
        if (isExternalUrl(url)) void shell.openExternal(url);
      },
      writeClipboard: (text) => clipboard.writeText(text),
      setTaskbarProgress: (progress) => {
        if (!mainWindow) return;
        if (progress === null) mainWindow.setProgressBar(-1);
        else if (progress === 'indeterminate') mainWindow.setProgressBar(2, { mode: 'indeterminate' });
        else mainWindow.setProgressBar(progress);
      },
      sendToRenderer: (channel, ...args) => mainWindow?.webContents.send(channel, ...args),
    },
    store,
  );
  await desktop.load();

  ses.protocol.handle(APP_SCHEME, (request) =>
    new URL(request.url).pathname.startsWith('/api/') ? desktop.forwardApi(request) : serveRenderer(request),
  );
  registerIpcHandlers(ipcMain, desktop.handlers, {
    isTrustedSender: isAppUrl,
  });
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      applicationMenuTemplate({
        platform: process.platform,
        isPackaged: app.isPackaged,
        changeServer: () => mainWindow?.webContents.send(EVENT_CHANNELS.changeServer),
      }),
    ),
  );

  mainWindow = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 720,
    minHeight: 520,
    title: 'MSP Maturity Admin',
    show: false,
    backgroundColor: '#1c2127',
    webPreferences: { ...SAFE_PREFERENCES, session: ses, preload: PRELOAD },
  });
  guardNavigation(mainWindow.webContents, mainWindowNavigation);
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  await mainWindow.loadURL(`${APP_ORIGIN}/`);
}

// No embedded browser views anywhere, whatever a page asks.
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox('MSP Maturity Admin could not start', String(error));
      app.quit();
    });
}
