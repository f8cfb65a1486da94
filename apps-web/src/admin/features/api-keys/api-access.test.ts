import { describe, expect, it } from 'vitest';
import { apiV1BaseUrl, curlExample } from './api-access.js';

describe('apiV1BaseUrl', () => {
  it('resolves a browser host’s path against the page’s address', () => {
    expect(apiV1BaseUrl('/api/v1', 'https://assess.example.com/admin/api-keys')).toBe(
      'https://assess.example.com/api/v1',
    );
  });

  it('keeps a host’s absolute server address, without a trailing slash', () => {
    expect(apiV1BaseUrl('https://msp.example.org/api/v1/', 'app://admin/api-keys')).toBe(
      'https://msp.example.org/api/v1',
    );
  });
});

describe('curlExample', () => {
  it('sends the placeholder token as a bearer header to the submissions list by default', () => {
    expect(curlExample({ baseUrl: 'http://127.0.0.1:5000/api/v1' })).toBe(
      'curl -H "Authorization: Bearer msp_…" http://127.0.0.1:5000/api/v1/submissions',
    );
  });

  it('can send a real token in the X-API-Key header to another path', () => {
    expect(
      curlExample({
        baseUrl: 'https://assess.example.com/api/v1/',
        path: '/pillars',
        token: 'msp_abc123',
        header: 'X-API-Key',
      }),
    ).toBe('curl -H "X-API-Key: msp_abc123" https://assess.example.com/api/v1/pillars');
  });
});
