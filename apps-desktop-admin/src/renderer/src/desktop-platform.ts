import { withCsrfToken, type Platform, type SaveFileRequest, type SaveFileResult } from '@msp/apps-web/admin';
import { ApiError } from '@msp/shared/browser';
import type { BridgeSaveSource, DesktopBridge } from '../../shared/bridge.js';

const LOGIN_PATH = '/api/login';
const LOGOUT_PATH = '/api/logout';

async function toBridgeSource(source: SaveFileRequest['source']): Promise<BridgeSaveSource> {
  if ('apiPath' in source) return { apiPath: source.apiPath };
  return { data: new Uint8Array(await new Blob([source.data]).arrayBuffer()) };
}

/**
 * The desktop client as the admin's host. The API is at the renderer's own origin, where main
 * forwards `/api/*` to the server with the app session's cookies; the CSRF token comes from the
 * server's script-readable cookies, as in the browser. Files go through a native save dialog and
 * are written by main; sign-in is the server's page in a window of the app's session; public pages
 * and other sites open in the system browser.
 */
export function createDesktopPlatform(bridge: DesktopBridge, serverUrl: string): Platform {
  const apiBaseUrl = '';
  const absolute = (path: string) => new URL(path, serverUrl).href;

  return {
    apiBaseUrl,
    fetch: async (url, init = {}) => {
      const headers = withCsrfToken(init.headers, await bridge.serverCookies());
      return fetch(url, { ...init, headers });
    },
    async saveFile({ fileName, mimeType, source, onProgress, signal }): Promise<SaveFileResult> {
      if (signal?.aborted) return { status: 'cancelled' };
      const id = crypto.randomUUID();
      const stopProgress = bridge.onSaveProgress((progress) => {
        if (progress.id === id)
          onProgress?.({ loadedBytes: progress.loadedBytes, totalBytes: progress.totalBytes });
      });
      const cancel = () => bridge.cancelSave(id);
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        const result = await bridge.saveFile({
          id,
          fileName,
          mimeType,
          source: await toBridgeSource(source),
        });
        switch (result.status) {
          case 'saved':
            return {
              status: 'saved',
              fileName: result.fileName,
              showInFolder: () => bridge.showInFolder(result.savedId),
            };
          case 'cancelled':
            return { status: 'cancelled' };
          case 'refused':
            // As the browser's download would: the screens read the server's message from it.
            throw new ApiError(result.httpStatus, result.body, result.statusText);
          case 'failed':
            throw new Error(result.message);
        }
      } finally {
        signal?.removeEventListener('abort', cancel);
        stopProgress();
      }
    },
    openExternal: (url) => bridge.openExternal(url),
    copyText: (text) => bridge.copyText(text),
    // The public pages are the server's, not this app's: absolute, so they open in the browser.
    publicUrl: absolute,
    signInUrl: absolute(LOGIN_PATH),
    signIn: () => {
      void bridge.signIn().then((signedIn) => {
        // A fresh start on the new session: every screen reads the signed-in user again.
        if (signedIn) window.location.reload();
      });
    },
    signOutUrl: absolute(LOGOUT_PATH),
    signOut: () => {
      void bridge.signOut().then(() => window.location.assign('/admin'));
    },
  };
}
