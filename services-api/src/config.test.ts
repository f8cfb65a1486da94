import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      dataDir: './data',
      databaseUrl: undefined,
      submitRateLimitPerMinute: 20,
    });
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.privacyUrl).toBe('http://localhost:5000/');
  });

  it('names the variable with a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PROVIDER_URL: 'not a url' })).toThrow(/PROVIDER_URL/);
    expect(() => loadConfig({ SUBMIT_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/SUBMIT_RATE_LIMIT_PER_MINUTE/);
  });

  it('lets the provider links default to the provider site', () => {
    const config = loadConfig({
      PROVIDER_URL: 'https://msp.example/',
      TERMS_URL: 'https://msp.example/terms',
    });
    expect(config.aboutUrl).toBe('https://msp.example/');
    expect(config.termsUrl).toBe('https://msp.example/terms');
  });
});
