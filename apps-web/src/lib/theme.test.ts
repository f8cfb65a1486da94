import { describe, expect, it } from 'vitest';
import { framedThemeOf, withFramedTheme } from './theme.js';

describe('the framed assessment’s theme', () => {
  it('is the one the snippet asked for, else the system’s, and only under /embed', () => {
    expect(framedThemeOf({ pathname: '/embed', search: '?theme=dark' })).toBe('dark');
    expect(framedThemeOf({ pathname: '/embed/results/abc', search: '?theme=light' })).toBe('light');
    expect(framedThemeOf({ pathname: '/embed', search: '?theme=auto' })).toBe('system');
    expect(framedThemeOf({ pathname: '/embed', search: '' })).toBe('system');
    expect(framedThemeOf({ pathname: '/results/abc', search: '?theme=dark' })).toBeUndefined();
  });

  it('is carried into the frame’s later addresses, keeping what else they say', () => {
    expect(withFramedTheme('https://a.example/embed/results/abc', 'dark')).toBe(
      'https://a.example/embed/results/abc?theme=dark',
    );
    expect(withFramedTheme('https://a.example/embed?utm_source=p#top', 'light')).toBe(
      'https://a.example/embed?utm_source=p&theme=light#top',
    );
    expect(withFramedTheme('https://a.example/embed?theme=light', 'dark')).toBe(
      'https://a.example/embed?theme=dark',
    );
  });

  it('leaves the address alone when it already names the theme, or none was asked', () => {
    expect(withFramedTheme('https://a.example/embed?theme=dark', 'dark')).toBeUndefined();
    expect(withFramedTheme('https://a.example/embed/results/abc', 'system')).toBeUndefined();
    expect(withFramedTheme('https://a.example/embed/results/abc', undefined)).toBeUndefined();
  });
});
