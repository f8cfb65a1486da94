import { Spinner } from '@blueprintjs/core';
import { AdminApp, AdminHost, useApplyTheme } from '@msp/apps-web/admin';
import { Provider as JotaiProvider } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { DesktopBridge } from '../../shared/bridge.js';
import { createDesktopPlatform } from './desktop-platform.js';
import { ServerAddressScreen } from './ServerAddressScreen.js';

/** The admin portal itself, the same module the browser mounts, on the desktop platform. */
function DesktopAdmin({ bridge, serverUrl }: { bridge: DesktopBridge; serverUrl: string }) {
  const platform = useMemo(() => createDesktopPlatform(bridge, serverUrl), [bridge, serverUrl]);
  return (
    <AdminHost platform={platform}>
      <BrowserRouter>
        <Routes>
          <Route path="/admin/*" element={<AdminApp basePath="/admin" />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </BrowserRouter>
    </AdminHost>
  );
}

/** The desktop's own screens, before the admin is mounted: themed like it (the choice is stored). */
function Themed({ children }: { children: React.ReactNode }) {
  useApplyTheme();
  return children;
}

type ServerState = { status: 'loading' } | { status: 'ready'; url: string | null; changing: boolean };

/** Asks for the server on first run (and from the menu), then mounts the admin. */
export function DesktopApp({ bridge }: { bridge: DesktopBridge }) {
  const [server, setServer] = useState<ServerState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    void bridge.getServerUrl().then((url) => live && setServer({ status: 'ready', url, changing: false }));
    const stop = bridge.onChangeServer(() =>
      setServer((state) => (state.status === 'ready' ? { ...state, changing: true } : state)),
    );
    return () => {
      live = false;
      stop();
    };
  }, [bridge]);

  if (server.status === 'ready' && server.url && !server.changing) {
    return <DesktopAdmin bridge={bridge} serverUrl={server.url} />;
  }
  let content: React.ReactNode;
  if (server.status === 'loading') {
    content = <Spinner className="desktop-loading" />;
  } else {
    const previous = server.url;
    content = (
      <ServerAddressScreen
        bridge={bridge}
        current={previous}
        onConnected={(url) => {
          // Another server: start clean, with none of the last one's screens or cached answers.
          if (previous && url !== previous) window.location.assign('/admin');
          else setServer({ status: 'ready', url, changing: false });
        }}
        onCancel={previous ? () => setServer({ status: 'ready', url: previous, changing: false }) : undefined}
      />
    );
  }
  return (
    <JotaiProvider>
      <Themed>{content}</Themed>
    </JotaiProvider>
  );
}
