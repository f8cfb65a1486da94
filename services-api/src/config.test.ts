import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      dataDir: './data',
      databaseUrl: undefined,
      embeddedDatabasePort: 5433,
      submitRateLimitPerMinute: 20,
      eventRateLimitPerMinute: 240,
      apiRateLimitPerMinute: 600,
    });
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.privacyUrl).toBe('http://localhost:5000/');
  });

  it('names the variable with a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ EMBEDDED_DATABASE_PORT: '70000' })).toThrow(/EMBEDDED_DATABASE_PORT/);
    expect(() => loadConfig({ PROVIDER_URL: 'not a url' })).toThrow(/PROVIDER_URL/);
    expect(() => loadConfig({ SUBMIT_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/SUBMIT_RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ API_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(/API_RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ EVENT_RATE_LIMIT_PER_MINUTE: '-5' })).toThrow(/EVENT_RATE_LIMIT_PER_MINUTE/);
  });

  it('keeps submissions forever unless SUBMISSION_RETENTION_DAYS gives a whole number of days', () => {
    expect(loadConfig({}).submissionRetentionDays).toBeUndefined();
    expect(loadConfig({ SUBMISSION_RETENTION_DAYS: '' }).submissionRetentionDays).toBeUndefined();
    expect(loadConfig({ SUBMISSION_RETENTION_DAYS: '365' }).submissionRetentionDays).toBe(365);
    for (const bad of ['0', '-3', '1.5', 'a year', '36501']) {
      expect(() => loadConfig({ SUBMISSION_RETENTION_DAYS: bad }), bad).toThrow(
        /SUBMISSION_RETENTION_DAYS: must be/,
      );
    }
  });

  it('reads the origins allowed to frame /embed, in the form a browser compares', () => {
    expect(loadConfig({}).embedAllowedOrigins).toEqual([]);
    expect(
      loadConfig({
        EMBED_ALLOWED_ORIGINS:
          ' https://Partner.example/ , http://127.0.0.1:8080,https://partner.example:443',
      }).embedAllowedOrigins,
    ).toEqual(['https://partner.example', 'http://127.0.0.1:8080']);
  });

  it('refuses an allowed framing origin that is not a bare http(s) origin, naming the variable', () => {
    for (const bad of [
      'partner.example',
      'https://partner.example/page',
      'https://partner.example?x=1',
      'https://partner.example/#top',
      'ftp://partner.example',
      'https://user@partner.example',
      'https://ok.example,*',
      "'self'",
    ]) {
      expect(() => loadConfig({ EMBED_ALLOWED_ORIGINS: bad }), bad).toThrow(
        /EMBED_ALLOWED_ORIGINS: must be a comma-separated list of http\(s\) origins without a path/,
      );
    }
  });

  it('lets the provider links default to the provider site', () => {
    const config = loadConfig({
      PROVIDER_URL: 'https://msp.example/',
      TERMS_URL: 'https://msp.example/terms',
    });
    expect(config.aboutUrl).toBe('https://msp.example/');
    expect(config.termsUrl).toBe('https://msp.example/terms');
  });

  it('sends mail to the outbox, delivers no webhooks and analyses built in when nothing is set', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://assess.example.com' });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: '"MSP Automation Maturity Assessment" <no-reply@assess.example.com>',
    });
    expect(config.webhook).toBeUndefined();
    expect(config.openai).toBeUndefined();
  });

  it('reads mail, webhook and model settings', () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const config = loadConfig({
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Assessments <hello@example.com>',
      WEBHOOK_URL: 'https://crm.example.com/hooks/msp',
      WEBHOOK_SECRET: secret,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      from: 'Assessments <hello@example.com>',
    });
    expect(config.webhook).toEqual({ url: 'https://crm.example.com/hooks/msp', secret });
    expect(config.openai).toEqual({
      apiKey: 'sk-test',
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'gpt-4o-mini',
    });
  });

  it('names the mail, webhook and model variable with a bad value', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ WEBHOOK_URL: 'ftp://x.example.com', WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /WEBHOOK_URL/,
    );
    expect(() =>
      loadConfig({ WEBHOOK_URL: 'https://x.example.com', WEBHOOK_SECRET: 'not-a-secret' }),
    ).toThrow(/WEBHOOK_SECRET/);
    expect(() => loadConfig({ WEBHOOK_URL: 'https://x.example.com' })).toThrow(/WEBHOOK_SECRET/);
    expect(() => loadConfig({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  });

  it('reads the metrics token, and leaves /metrics to the loopback interface without one', () => {
    const token = 'f3a9'.repeat(16);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('refuses a metrics token that is short or cannot travel in a header', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(/METRICS_TOKEN: must be 32 to 512/);
    expect(() => loadConfig({ METRICS_TOKEN: `${'a'.repeat(40)} b` })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: `${'a'.repeat(40)}\n` })).toThrow(/METRICS_TOKEN/);
  });
});
