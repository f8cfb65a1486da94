import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNELS, INVOKE_CHANNELS, SEND_CHANNELS } from '../shared/bridge.js';
import { applicationMenuTemplate } from './menu.js';
import { RENDERER_CSP } from './renderer-files.js';
import { createFakeElectron, type FakeElectron, type FakeElectronOptions } from './test-electron.js';
import { PRODUCT_CONFIG } from './test-server-config.js';

/**
 * index.ts is the one file that only Electron runs: it wires the tested modules to Electron's
 * APIs. Here it runs against a recording stand-in for the `electron` module, so a wrong option, a
 * missing handler or a misnamed channel fails before the app reaches a person.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = 'https://assess.example.com';
const APP = 'app://admin/';

const SAFE_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  disableBlinkFeatures: 'Auxclick',
};

let userDataRoot: string;
beforeEach(() => {
  userDataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-desktop-index-'));
});
afterEach(() => {
  vi.doUnmock('electron');
  fs.rmSync(userDataRoot, { recursive: true, force: true });
});

/** Loads index.ts afresh on a new stand-in, as Electron loads the app's main script. */
async function loadMain(options: Partial<FakeElectronOptions> = {}): Promise<FakeElectron> {
  const electron = createFakeElectron({
    userDataRoot,
    serverFetch: async () => Response.json(PRODUCT_CONFIG),
    ...options,
  });
  vi.resetModules();
  vi.doMock('electron', () => electron.module);
  await import('./index.js');
  return electron;
}

/** Starts the app with a server already chosen (server.json from an earlier run), up to the main window's load. */
async function startMain(options: Partial<FakeElectronOptions> = {}) {
  fs.mkdirSync(path.join(userDataRoot, 'userData'), { recursive: true });
  fs.writeFileSync(path.join(userDataRoot, 'userData', 'server.json'), JSON.stringify({ serverUrl: SERVER }));
  const electron = await loadMain(options);
  electron.ready();
  await electron.called('BrowserWindow.loadURL');
  const [mainWindow] = electron.windows;
  const session = electron.sessions.get('persist:msp-admin');
  if (!mainWindow || !session) throw new Error('The app opened no window on its session.');
  return { electron, mainWindow, session };
}

