import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createDesktopMain, type DesktopMain } from '../apps-desktop-admin/src/main/handlers.js';
import {
  registerIpcHandlers,
  type IpcSenderEvent,
  type MainIpc,
} from '../apps-desktop-admin/src/main/ipc.js';
import {
  contentTypeOf,
  RENDERER_CSP,
  rendererFilePath,
} from '../apps-desktop-admin/src/main/renderer-files.js';
import { signInWindowNavigation } from '../apps-desktop-admin/src/main/navigation.js';
import { createServerAddressStore } from '../apps-desktop-admin/src/main/server-address.js';
import { PAGE_WAIT_MS } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(root, 'apps-desktop-admin/out');

/**
 * What Electron would have done, as the browser test saw it: the windows it opened, the files it
 * showed, the progress it put on the taskbar.
 */
export interface HostRecord {
  showInFolder: string[];
  openedExternally: string[];
  clipboard: string[];
  taskbar: (number | 'indeterminate' | null)[];
  saveDialogs: string[];
  /** The origins each sign-in window was allowed to show. */
  signInOrigins: string[][];
  /** Navigations the sign-in window's rule refused. */
  refusedNavigations: string[];
}

export interface DesktopHost {
  /** The app's window: the built renderer with the built preload. */
  page: Page;
  context: BrowserContext;
  main: DesktopMain;
  /** Where the stand-in save dialog puts files. */
  saveDir: string;
  record: HostRecord;
  /** Resolves with the next sign-in window the app opens. */
  nextSignInWindow(): Promise<Page>;
  close(): Promise<void>;
}

type HandlerMap = Map<string, (event: IpcSenderEvent, ...args: unknown[]) => unknown>;

/** Bytes cross the page boundary as base64; everything else as JSON. */
type Wire = { bytes: string } | { json: unknown };
const decodeArg = (arg: Wire): unknown =>
  'bytes' in arg ? new Uint8Array(Buffer.from(arg.bytes, 'base64')) : arg.json;

/**
 * Stands in for Electron's `require('electron')` inside the page, so the built preload bundle runs
 * there unchanged: `contextBridge` defines the global, and `ipcRenderer` talks to the test's
 * main-process handlers through a Playwright binding.
 */
function fakeElectronScript(preloadSource: string): string {
  return `(() => {
  const listeners = new Map();
  const encode = (arg) => {
    if (arg instanceof Uint8Array) {
      let text = '';
      for (const byte of arg) text += String.fromCharCode(byte);
      return { bytes: btoa(text) };
    }
    return { json: arg };
  };
  window.__desktopEmit = (channel, args) => {
    for (const listener of [...(listeners.get(channel) ?? [])]) listener({}, ...args);
  };
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key, api) => Object.defineProperty(window, key, { value: Object.freeze(api) }),
    },
    ipcRenderer: {
      invoke: (channel, ...args) => window.__desktopIpc('invoke', channel, args.map(encode)),
      send: (channel, ...args) => void window.__desktopIpc('send', channel, args.map(encode)),
      on: (channel, listener) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel).add(listener);
      },
      removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
    },
  };
  const require = (name) => {
    if (name !== 'electron') throw new Error('A sandboxed preload can require only electron, not ' + name);
    return electron;
  };
  const module = { exports: {} };
  (function (require, module, exports) {
${preloadSource}
  })(require, module, module.exports);
})();`;
}

