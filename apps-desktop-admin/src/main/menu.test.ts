import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { applicationMenuTemplate } from './menu.js';

describe('applicationMenuTemplate', () => {
  const labels = (template: MenuItemConstructorOptions[]) =>
    template.map((menu) => ({
      menu: menu.label ?? menu.role,
      items: (menu.submenu as MenuItemConstructorOptions[] | undefined)?.map(
        (item) => item.label ?? item.role ?? item.type,
      ),
    }));

  it('puts Change Server… and Quit in the app menu on macOS', () => {
    const template = applicationMenuTemplate({
      platform: 'darwin',
      isPackaged: true,
      changeServer: () => {},
    });
    expect(labels(template)).toEqual([
      { menu: 'appMenu', items: ['about', 'separator', 'Change Server…', 'separator', 'quit'] },
      { menu: 'editMenu', items: undefined },
      {
        menu: 'View',
        items: ['reload', 'separator', 'resetZoom', 'zoomIn', 'zoomOut', 'separator', 'togglefullscreen'],
      },
      { menu: 'windowMenu', items: undefined },
    ]);
  });

  it('puts them in File elsewhere, with developer tools while developing', () => {
    let changed = 0;
    const template = applicationMenuTemplate({
      platform: 'win32',
      isPackaged: false,
      changeServer: () => changed++,
    });
    expect(labels(template)).toEqual([
      { menu: 'File', items: ['Change Server…', 'separator', 'quit'] },
      { menu: 'editMenu', items: undefined },
      {
        menu: 'View',
        items: [
          'reload',
          'toggleDevTools',
          'separator',
          'resetZoom',
          'zoomIn',
          'zoomOut',
          'separator',
          'togglefullscreen',
        ],
      },
      { menu: 'windowMenu', items: undefined },
    ]);
    (template[0]!.submenu as MenuItemConstructorOptions[])[0]!.click!({} as never, undefined, {} as never);
    expect(changed).toBe(1);
  });
});
