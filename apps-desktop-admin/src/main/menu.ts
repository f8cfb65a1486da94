import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  /** `process.platform`: macOS puts the app's own items in the app menu, the others in File. */
  platform: NodeJS.Platform;
  /** An installed build has no developer tools in its menu. */
  isPackaged: boolean;
  /** The Change Server… item: the renderer shows the server address screen. */
  changeServer: () => void;
}

/** The application menu: standard roles, so each OS labels, localises and binds the keys itself. */
export function applicationMenuTemplate({
  platform,
  isPackaged,
  changeServer,
}: MenuOptions): MenuItemConstructorOptions[] {
  const changeServerItem: MenuItemConstructorOptions = {
    label: 'Change Server…',
    click: () => changeServer(),
  };
  const appItems: MenuItemConstructorOptions =
    platform === 'darwin'
      ? {
          role: 'appMenu',
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            changeServerItem,
            { type: 'separator' },
            { role: 'quit' },
          ],
        }
      : { label: 'File', submenu: [changeServerItem, { type: 'separator' }, { role: 'quit' }] };
  return [
    appItems,
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
}
