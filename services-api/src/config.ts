import { API_RATE_LIMIT_PER_MINUTE_DEFAULT, EMAIL_MAX_LENGTH } from '@msp/shared';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './logger.js';
import { OperatorError } from './domain/errors.js';

const optionalUrl = z
  .url({ error: 'must be a URL such as https://example.com' })
  .optional()
  .or(z.literal('').transform(() => undefined));

/** `https://host[:port]` and nothing more: what a browser compares a framing page against. */
function isWebOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.pathname === '/' &&
      !url.username &&
      !url.password &&
      !/[?#]/.test(text) &&
      !/^https?:\/\/[^/]*\/./i.test(text)
    );
  } catch {
    return false;
  }
}

const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).int().positive().default(fallback);

/** The environment this server reads, parsed once at start-up. */
const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  EMBEDDED_DATABASE_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(1, { error: 'must be a port number from 1 to 65535' })
    .max(65535, { error: 'must be a port number from 1 to 65535' })
    .default(5433),
  PUBLIC_URL: optionalUrl,
  PRODUCT_NAME: z.string().min(1).max(120).default('MSP Automation Maturity Assessment'),
  PROVIDER_NAME: z.string().min(1).max(120).default('Automation Maturity'),
  PROVIDER_URL: optionalUrl,
  PRIVACY_URL: optionalUrl,
  TERMS_URL: optionalUrl,
  ABOUT_URL: optionalUrl,
  IMPACT_URL: optionalUrl,
  SUBMIT_RATE_LIMIT_PER_MINUTE: positiveInt(20),
  EVENT_RATE_LIMIT_PER_MINUTE: positiveInt(240),
  API_RATE_LIMIT_PER_MINUTE: positiveInt(API_RATE_LIMIT_PER_MINUTE_DEFAULT),
  // Empty is unset: kept forever.
  SUBMISSION_RETENTION_DAYS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a whole number of days, such as 365' })
      .int({ error: 'must be a whole number of days, such as 365' })
      .min(1, { error: 'must be at least 1 day; leave it empty to keep submissions forever' })
      .max(36_500, { error: 'must be at most 36500 days (100 years)' })
      .optional(),
  ),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => {
        try {
          proxyaddr.compile(entries);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'must be a comma-separated list of IP addresses or CIDR ranges such as 10.0.0.0/8' },
    ),
  EMBED_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((entry) => entry.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isWebOrigin), {
      error:
        'must be a comma-separated list of http(s) origins without a path, such as https://partner.example,https://www.partner.example',
    })
    // The form a browser sends and compares: lower-case host, no default port.
    .transform((entries) => [...new Set(entries.map((entry) => new URL(entry).origin))]),
  SESSION_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().max(2000).optional(),
  OIDC_DISPLAY_NAME: z.string().max(60).optional(),
  OIDC_TRUST_EMAIL: z
    .enum(['true', 'false', ''], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  FOUNDER_EMAIL: z
    .email({ error: 'must be an email address' })
    .max(EMAIL_MAX_LENGTH, { error: `must be at most ${EMAIL_MAX_LENGTH} characters` })
    .transform((email) => email.toLowerCase())
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]+/, {
      error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .max(320)
    .regex(/^[^\r\n]*@[^\r\n]+$/, { error: 'must be an address such as "Name <noreply@example.com>"' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WEBHOOK_URL: optionalUrl.refine((url) => !url || /^https?:\/\//.test(url), {
    error: 'must be an http:// or https:// URL',
  }),
  WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, {
      error: 'must be a Standard Webhooks secret: whsec_ followed by at least 24 random bytes in base64',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OPENAI_API_KEY: z
    .string()
    .max(500)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).max(100).default('gpt-4o-mini'),
  // Sent by Prometheus as a bearer token: header-safe characters, and long enough not to be guessed.
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{32,512}$/, {
      error: 'must be 32 to 512 letters, digits or ._~+/=- (for example: openssl rand -hex 32)',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when absent the server runs PostgreSQL itself from dataDir. */
  databaseUrl: string | undefined;
  /** The port on 127.0.0.1 where the embedded PostgreSQL listens (not 5432: a system one may be there). */
  embeddedDatabasePort: number;
  publicUrl: string;
  /** Origins whose pages may frame /embed (CSP frame-ancestors); empty, no page may. */
  embedAllowedOrigins: string[];
  productName: string;
  providerName: string;
  providerUrl: string;
  privacyUrl: string;
  termsUrl: string;
  aboutUrl: string;
  impactUrl: string;
  submitRateLimitPerMinute: number;
  /**
   * Funnel events one address may send per minute: a whole visit is about 40, so this leaves room
   * for a few visitors behind one address and refuses a flood.
   */
  eventRateLimitPerMinute: number;
  /** Requests one API key may make per minute, across all instances on one PostgreSQL. */
  apiRateLimitPerMinute: number;
  /**
   * Submissions older than this many days are deleted by a daily job, with everything hanging off
   * them; when absent, submissions are kept until someone deletes them.
   */
  submissionRetentionDays: number | undefined;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); with none, the client is
   * the connection's peer.
   */
  trustedProxies: string[];
  /** Encrypts the session cookie; when absent, one is generated once and kept in the database. */
  sessionSecret: string | undefined;
  /** The founder account: approved admin from its first sign-in, role locked. */
  founderEmail: string | undefined;
  /** Outgoing mail: SMTP when a URL is given, else .eml files under DATA_DIR/outbox. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Signed webhooks for every new submission, when both the URL and the secret are given. */
  webhook: { url: string; secret: string } | undefined;
  /** A model writes the analysis when a key is given; otherwise the built-in analyst does. */
  openai: { apiKey: string; baseUrl: string | undefined; model: string } | undefined;
  /** Single sign-on through an OpenID Connect provider, when all three settings are given. */
  oidc:
    | {
        issuer: string;
        clientId: string;
        clientSecret: string;
        displayName: string;
        /**
         * The issuer gives out only addresses its users own (one organisation's directory), so
         * its email claim may link a sign-in to an existing account or make the founder.
         */
        trustEmail: boolean;
      }
    | undefined;
  /**
   * The bearer token Prometheus must send for /metrics; when absent, /metrics answers only
   * clients on this machine (by the address the proxy rules give).
   */
  metricsToken: string | undefined;
  /** Whether cookies need HTTPS (PUBLIC_URL is https). */
  secureCookies: boolean;
  /** Built web app to serve; absent in API-only tests. */
  webDistDir: string | undefined;
  /** Least severe log level written; tests default to warn so their output stays clean. */
  logLevel: LogLevel;
  /** Checks every response against its contract; on in tests so a drifting handler fails loudly. */
  validateResponses: boolean;
}

/** A URL's password, as written in it and decoded: either may reach a log line. */
function passwordsIn(url: string | undefined): string[] {
  if (!url || !URL.canParse(url)) return [];
  const { password } = new URL(url);
  if (!password) return [];
  try {
    return [password, decodeURIComponent(password)];
  } catch {
    return [password];
  }
}

/**
 * Every secret value the configuration holds: keys, tokens, and the password of any URL in it
 * (the database's, the mail server's...), for the logger to keep out of every line.
 */
export function configuredSecrets(config: Config): string[] {
  const webhookSecret = config.webhook?.secret;
  return [
    config.openai?.apiKey,
    config.oidc?.clientSecret,
    config.sessionSecret,
    config.metricsToken,
    webhookSecret,
    // The signing key itself, as some libraries' errors show it: the base64 after `whsec_`.
    webhookSecret?.slice(webhookSecret.indexOf('_') + 1),
    ...[
      config.databaseUrl,
      config.mail.smtpUrl,
      config.webhook?.url,
      config.openai?.baseUrl,
      config.oidc?.issuer,
    ].flatMap(passwordsIn),
  ].filter((value): value is string => Boolean(value));
}

export class ConfigError extends OperatorError {
  override name = 'ConfigError';
}

/** Reads the configuration from an environment; a bad value throws a message naming the variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet > 0 && oidcSet < 3) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together for single sign-on',
    );
  }
  if (Boolean(e.WEBHOOK_URL) !== Boolean(e.WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  WEBHOOK_URL and WEBHOOK_SECRET must be set together for webhooks',
    );
  }
  const providerUrl = e.PROVIDER_URL ?? `${publicUrl}/`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    embeddedDatabasePort: e.EMBEDDED_DATABASE_PORT,
    publicUrl,
    embedAllowedOrigins: e.EMBED_ALLOWED_ORIGINS,
    productName: e.PRODUCT_NAME,
    providerName: e.PROVIDER_NAME,
    providerUrl,
    privacyUrl: e.PRIVACY_URL ?? providerUrl,
    termsUrl: e.TERMS_URL ?? providerUrl,
    aboutUrl: e.ABOUT_URL ?? providerUrl,
    impactUrl: e.IMPACT_URL ?? providerUrl,
    submitRateLimitPerMinute: e.SUBMIT_RATE_LIMIT_PER_MINUTE,
    eventRateLimitPerMinute: e.EVENT_RATE_LIMIT_PER_MINUTE,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    submissionRetentionDays: e.SUBMISSION_RETENTION_DAYS,
    trustedProxies: e.TRUSTED_PROXIES,
    sessionSecret: e.SESSION_SECRET,
    founderEmail: e.FOUNDER_EMAIL,
    mail: {
      smtpUrl: e.SMTP_URL,
      from:
        e.MAIL_FROM ?? `"${e.PRODUCT_NAME.replace(/["\\]/g, '')}" <no-reply@${new URL(publicUrl).hostname}>`,
    },
    webhook: e.WEBHOOK_URL && e.WEBHOOK_SECRET ? { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET } : undefined,
    openai: e.OPENAI_API_KEY
      ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL }
      : undefined,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            displayName: e.OIDC_DISPLAY_NAME ?? 'single sign-on',
            trustEmail: e.OIDC_TRUST_EMAIL,
          }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    secureCookies: publicUrl.startsWith('https://'),
    webDistDir: undefined,
    validateResponses: e.NODE_ENV === 'test',
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    ...overrides,
  };
}
