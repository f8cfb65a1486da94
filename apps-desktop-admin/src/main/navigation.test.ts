import { describe, expect, it } from 'vitest';
import {
  isApiPath,
  isAppUrl,
  isExternalUrl,
  isSignedInLanding,
  isSignInOrigin,
  mainWindowNavigation,
  signInWindowNavigation,
  signInWindowTitle,
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

  it('keeps the sign-in window on the server and the identity provider the server names, nowhere else', () => {
    const allowed = [SERVER, 'https://login.microsoftonline.com'];
    expect(signInWindowNavigation(`${SERVER}/api/login`, allowed)).toBe('allow');
    expect(signInWindowNavigation('https://login.microsoftonline.com/tenant/oauth2', allowed)).toBe('allow');
    for (const url of [
      // A look-alike page for the password, another port or scheme of an allowed host, the app.
      'https://login.micros0ftonline.com/tenant/oauth2',
      'https://evil.example/api/login',
      'https://assess.example.com:8443/api/login',
      'http://assess.example.com/api/login',
      'https://assess.example.com.evil.example/',
      'http://127.0.0.1:8080/auth',
      'app://admin/admin',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(signInWindowNavigation(url, allowed), url).toBe('deny');
    }
    // Without single sign-on the server alone.
    expect(signInWindowNavigation('https://login.microsoftonline.com/', [SERVER])).toBe('deny');
  });

  it('takes an identity provider origin only as an https origin, http on this computer alone', () => {
    expect(isSignInOrigin('https://login.microsoftonline.com')).toBe(true);
    expect(isSignInOrigin('https://idp.example:8443')).toBe(true);
    expect(isSignInOrigin('http://127.0.0.1:9000')).toBe(true);
    for (const value of [
      'http://idp.example',
      'https://idp.example/',
      'https://idp.example/tenant',
      'javascript:alert(1)',
      'file:///',
      'app://admin',
      '',
    ]) {
      expect(isSignInOrigin(value), value).toBe(false);
    }
  });

  it('titles the sign-in window with the origin of the page it shows', () => {
    expect(signInWindowTitle(`${SERVER}/api/login`)).toBe(`Sign in — ${SERVER}`);
    expect(signInWindowTitle('https://login.microsoftonline.com/tenant/oauth2/authorize?x=1')).toBe(
      'Sign in — https://login.microsoftonline.com',
    );
    expect(signInWindowTitle('about:blank')).toBe('Sign in');
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