describe('the desktop main process, wired to Electron', () => {
  it('registers the app scheme as a privileged, standard and secure origin before Electron is ready', async () => {
    const electron = await loadMain();
    expect(electron.callsTo('protocol.registerSchemesAsPrivileged')).toEqual([
      [
        [
          {
            scheme: 'app',
            privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
          },
        ],
        { beforeReady: true },
      ],
    ]);
    // Nothing else happens until Electron is ready: no window, no session, no handler.
    expect(electron.windows).toEqual([]);
    expect(electron.callsTo('session.fromPartition')).toEqual([]);
    expect(electron.invokeChannels()).toEqual([]);
  });

  it('opens one main window on the app’s own session, sandboxed with the preload and nothing else', async () => {
    const { electron, mainWindow } = await startMain();
    expect(electron.callsTo('session.fromPartition')).toEqual([['persist:msp-admin']]);
    expect(electron.windows).toHaveLength(1);
    const { webPreferences, ...window } = mainWindow.options as { webPreferences: Record<string, unknown> };
    expect(window).toEqual({
      width: 1280,
      height: 860,
      minWidth: 720,
      minHeight: 520,
      title: 'MSP Maturity Admin',
      show: false,
      backgroundColor: '#1c2127',
    });
    expect(webPreferences).toEqual({
      ...SAFE_PREFERENCES,
      session: electron.sessions.get('persist:msp-admin'),
      // Beside main in the build: out/main/index.js and out/preload/index.cjs (electron.vite.config.ts).
      preload: path.join(here, '../preload/index.cjs'),
    });
    expect(path.isAbsolute(webPreferences.preload as string)).toBe(true);
    expect(electron.callsTo('BrowserWindow.loadURL')).toEqual([[APP]]);

    // Shown once painted, so no empty white frame flashes first.
    expect(electron.callsTo('BrowserWindow.show')).toEqual([]);
    mainWindow.emit('ready-to-show');
    expect(electron.callsTo('BrowserWindow.show')).toEqual([[]]);
  });

  it('serves the renderer from the app scheme with its CSP, and forwards /api/ to the server on the session', async () => {
    const { electron, session } = await startMain();
    expect(electron.callsTo('session.protocol.handle')).toEqual([['app']]);
    const handle = session.protocolHandlers.get('app')!;

    const page = await handle(new Request(`${APP}admin/submissions`));
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('Content-Security-Policy')).toBe(RENDERER_CSP);
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await page.text()).toContain('<div id="root"></div>');
    expect(electron.callsTo('net.fetch')).toEqual([
      [pathToFileURL(path.join(here, '../renderer/index.html')).href],
    ]);

    // A file the build does not have is a 404, not a failed request.
    expect((await handle(new Request(`${APP}assets/missing-0000.js`))).status).toBe(404);

    const config = await handle(new Request(`${APP}api/config`, { headers: { Accept: 'application/json' } }));
    expect(await config.json()).toEqual(PRODUCT_CONFIG);
    const [[url, init]] = electron.callsTo('session.fetch') as [[string, RequestInit]];
    expect(url).toBe(`${SERVER}/api/config`);
    // The session's cookie jar sends the sign-in; the renderer never holds it.
    expect(init.credentials).toBe('include');
  });

  it('registers every IPC channel of the bridge, answering only the app’s own frame', async () => {
    const { electron } = await startMain();
    expect(electron.invokeChannels().sort()).toEqual(Object.values(INVOKE_CHANNELS).sort());
    expect(electron.sendChannels().sort()).toEqual(Object.values(SEND_CHANNELS).sort());

    expect(await electron.invoke(INVOKE_CHANNELS.getServerUrl, `${APP}admin`)).toBe(SERVER);
    await expect(electron.invoke(INVOKE_CHANNELS.getServerUrl, `${SERVER}/admin`)).rejects.toThrow(
      'server:get refused: not sent by the app',
    );

    await electron.invoke(INVOKE_CHANNELS.copyText, `${APP}admin/api-keys`, 'msp_live_key');
    expect(electron.callsTo('clipboard.writeText')).toEqual([['msp_live_key']]);

    electron.send(SEND_CHANNELS.openExternal, `${APP}admin`, 'https://provider.example/privacy');
    electron.send(SEND_CHANNELS.openExternal, `${APP}admin`, 'file:///etc/passwd');
    expect(electron.callsTo('shell.openExternal')).toEqual([['https://provider.example/privacy']]);
  });

  it('keeps the main window on the app: web addresses go to the system browser, anything else is refused', async () => {
    const { electron, mainWindow } = await startMain();
    const contents = mainWindow.webContents;
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(contents.navigate(event, `${APP}admin/users`).defaultPrevented).toBe(false);
      expect(contents.navigate(event, 'https://provider.example/terms').defaultPrevented).toBe(true);
      expect(contents.navigate(event, 'file:///etc/passwd').defaultPrevented).toBe(true);
      expect(contents.navigate(event, 'javascript:alert(1)').defaultPrevented).toBe(true);
    }
    // A frame of the page may not be sent off the app either; the page itself is left to will-navigate.
    expect(contents.navigate('will-frame-navigate', 'https://evil.example/', false).defaultPrevented).toBe(
      true,
    );
    expect(contents.navigate('will-frame-navigate', `${APP}admin`, false).defaultPrevented).toBe(false);
    expect(contents.navigate('will-frame-navigate', 'https://evil.example/', true).defaultPrevented).toBe(
      false,
    );

    // No window opens: web addresses go to the system browser, others nowhere.
    expect(contents.open('https://provider.example/about')).toEqual({ action: 'deny' });
    expect(contents.open('smb://fileserver/share')).toEqual({ action: 'deny' });
    expect(contents.open(`${APP}admin`)).toEqual({ action: 'deny' });
    expect(electron.callsTo('shell.openExternal')).toEqual([
      ['https://provider.example/terms'],
      ['https://provider.example/terms'],
      ['https://provider.example/about'],
    ]);
  });

  it('denies every permission but the app’s clipboard write, asked or checked, on every session, and refuses <webview>', async () => {
    const { session, electron } = await startMain();
    const sessions = [session, electron.sessions.get('')!];
    expect(electron.callsTo('session.setPermissionRequestHandler')).toHaveLength(2);
    expect(electron.callsTo('session.setPermissionCheckHandler')).toHaveLength(2);
    for (const target of sessions) {
      expect(target.permits('clipboard-sanitized-write')).toBe(true);
      expect(target.checks('clipboard-sanitized-write')).toBe(true);
      for (const permission of [
        'media',
        'notifications',
        'geolocation',
        'clipboard-read',
        'openExternal',
        'hid',
        'serial',
        'usb',
        'a permission Electron adds next year',
      ]) {
        expect(target.permits(permission), permission).toBe(false);
        expect(target.checks(permission), permission).toBe(false);
      }
      // The pages of the sign-in window get nothing, the clipboard included.
      for (const origin of [SERVER, 'https://idp.example']) {
        expect(target.permits('clipboard-sanitized-write', `${origin}/api/login`)).toBe(false);
        expect(target.checks('clipboard-sanitized-write', origin)).toBe(false);
        expect(target.permits('media', `${origin}/api/login`)).toBe(false);
        expect(target.checks('notifications', origin)).toBe(false);
      }
    }
    const other = electron.createWebContents();
    expect(other.navigate('will-attach-webview', 'https://evil.example/').defaultPrevented).toBe(true);
  });

  it('keeps the sign-in window on the server and the identity provider the server names, and shows which', async () => {
    const { electron, mainWindow, session } = await startMain({
      serverFetch: async (url) =>
        url === `${SERVER}/api/auth/sign-in-origins`
          ? Response.json({ identityProvider: ['https://idp.example'] })
          : Response.json(PRODUCT_CONFIG),
    });
    const signedIn = electron.invoke(INVOKE_CHANNELS.signIn, `${APP}admin`);
    await electron.called('BrowserWindow.loadURL', 2);
    const signInWindow = electron.windows[1]!;
    expect(electron.callsTo('BrowserWindow.loadURL')[1]).toEqual([`${SERVER}/api/login`]);
    expect(electron.callsTo('session.fetch').map(([url]) => url)).toContain(
      `${SERVER}/api/auth/sign-in-origins`,
    );
    expect(signInWindow.options).toEqual({
      parent: mainWindow,
      width: 520,
      height: 760,
      title: `Sign in — ${SERVER}`,
      autoHideMenuBar: true,
      // No preload: a page here gets no bridge to main.
      webPreferences: { ...SAFE_PREFERENCES, session },
    });

    const contents = signInWindow.webContents;
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(contents.navigate(event, `${SERVER}/api/auth/oidc`).defaultPrevented).toBe(false);
      expect(contents.navigate(event, 'https://idp.example/authorize?client_id=x').defaultPrevented).toBe(
        false,
      );
      // A foreign origin, however it is reached, and the app's own pages, are refused.
      for (const url of [
        'https://evil.example/login',
        'https://idp.example.evil.example/authorize',
        'http://idp.example/authorize',
        'https://idp.example:444/authorize',
        `${APP}admin`,
        'file:///etc/passwd',
      ]) {
        expect(contents.navigate(event, url).defaultPrevented, `${event} ${url}`).toBe(true);
      }
    }
    expect(contents.navigate('will-frame-navigate', 'https://evil.example/', false).defaultPrevented).toBe(
      true,
    );
    // No window opens from it, and nothing goes to the system browser either.
    expect(contents.open('https://idp.example/help')).toEqual({ action: 'deny' });
    expect(contents.open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(electron.callsTo('shell.openExternal')).toEqual([]);

    // The title names the origin of the page shown, whatever the page calls itself.
    contents.emit('did-navigate', {}, 'https://idp.example/authorize?client_id=x');
    expect(signInWindow.title).toBe('Sign in — https://idp.example');
    expect(signInWindow.pageTitleUpdated(`Sign in — ${SERVER}`).defaultPrevented).toBe(true);
    expect(signInWindow.title).toBe('Sign in — https://idp.example');
    contents.emit('did-navigate', {}, `${SERVER}/api/auth/oidc?code=c&state=s`);
    expect(signInWindow.title).toBe(`Sign in — ${SERVER}`);

    // The server sends a signed-in admin to /admin: the window closes and sign-in answers true.
    contents.emit('did-redirect-navigation', {}, `${SERVER}/admin`);
    expect(await signedIn).toBe(true);
    expect(electron.callsTo('BrowserWindow.close')).toEqual([[]]);
  });

  it('keeps the sign-in window on the server alone when the server names no identity provider', async () => {
    const { electron } = await startMain();
    const abandoned = electron.invoke(INVOKE_CHANNELS.signIn, `${APP}admin`);
    await electron.called('BrowserWindow.loadURL', 2);
    const contents = electron.windows[1]!.webContents;
    expect(contents.navigate('will-navigate', `${SERVER}/api/forgot-password`).defaultPrevented).toBe(false);
    expect(contents.navigate('will-redirect', 'https://idp.example/authorize').defaultPrevented).toBe(true);

    // Closed by the person before the end: false.
    contents.emit('did-navigate', {}, `${SERVER}/api/login`);
    electron.windows[1]!.emit('closed');
    expect(await abandoned).toBe(false);
  });

  it('signs out by forgetting the session’s cookies and caches, keeping the app’s own storage', async () => {
    const { electron } = await startMain();
    await electron.invoke(INVOKE_CHANNELS.signOut, `${APP}admin`);
    expect(electron.callsTo('session.fetch')[0]).toEqual([
      `${SERVER}/api/logout`,
      { method: 'GET', redirect: 'manual', credentials: 'include' },
    ]);
    expect(electron.callsTo('session.clearStorageData')).toEqual([
      [{ storages: ['cookies', 'cachestorage', 'serviceworkers'] }],
    ]);
    expect(electron.callsTo('session.clearCache')).toHaveLength(1);
    expect(electron.callsTo('session.clearAuthCache')).toHaveLength(1);
  });

  it('saves through the native dialog on the main window, starting in Downloads and then where the last file went', async () => {
    const chosen = () => path.join(userDataRoot, 'chosen');
    fs.mkdirSync(chosen());
    const { electron, mainWindow } = await startMain({
      saveDialog: ({ defaultPath }) => ({
        canceled: false,
        filePath: path.join(chosen(), path.basename(defaultPath!)),
      }),
    });
    const save = (id: string) =>
      electron.invoke(INVOKE_CHANNELS.saveFile, `${APP}admin`, {
        id,
        fileName: 'content-backup.json',
        mimeType: 'application/json',
        source: { data: new TextEncoder().encode('{"pillars":[]}') },
      });

    expect(await save('first')).toMatchObject({ status: 'saved', fileName: 'content-backup.json' });
    expect(fs.readFileSync(path.join(chosen(), 'content-backup.json'), 'utf8')).toBe('{"pillars":[]}');
    await save('second');
    const dialogs = electron.callsTo('dialog.showSaveDialog');
    expect(dialogs.map(([parent]) => parent)).toEqual([mainWindow, mainWindow]);
    expect(dialogs.map(([, options]) => (options as { defaultPath: string }).defaultPath)).toEqual([
      path.join(userDataRoot, 'downloads', 'content-backup.json'),
      path.join(chosen(), 'content-backup.json'),
    ]);
    expect(dialogs[0]![1]).toMatchObject({
      filters: [
        { name: 'JSON file', extensions: ['json'] },
        { name: 'All files', extensions: ['*'] },
      ],
    });
    // The taskbar shows the save and is cleared after it.
    expect(electron.callsTo('BrowserWindow.setProgressBar').at(-1)).toEqual([-1]);
  });

  it('builds the menu for this platform, whose Change Server… tells the renderer', async () => {
    const { electron, mainWindow } = await startMain();
    const [[template]] = electron.callsTo('Menu.buildFromTemplate') as [[MenuItemConstructorOptions[]]];
    expect(electron.callsTo('Menu.setApplicationMenu')).toEqual([[{ template }]]);
    // Functions aside, what the menu module builds for this platform in development.
    const expected = applicationMenuTemplate({
      platform: process.platform,
      isPackaged: false,
      changeServer: () => {},
    });
    expect(JSON.stringify(template)).toBe(JSON.stringify(expected));

    const items = template.flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : []));
    const changeServer = items.find((item) => item.label === 'Change Server…')!;
    changeServer.click!({} as never, undefined, {} as never);
    expect(electron.callsTo('webContents.send')).toEqual([[EVENT_CHANNELS.changeServer]]);
    // To the main window, the one with the bridge that listens.
    expect(mainWindow.webContents.sent).toEqual([[EVENT_CHANNELS.changeServer]]);
  });

  it('leaves developer tools out of an installed build’s menu', async () => {
    const { electron } = await startMain({ isPackaged: true });
    const [[template]] = electron.callsTo('Menu.buildFromTemplate') as [[MenuItemConstructorOptions[]]];
    const roles = template
      .flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : []))
      .map((item) => item.role);
    expect(roles).toContain('reload');
    expect(roles).not.toContain('toggleDevTools');
  });

  it('brings the window back for a second launch, and quits when the last window closes', async () => {
    const { electron, mainWindow } = await startMain();
    mainWindow.minimized = true;
    electron.app.emit('second-instance');
    expect(electron.callsTo('BrowserWindow.restore')).toHaveLength(1);
    expect(electron.callsTo('BrowserWindow.focus')).toHaveLength(1);

    expect(electron.callsTo('app.quit')).toEqual([]);
    mainWindow.emit('closed');
    electron.app.emit('window-all-closed');
    expect(electron.callsTo('app.quit')).toHaveLength(1);
    // With the window gone, a second launch has nothing to show and nothing breaks.
    electron.app.emit('second-instance');
    expect(electron.callsTo('BrowserWindow.focus')).toHaveLength(1);
  });

  it('leaves a second copy to the first: it quits at once and opens nothing', async () => {
    const electron = await loadMain({ singleInstanceLock: false });
    expect(electron.callsTo('app.quit')).toHaveLength(1);
    expect(electron.callsTo('app.whenReady')).toEqual([]);
    expect(electron.app.listenerCount('second-instance')).toBe(0);
    expect(electron.app.listenerCount('window-all-closed')).toBe(0);
  });

  it('on a first run, opens on the address screen with no server chosen', async () => {
    const electron = await loadMain();
    electron.ready();
    await electron.called('BrowserWindow.loadURL');
    expect(await electron.invoke(INVOKE_CHANNELS.getServerUrl, `${APP}`)).toBeNull();
    // The forwarding says so rather than guess a server.
    const handle = electron.sessions.get('persist:msp-admin')!.protocolHandlers.get('app')!;
    expect((await handle(new Request(`${APP}api/config`))).status).toBe(503);
  });

  it('says why it could not start, and quits', async () => {
    const electron = await loadMain({ failLoad: new Error('ERR_FILE_NOT_FOUND (-6) loading app://admin/') });
    electron.ready();
    await electron.called('app.quit');
    expect(electron.callsTo('dialog.showErrorBox')).toEqual([
      ['MSP Maturity Admin could not start', 'Error: ERR_FILE_NOT_FOUND (-6) loading app://admin/'],
    ]);
  });
});
