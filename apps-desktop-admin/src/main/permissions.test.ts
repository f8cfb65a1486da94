import { describe, expect, it } from 'vitest';
import { isPermissionGranted } from './permissions.js';

describe('permissions', () => {
  it('lets the app’s own pages write the clipboard, and nothing else', () => {
    expect(isPermissionGranted('clipboard-sanitized-write', 'app://admin/admin/api-keys')).toBe(true);
    expect(isPermissionGranted('clipboard-sanitized-write', 'app://admin')).toBe(true);
  });

  it('denies every other permission, and the clipboard to the server’s and the identity provider’s pages', () => {
    for (const permission of [
      'media',
      'notifications',
      'geolocation',
      'clipboard-read',
      'openExternal',
      'hid',
      'serial',
      'usb',
      'fullscreen',
      'pointerLock',
      'window-management',
      'a permission Electron adds next year',
    ]) {
      expect(isPermissionGranted(permission, 'app://admin/admin'), permission).toBe(false);
    }
    for (const origin of [
      'https://assess.example.com',
      'https://login.microsoftonline.com',
      'app://other',
      '',
    ]) {
      expect(isPermissionGranted('clipboard-sanitized-write', origin), origin).toBe(false);
    }
    expect(isPermissionGranted('clipboard-sanitized-write', undefined)).toBe(false);
  });
});