/** Node's request as a web Request, as Electron's protocol handler receives it. */
async function toWebRequest(req: http.IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const chunks: Buffer[] = [];
  if (hasBody) for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

async function sendWebResponse(res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string[]> = {};
  response.headers.forEach((value, name) => (headers[name] ??= []).push(value));
  res.writeHead(response.status, response.statusText, headers);
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
}

/**
 * The desktop client's main process around real Chromium: the built renderer and preload bundles
 * served from a local origin (instead of the app:// scheme), `/api/*` answered by main's own
 * forwarding, and the IPC handled by main's own handlers with their zod checks. Only Electron's
 * primitives are replaced: the session is the browser context (its request API shares the pages'
 * cookies, as `session.fetch` does), windows are pages, the save dialog answers a temp folder.
 */
export async function startDesktopHost(
  browser: Browser,
  {
    width = 1280,
    height = 860,
    theme = 'dark',
    storeTheme = true,
  }: {
    width?: number;
    height?: number;
    /** The system's preference, and the admin's stored choice unless `storeTheme` is false. */
    theme?: 'light' | 'dark';
    storeTheme?: boolean;
  } = {},
): Promise<DesktopHost> {
  const rendererDir = path.join(OUT_DIR, 'renderer');
  const preloadFile = path.join(OUT_DIR, 'preload/index.cjs');
  if (!fs.existsSync(path.join(rendererDir, 'index.html')) || !fs.existsSync(preloadFile)) {
    throw new Error('apps-desktop-admin/out is missing: run "npm run build" before the browser tests.');
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-desktop-'));
  const saveDir = path.join(workDir, 'Exports');
  fs.mkdirSync(saveDir);

  const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  if (storeTheme) {
    await context.addInitScript((value) => {
      if (!localStorage.getItem('msp-ui-theme')) localStorage.setItem('msp-ui-theme', JSON.stringify(value));
    }, theme);
  }
  const record: HostRecord = {
    showInFolder: [],
    openedExternally: [],
    clipboard: [],
    taskbar: [],
    saveDialogs: [],
    signInOrigins: [],
    refusedNavigations: [],
  };
  const signInWaiters: ((page: Page) => void)[] = [];
  const signInWindows: Page[] = [];
  const app: { page?: Page } = {};

  const main = createDesktopMain(
    {
      sessionFetch: async (url, init) => {
        const headers: Record<string, string> = {};
        new Headers(init.headers).forEach((value, name) => (headers[name] = value));
        const body = init.body instanceof ArrayBuffer ? Buffer.from(init.body) : undefined;
        // Playwright's error carries its call log; Electron's net.fetch rejects as fetch does.
        const answer = await context.request
          .fetch(url, {
            method: init.method ?? 'GET',
            headers,
            data: body,
            maxRedirects: init.redirect === 'manual' ? 0 : 20,
            failOnStatusCode: false,
            timeout: 10_000,
          })
          .catch((error: unknown) => {
            const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
            throw new TypeError('fetch failed', { cause: new Error(reason) });
          });
        const responseHeaders = new Headers();
        for (const { name, value } of answer.headersArray()) responseHeaders.append(name, value);
        const noBody = [204, 205, 304].includes(answer.status()) || init.method === 'HEAD';
        return new Response(noBody ? null : new Uint8Array(await answer.body()), {
          status: answer.status(),
          statusText: answer.statusText(),
          headers: responseHeaders,
        });
      },
      cookies: (url) => context.cookies(url),
      clearSession: () => context.clearCookies(),
      openSignInWindow: async (url, { allowedOrigins, isDone }) => {
        const window = await context.newPage();
        signInWindows.push(window);
        record.signInOrigins.push(allowedOrigins);
        // Main's rule for the window, where Chromium lets the host see a navigation before it leaves:
        // Electron's will-navigate and will-redirect in the app, a route here.
        await window.route('**/*', (route) => {
          const request = route.request();
          const target = request.url();
          if (
            request.isNavigationRequest() &&
            request.frame() === window.mainFrame() &&
            signInWindowNavigation(target, allowedOrigins) !== 'allow'
          ) {
            record.refusedNavigations.push(target);
            // A 204 leaves the page where it is, as Electron does when will-navigate is prevented.
            return route.fulfill({ status: 204 });
          }
          return route.fallback();
        });
        const result = new Promise<boolean>((resolve) => {
          const finish = (url: string) => {
            if (window.isClosed() || !isDone(url)) return;
            resolve(true);
            void window.close();
          };
          window.on('framenavigated', (frame) => {
            if (frame === window.mainFrame()) finish(frame.url());
          });
          // Electron's did-navigate comes once the page is in; Playwright's framenavigated was
          // missed for the redirect to the portal in some runs (the window stayed on /admin), so
          // the page's own DOMContentLoaded checks the address too (load always follows it).
          window.on('domcontentloaded', () => finish(window.url()));
          window.on('close', () => resolve(false));
        });
        await window.goto(url);
        const waiter = signInWaiters.shift();
        if (waiter) waiter(window);
        return result;
      },
      chooseSaveTarget: async (fileName) => {
        record.saveDialogs.push(fileName);
        return path.join(saveDir, fileName);
      },
      showItemInFolder: (filePath) => record.showInFolder.push(filePath),
      openExternal: (url) => record.openedExternally.push(url),
      writeClipboard: async (text) => void record.clipboard.push(text),
      setTaskbarProgress: (progress) => record.taskbar.push(progress),
      sendToRenderer: (channel, ...args) => {
        void app.page?.evaluate(
          ([name, values]) => {
            (window as unknown as { __desktopEmit(c: string, a: unknown[]): void }).__desktopEmit(
              name,
              values,
            );
          },
          [channel, args] as const,
        );
      },
    },
    createServerAddressStore(path.join(workDir, 'user-data/server.json')),
  );
  await main.load();

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname.startsWith('/api/')) {
        return sendWebResponse(res, await main.forwardApi(await toWebRequest(req, origin)));
      }
      const file = rendererFilePath(rendererDir, url.pathname);
      if (!file || !fs.existsSync(file)) return void res.writeHead(404).end('Not found');
      res.writeHead(200, {
        'Content-Type': contentTypeOf(file),
        'Content-Security-Policy': RENDERER_CSP,
        'X-Content-Type-Options': 'nosniff',
      });
      fs.createReadStream(file).pipe(res);
    })().catch((error: unknown) => {
      console.warn('[desktop host]', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const invokeHandlers: HandlerMap = new Map();
  const sendHandlers: HandlerMap = new Map();
  const ipc: MainIpc = {
    handle: (channel, listener) => invokeHandlers.set(channel, listener),
    on: (channel, listener) => sendHandlers.set(channel, listener),
  };
  registerIpcHandlers(ipc, main.handlers, {
    isTrustedSender: (url) => new URL(url).origin === origin,
  });
  await context.exposeBinding(
    '__desktopIpc',
    async ({ frame }, kind: 'invoke' | 'send', channel: string, args: Wire[]) => {
      const event: IpcSenderEvent = { senderFrame: { url: frame.url() } };
      const handler = (kind === 'invoke' ? invokeHandlers : sendHandlers).get(channel);
      if (!handler) throw new Error(`No handler for ${channel}`);
      try {
        const result = await handler(event, ...args.map(decodeArg));
        return kind === 'invoke' ? result : undefined;
      } catch (error) {
        // As Electron's invoke would, the renderer gets the rejection; the test's log says which.
        console.warn(`[desktop main] ${channel}: ${String(error)}`);
        throw error;
      }
    },
  );
  await context.addInitScript({ content: fakeElectronScript(fs.readFileSync(preloadFile, 'utf8')) });

  const page = await context.newPage();
  app.page = page;
  page.on('pageerror', (error) => console.warn(`[desktop renderer] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.warn(`[desktop renderer] ${message.text()}`);
  });
  await page.goto(`${origin}/`);

  return {
    page,
    context,
    main,
    saveDir,
    record,
    nextSignInWindow: () =>
      new Promise<Page>((resolve) => {
        const open = signInWindows.find((window) => !window.isClosed());
        if (open) resolve(open);
        else signInWaiters.push(resolve);
      }),
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
