import { describe, expect, it } from 'vitest';
import {
  isApiPath,
  isAppUrl,
  isExternalUrl,
  isSignedInLanding,
  mainWindowNavigation,
  signInWindowNavigation,
} from './navigation.js';

const SERVER = 'https://assess.example.com';

describe('navigation rules', () => {
  it('keeps the main window on the app; web addresses go to the system browser, the rest nowhere', () => {
    expect(isAppUrl('app://admin/admin/submissions')).toBe(true);
    expect(isAppUrl('app://other/')).toBe(false);
    expect(mainWindowNavigation('app://admin/admin/users')).toBe('allow');
    expect(mainWindowNavigation('https://provider.example/privacy')).toBe('external');
    expect(mainWindowNavigation(`${SERVER}/api/login`)).toBe('external');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://share/x', 'app://other/']) {
      expect(mainWindowNavigation(url)).toBe('deny');
    }
  });

  it('lets the sign-in window reach the server and an identity provider, over https only off this computer', () => {
    expect(signInWindowNavigation(`${SERVER}/api/login`, SERVER)).toBe('allow');
    expect(signInWindowNavigation('https://login.microsoftonline.com/tenant/oauth2', SERVER)).toBe('allow');
    expect(signInWindowNavigation('http://127.0.0.1:8080/auth', SERVER)).toBe('allow');
    expect(signInWindowNavigation('http://idp.example/auth', SERVER)).toBe('deny');
    expect(signInWindowNavigation('file:///etc/passwd', SERVER)).toBe('deny');
  });

  it('knows the portal as the end of sign-in, on the server only', () => {
    expect(isSignedInLanding(`${SERVER}/admin`, SERVER)).toBe(true);
    expect(isSignedInLanding(`${SERVER}/admin/users`, SERVER)).toBe(true);
    expect(isSignedInLanding(`${SERVER}/administrator`, SERVER)).toBe(false);
    expect(isSignedInLanding(`${SERVER}/api/login`, SERVER)).toBe(false);
    expect(isSignedInLanding('https://evil.example/admin', SERVER)).toBe(false);
  });

  it('hands the system browser http and https only', () => {
    expect(isExternalUrl('https://provider.example/')).toBe(true);
    expect(isExternalUrl('http://provider.example/')).toBe(true);
    for (const url of ['file:///C:/Windows/system32/calc.exe', 'ms-msdt:/id', 'mailto:a@b.c', 'not a url']) {
      expect(isExternalUrl(url)).toBe(false);
    }
  });

  it('takes an API path only when it stays under /api/', () => {
    expect(isApiPath('/api/admin/submissions/export/csv?domain=acme.example&format=xlsx')).toBe(true);
    for (const path of [
      '/admin',
      '//evil.example/api/x',
      '/api/../admin',
      '/api\\..\\x',
      'https://evil.example/api/',
    ]) {
      expect(isApiPath(path)).toBe(false);
    }
  });
});
