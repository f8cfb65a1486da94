import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, RENDERER_CSP, rendererFilePath } from './renderer-files.js';

const ROOT = path.resolve('/app/out/renderer');

describe('serving the renderer', () => {
  it('serves built files, and index.html for the app’s routes', () => {
    expect(rendererFilePath(ROOT, '/assets/index-abc.js')).toBe(path.join(ROOT, 'assets/index-abc.js'));
    expect(rendererFilePath(ROOT, '/')).toBe(path.join(ROOT, 'index.html'));
    expect(rendererFilePath(ROOT, '/admin/submissions')).toBe(path.join(ROOT, 'index.html'));
  });

  it('never leaves the renderer folder', () => {
    for (const attempt of [
      '/../main/index.js',
      '/assets/../../main/index.js',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/x%00.js',
    ]) {
      const file = rendererFilePath(ROOT, attempt);
      expect(file === null || file.startsWith(`${ROOT}${path.sep}`)).toBe(true);
    }
    expect(rendererFilePath(ROOT, '/%E0%A4%A')).toBeNull();
  });

  it('types what it serves, and allows no inline or foreign script', () => {
    expect(contentTypeOf('a/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a/b.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('a/b.unknown')).toBe('application/octet-stream');
    expect(RENDERER_CSP).toContain("script-src 'self'");
    expect(RENDERER_CSP).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
    expect(RENDERER_CSP).toContain("object-src 'none'");
    expect(RENDERER_CSP).toContain("connect-src 'self'");
  });
});
