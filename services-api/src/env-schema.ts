import { API_RATE_LIMIT_PER_MINUTE_DEFAULT, EMAIL_MAX_LENGTH } from '@msp/shared';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { LOG_LEVELS } from './logger.js';

/**
 * What docs/configuration.md says about a variable, kept beside its rule so the two cannot part:
 * `scripts/config-docs.ts` writes that page from these, and its test fails when the page differs.
 * Markdown; links are relative to docs/.
 */
export interface EnvVariableDoc {
  /** The Meaning column. */
  description?: string;
  /** The Default column, when the schema's own default (what an empty environment gives) says less. */
  defaultText?: string;
  /** Described in the row of this variable instead of a row of its own. */
  describedWith?: string;
  /** Not for operators: left out of the page. */
  internal?: true;
}

/** Attaches a variable's documentation to its schema (zod keeps it in its global registry). */
function documented<T extends z.ZodType>(schema: T, doc: EnvVariableDoc): T {
  return schema.meta({ ...doc });
}

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

/** The environment this server reads, parsed once at start-up; each variable with its documentation. */
export const EnvSchema = z.object({
  // Set by the test runner and the Docker image, not a setting to choose.
  NODE_ENV: documented(z.string().optional(), { internal: true }),
  PORT: documented(
    z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(5000),
    { description: 'HTTP port.' },
  ),
  HOST: documented(z.string().min(1).default('127.0.0.1'), {
    description: 'Interface to listen on; `0.0.0.0` to accept outside connections.',
  }),
  DATA_DIR: documented(z.string().min(1).default('./data'), {
    description:
      'Where the embedded PostgreSQL lives (`DATA_DIR/postgres`, its password in ' +
      '`DATA_DIR/postgres-password`) and the mail outbox.',
  }),
  DATABASE_URL: documented(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    {
      description:
        '`postgres://…` to use a PostgreSQL server of your own; then none is started and `DATA_DIR` ' +
        'holds only the outbox.',
    },
  ),
  EMBEDDED_DATABASE_PORT: documented(
    z.coerce
      .number({ error: 'must be a port number' })
      .int()
      .min(1, { error: 'must be a port number from 1 to 65535' })
      .max(65535, { error: 'must be a port number from 1 to 65535' })
      .default(5433),
    {
      description:
        'The port on 127.0.0.1 where the embedded PostgreSQL listens (it accepts no other address). ' +
        'If another program has it, the server says so and changes nothing.',
    },
  ),
  PUBLIC_URL: documented(optionalUrl, {
    description: 'The address people use to reach the site.',
    defaultText: '`http://localhost:PORT`',
  }),
  PRODUCT_NAME: documented(z.string().min(1).max(120).default('MSP Automation Maturity Assessment'), {
    description: 'Title shown in the header and the browser tab.',
  }),
  PROVIDER_NAME: documented(z.string().min(1).max(120).default('Automation Maturity'), {
    description: 'Who runs the site; used in the footer and the call to action.',
  }),
  PROVIDER_URL: documented(optionalUrl, {
    description:
      "The provider's website (logo link, call to action). Also on the admin's Settings screen; set here, it wins and is locked there.",
    defaultText: '`PUBLIC_URL/`',
  }),
  PRIVACY_URL: documented(optionalUrl, {
    description: "Footer links. Also on the admin's Settings screen; set here, it wins and is locked there.",
    defaultText: '`PROVIDER_URL`',
  }),
  TERMS_URL: documented(optionalUrl, { describedWith: 'PRIVACY_URL' }),
  ABOUT_URL: documented(optionalUrl, { describedWith: 'PRIVACY_URL' }),
  IMPACT_URL: documented(optionalUrl, {
    description:
      "Where the IMPACT tools button on the landing page leads. Also on the admin's Settings screen; set here, it wins and is locked there.",
    defaultText: '`PROVIDER_URL`',
  }),
  SUBMIT_RATE_LIMIT_PER_MINUTE: documented(positiveInt(20), {
    description: 'Assessments one client address may submit per minute.',
  }),
  EVENT_RATE_LIMIT_PER_MINUTE: documented(positiveInt(240), {
    description:
      "Funnel events (the public pages' step beacons) one client address may send per minute; a whole " +
      'visit sends about 40.',
  }),
  API_RATE_LIMIT_PER_MINUTE: documented(positiveInt(API_RATE_LIMIT_PER_MINUTE_DEFAULT), {
    description: 'Requests one API key may make per minute (shared by all instances on one PostgreSQL).',
  }),
  // Empty is unset: kept forever.
  SUBMISSION_RETENTION_DAYS: documented(
    z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number({ error: 'must be a whole number of days, such as 365' })
        .int({ error: 'must be a whole number of days, such as 365' })
        .min(1, { error: 'must be at least 1 day; leave it empty to keep submissions forever' })
        .max(36_500, { error: 'must be at most 36500 days (100 years)' })
        .optional(),
    ),
    {
      description:
        'Delete submissions older than this many days (a whole number, at least 1), once a day, with ' +
        'their answers, scores, analyses and delivery logs; each run is recorded in the audit log. Unset ' +
        'or empty, submissions are kept until deleted. See ' +
        '[Personal data](operations.md#personal-data-and-retention).',
    },
  ),
  TRUSTED_PROXIES: documented(
    z
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
    {
      description:
        'Proxies whose `X-Forwarded-For` is believed: comma-separated addresses or CIDR ranges (e.g. ' +
        "`10.0.0.0/8, ::1`). Unset, the client is the connection's peer; behind a proxy set it, or " +
        "every visitor shares the proxy's address and its limits.",
    },
  ),
  EMBED_ALLOWED_ORIGINS: documented(
    z
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
    {
      description:
        'Sites whose pages may frame the embedded assessment (`/embed`, placed with the `/embed.js` ' +
        "snippet the admin's Integrations screen shows): comma-separated `http(s)` origins without a " +
        'path (e.g. `https://partner.example, https://www.partner.example`). Every other site, and ' +
        'every other page, is still refused by `frame-ancestors`. Unset, no site may frame any page.',
    },
  ),
  SESSION_SECRET: documented(
    z
      .string()
      .min(32, { error: 'must be at least 32 characters' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    {
      description:
        'At least 32 characters; encrypts the session cookie. When unset, one is generated once and ' +
        'kept in the database, so every instance on it agrees.',
      defaultText: 'generated',
    },
  ),
  OIDC_ISSUER: documented(optionalUrl, {
    description:
      'Single sign-on through any OpenID Connect provider (Entra ID, Google, Okta, Keycloak); all ' +
      'three or none. Register the redirect URI `PUBLIC_URL/api/auth/oidc`; the client secret is sent ' +
      'in the token request body. Entra ID needs its single-tenant issuer ' +
      '(`https://login.microsoftonline.com/{tenant}/v2.0`) and the optional `email` claim. The ' +
      'discovery document is read at start-up: if it cannot be read, the server starts without single ' +
      'sign-on, logs why, and needs a restart to try again.',
  }),
  OIDC_CLIENT_ID: documented(z.string().max(500).optional(), { describedWith: 'OIDC_ISSUER' }),
  OIDC_CLIENT_SECRET: documented(z.string().max(2000).optional(), { describedWith: 'OIDC_ISSUER' }),
  OIDC_DISPLAY_NAME: documented(z.string().max(60).optional(), {
    description: 'The provider\'s name on the sign-in button ("Sign in with …").',
    defaultText: '`single sign-on`',
  }),
  OIDC_TRUST_EMAIL: documented(
    z
      .enum(['true', 'false', ''], { error: 'must be true or false' })
      .optional()
      .transform((value) => value === 'true'),
    {
      description:
        "`true` only for an issuer whose addresses belong to their users (one organisation's " +
        'directory): then an email links a sign-in to an existing account. See ' +
        '[Administrators](administrators.md).',
    },
  ),
  LOG_LEVEL: documented(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(), {
    description:
      'Least severe level logged: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. ' +
      'Logs are JSON lines with a request id, pretty-printed at a terminal in development; cookies, ' +
      'authorization headers, CSRF tokens, passwords and secrets are redacted. See ' +
      '[docs/operations.md](operations.md#logs).',
    defaultText: '`info`',
  }),
  FOUNDER_EMAIL: documented(
    z
      .email({ error: 'must be an email address' })
      .max(EMAIL_MAX_LENGTH, { error: `must be at most ${EMAIL_MAX_LENGTH} characters` })
      .transform((email) => email.toLowerCase())
      .optional()
      .or(z.literal('').transform(() => undefined)),
    { description: 'The founder account: an approved admin from its first sign-in, its role locked.' },
  ),
  SMTP_URL: documented(
    z
      .string()
      .regex(/^smtps?:\/\/[^/?#]+/, {
        error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587',
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    {
      description:
        'Where the results email and invite links are sent: `smtp://user:password@host:587` (STARTTLS ' +
        'when the server offers it) or `smtps://…:465`. Without it each email is written as an `.eml` ' +
        'file under `DATA_DIR/outbox`, so a trial install shows what would be sent.',
    },
  ),
  MAIL_FROM: documented(
    z
      .string()
      .max(320)
      .regex(/^[^\r\n]*@[^\r\n]+$/, { error: 'must be an address such as "Name <noreply@example.com>"' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    {
      description:
        "The sender of every email, e.g. `Assessments <hello@example.com>`. Also on the admin's Settings screen; set here, it wins and is locked there.",
      defaultText: '`"PRODUCT_NAME" <no-reply@PUBLIC_URL\'s host>`',
    },
  ),
  WEBHOOK_URL: documented(
    optionalUrl.refine((url) => !url || /^https?:\/\//.test(url), {
      error: 'must be an http:// or https:// URL',
    }),
    {
      description:
        'Both or neither. Every new submission is POSTed to the URL, signed per Standard Webhooks with ' +
        'the secret (`whsec_` and at least 24 random bytes in base64; make one with ' +
        "`node -e \"console.log('whsec_'+crypto.randomBytes(32).toString('base64'))\"`). See " +
        '[Webhooks](integrations.md#webhooks).',
    },
  ),
  WEBHOOK_SECRET: documented(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, {
        error: 'must be a Standard Webhooks secret: whsec_ followed by at least 24 random bytes in base64',
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    { describedWith: 'WEBHOOK_URL' },
  ),
  OPENAI_API_KEY: documented(
    z
      .string()
      .max(500)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    {
      description:
        'When set, a model writes each analysis (summary and top three recommendations) from the pillar ' +
        'scores and the matrix; no personal data is sent. Without it, or when the model fails, times ' +
        'out (30 s) or answers out of shape, the built-in analyst writes it and the stored analysis ' +
        'says so.',
    },
  ),
  OPENAI_BASE_URL: documented(optionalUrl, {
    description:
      'Any OpenAI-compatible server (Azure OpenAI, a local vLLM or Ollama), e.g. ' +
      '`http://127.0.0.1:11434/v1`. It must support JSON-schema structured output.',
    defaultText: "OpenAI's",
  }),
  OPENAI_MODEL: documented(z.string().min(1).max(100).default('gpt-4o-mini'), {
    description: 'The model asked.',
  }),
  HUBSPOT_API_URL: documented(optionalUrl, {
    description:
      "Where HubSpot's API is reached. Set it only to send HubSpot's requests through a proxy, or to a " +
      'local stand-in in tests. The HubSpot connection itself is made on the Integrations screen. See ' +
      '[HubSpot](integrations.md#hubspot).',
    defaultText: '`https://api.hubapi.com`',
  }),
  HUBSPOT_BURST_LIMIT: documented(
    z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number({ error: 'must be a number' }).int().positive().max(1000).optional(),
    ),
    {
      description:
        "Requests sent to HubSpot in any 10 seconds: HubSpot's burst limit for a private app, 100 on " +
        'Free and Starter accounts; 190 on Professional and Enterprise, 250 with the API limit ' +
        'increase. Each server instance keeps to it on its own: with several, divide it between them.',
      defaultText: '`100`',
    },
  ),
  // Sent by Prometheus as a bearer token: header-safe characters, and long enough not to be guessed.
  METRICS_TOKEN: documented(
    z
      .string()
      .regex(/^[A-Za-z0-9._~+/=-]{32,512}$/, {
        error: 'must be 32 to 512 letters, digits or ._~+/=- (for example: openssl rand -hex 32)',
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    {
      description:
        'Bearer token for `GET /metrics` (32–512 letters, digits or `._~+/=-`, e.g. ' +
        '`openssl rand -hex 32`); unset, it answers only a client on this machine, judged through ' +
        '`TRUSTED_PROXIES`. See [docs/operations.md](operations.md#health-readiness-and-metrics).',
    },
  ),
});
