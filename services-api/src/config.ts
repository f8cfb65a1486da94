import type { LogLevel } from './logger.js';
import { OperatorError } from './domain/errors.js';
import { EnvSchema } from './env-schema.js';

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
  /**
   * The variables among those the Settings screen also sets that the environment gave a value:
   * each wins over a saved setting, which the screen shows locked.
   */
  settingsFromEnvironment: string[];
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
   * Where HubSpot's API is (undefined: HubSpot's own) and the burst limit kept to per access token
   * (a part left out: HubSpot's lowest); the account and its token are connected on the
   * Integrations screen, not here. Tests point it at a stand-in and shorten the window.
   */
  hubspot: {
    apiUrl: string | undefined;
    burstLimit: { maxRequests?: number; windowMs?: number };
    /** How long one job of a sync of every submission runs before the next takes over; tests shorten it. */
    backfillSliceMs?: number;
  };
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

/** The variables that set what the Settings screen also sets. */
const SETTINGS_VARIABLES = [
  'PROVIDER_NAME',
  'PROVIDER_URL',
  'PRIVACY_URL',
  'TERMS_URL',
  'ABOUT_URL',
  'IMPACT_URL',
  'MAIL_FROM',
];

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
    settingsFromEnvironment: SETTINGS_VARIABLES.filter((name) => (env[name] ?? '') !== ''),
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
    hubspot: { apiUrl: e.HUBSPOT_API_URL, burstLimit: { maxRequests: e.HUBSPOT_BURST_LIMIT } },
    metricsToken: e.METRICS_TOKEN,
    secureCookies: publicUrl.startsWith('https://'),
    webDistDir: undefined,
    validateResponses: e.NODE_ENV === 'test',
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    ...overrides,
  };
}
