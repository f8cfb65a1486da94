import { allRoutes, buildOpenApiDocument } from '@msp/shared';
import parsePrometheusTextFormat, {
  type ParsedFamily,
  type ParsedSample,
} from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '../../test/fixtures.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('a test secret of thirty-two bytes!').toString('base64')}`;
const TOKEN = 'c0ffee'.repeat(8);

interface Scrape {
  /** The families as parsed, with their types. */
  families: ParsedFamily[];
  /** Every sample of a name (a histogram's `_bucket`, `_sum` and `_count` each their own), with its labels. */
  samples: Map<string, ParsedSample[]>;
}

/** Reads /metrics the way Prometheus does, with a real text-format parser. */
async function scrape(app: TestApp, headers: Record<string, string> = {}): Promise<Scrape> {
  const response = await app.server.inject({ url: '/metrics', headers });
  expect(response.statusCode, response.payload).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusTextFormat(response.payload);
  // The parser folds a histogram's labelled series into one. Without the TYPE lines each sample
  // line is read as a series of its own name, labels and all.
  const untyped = parsePrometheusTextFormat(response.payload.replace(/^# TYPE .*\n/gm, ''));
  const samples = new Map<string, ParsedSample[]>();
  // A histogram's series come one after another, so one name recurs as a family of its own.
  for (const f of untyped) samples.set(f.name, [...(samples.get(f.name) ?? []), ...f.metrics]);
  return { families, samples };
}

function family({ families }: Scrape, name: string): ParsedFamily {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in the scrape`);
  return found;
}

function samplesOf({ samples }: Scrape, name: string): ParsedSample[] {
  return samples.get(name) ?? [];
}

/** The value of the sample of `name` whose labels include `labels`. */
function valueOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  const sample = samplesOf(scraped, name).find((m) =>
    Object.entries(labels).every(([key, value]) => m.labels?.[key] === value),
  );
  if (!sample) throw new Error(`no ${name}${JSON.stringify(labels)} in the scrape`);
  return Number(sample.value);
}

describe.each(testDatabaseKinds)('metrics on $name', (kind) => {
  describe('without a metrics token', () => {
    let app: TestApp;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      app = await startTestApp(kind, {
        env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET, TRUSTED_PROXIES: '10.0.0.0/8' },
        // The bot's, the visitor's and the invalid submission each take one; the fourth is refused.
        config: { submitRateLimitPerMinute: 3 },
        jobs: { pollIntervalMs: 100, retryDelaysMs: [200] },
      });
    });
    afterAll(async () => {
      await app?.close();
      await receiver?.close();
    });

    it('counts requests by route name and status class, submissions and job attempts', async () => {
      // The webhook's first delivery fails, so its job is retried once and then succeeds.
      receiver.answerNext(500);
      for (let i = 0; i < 3; i += 1) expect((await app.request({ url: '/api/pillars' })).status).toBe(200);
      expect((await app.request({ url: '/api/no-such-thing' })).status).toBe(404);
      const bot = await app.request({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: { demographicData: person, answers: [], website: 'https://spam.example' },
      });
      expect(bot.status).toBe(201);
      const submissionId = await submitAs(app);
      expect((await app.request({ url: `/api/assessment/results/${submissionId}` })).status).toBe(200);
      const invalid = await app.request({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: { demographicData: person, answers: 'all of them' },
      });
      expect(invalid.status).toBe(400);
      await expect(submitAs(app)).rejects.toThrow(/Too many assessments/);

      const scraped = await eventually(
        async () => {
          const now = await scrape(app);
          const settled =
            valueOf(now, 'msp_job_attempts_total', { kind: 'webhook', outcome: 'succeeded' }) === 1 &&
            valueOf(now, 'msp_job_attempts_total', { kind: 'email', outcome: 'succeeded' }) === 1 &&
            valueOf(now, 'msp_job_attempts_total', { kind: 'analysis', outcome: 'succeeded' }) === 1;
          return settled && now;
        },
        { what: "the submission's jobs to be counted" },
      );

      expect(family(scraped, 'msp_http_request_duration_seconds').type).toBe('HISTOGRAM');
      const requests = (labels: Record<string, string>) =>
        valueOf(scraped, 'msp_http_request_duration_seconds_count', labels);
      expect(requests({ route: 'listPillars', status_class: '2xx' })).toBe(3);
      expect(requests({ route: 'submitAssessment', status_class: '2xx' })).toBe(2);
      expect(requests({ route: 'submitAssessment', status_class: '4xx' })).toBe(2);
      expect(requests({ route: 'getResults', status_class: '2xx' })).toBe(1);
      expect(requests({ route: 'unmatched', status_class: '4xx' })).toBe(1);
      const pillars = { route: 'listPillars', status_class: '2xx' };
      expect(valueOf(scraped, 'msp_http_request_duration_seconds_sum', pillars)).toBeGreaterThan(0);
      expect(valueOf(scraped, 'msp_http_request_duration_seconds_bucket', { ...pillars, le: '+Inf' })).toBe(
        3,
      );
      // Cumulative: each bucket holds the ones below it.
      const buckets = samplesOf(scraped, 'msp_http_request_duration_seconds_bucket')
        .filter((m) => m.labels?.route === 'listPillars' && m.labels?.status_class === '2xx')
        .map((m) => Number(m.value));
      expect(buckets.length).toBeGreaterThan(5);
      expect(buckets).toEqual([...buckets].sort((x, y) => x - y));
      // Labelled by the route's contract name, never by the requested path (a results id each).
      const contractNames = new Set(Object.keys(allRoutes));
      const routes = new Set(
        samplesOf(scraped, 'msp_http_request_duration_seconds_count').map((m) => m.labels?.route ?? ''),
      );
      expect(
        [...routes].filter((route) => !contractNames.has(route) && !['unmatched', 'metrics'].includes(route)),
      ).toEqual([]);

      expect(family(scraped, 'msp_submissions_accepted_total').type).toBe('COUNTER');
      expect(valueOf(scraped, 'msp_submissions_accepted_total')).toBe(1);
      expect(valueOf(scraped, 'msp_submissions_refused_total', { reason: 'validation' })).toBe(1);
      expect(valueOf(scraped, 'msp_submissions_refused_total', { reason: 'rate-limit' })).toBe(1);
      expect(valueOf(scraped, 'msp_submissions_refused_total', { reason: 'spam' })).toBe(1);

      expect(valueOf(scraped, 'msp_job_attempts_total', { kind: 'webhook', outcome: 'retried' })).toBe(1);
      expect(valueOf(scraped, 'msp_job_attempts_total', { kind: 'webhook', outcome: 'dead' })).toBe(0);
      expect(valueOf(scraped, 'msp_delivery_failures_total', { channel: 'webhook' })).toBe(1);
      expect(valueOf(scraped, 'msp_delivery_failures_total', { channel: 'email' })).toBe(0);

      // Every job has run: the queue is empty and nothing waits.
      expect(family(scraped, 'msp_jobs').type).toBe('GAUGE');
      expect(valueOf(scraped, 'msp_jobs', { kind: 'webhook', status: 'queued' })).toBe(0);
      expect(valueOf(scraped, 'msp_jobs', { kind: 'analysis', status: 'running' })).toBe(0);
      expect(valueOf(scraped, 'msp_jobs_oldest_due_age_seconds', { kind: 'email' })).toBe(0);

      // The pool has served all of the above; between requests nothing waits for a connection.
      const used = valueOf(scraped, 'msp_db_pool_connections', { state: 'used' });
      const free = valueOf(scraped, 'msp_db_pool_connections', { state: 'free' });
      expect(used).toBeGreaterThanOrEqual(0);
      expect(used + free).toBeGreaterThan(0);
      expect(used + free).toBeLessThanOrEqual(10);
      expect(valueOf(scraped, 'msp_db_pool_pending_acquires')).toBe(0);

      // The process: the event loop's delay and memory, from prom-client's default metrics.
      expect(family(scraped, 'nodejs_eventloop_lag_p99_seconds').type).toBe('GAUGE');
      expect(valueOf(scraped, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(valueOf(scraped, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
      expect(valueOf(scraped, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    });

    it('counts a job waiting for its retry as queued but not as due', async () => {
      const [job] = await app
        .db('jobs')
        .insert({
          kind: 'invite_email',
          payload: '{}',
          max_attempts: 2,
          run_at: app.db.raw("now() + interval '1 hour'"),
        })
        .returning<{ id: string }[]>('id');
      try {
        const scraped = await scrape(app);
        expect(valueOf(scraped, 'msp_jobs', { kind: 'invite_email', status: 'queued' })).toBe(1);
        expect(valueOf(scraped, 'msp_jobs_oldest_due_age_seconds', { kind: 'invite_email' })).toBe(0);
      } finally {
        await app.db('jobs').where({ id: job!.id }).delete();
      }
    });

    it('serves this machine only, whatever X-Forwarded-For says', async () => {
      expect((await app.server.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
      const proxied = await app.server.inject({
        url: '/metrics',
        remoteAddress: '10.0.0.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(proxied.statusCode).toBe(403);
      expect(proxied.payload).not.toContain('msp_');
      expect(proxied.payload).toContain('METRICS_TOKEN');
      const outsider = await app.server.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
      expect(outsider.statusCode).toBe(403);
      // A reverse proxy on this machine left out of TRUSTED_PROXIES: whoever is behind it is unknown.
      const untrustedProxy = await app.server.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(untrustedProxy.statusCode).toBe(403);
    });

    it('sets no cookie and asks no cache to keep the answer', async () => {
      const response = await app.server.inject({ url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('stays out of the OpenAPI document', () => {
      const paths = Object.keys(buildOpenApiDocument().paths);
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.filter((p) => p.includes('metrics'))).toEqual([]);
    });
  });

  describe('without a metrics token, behind a trusted proxy on the same machine', () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await startTestApp(kind, {
        seed: false,
        env: { TRUSTED_PROXIES: 'loopback' },
        jobs: { run: false },
      });
    });
    afterAll(() => app?.close());

    const throughTheProxy = (forwardedFor: string) =>
      app.server.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });

    it('refuses a client the proxy forwarded from elsewhere, whatever it put in the header itself', async () => {
      for (const forwardedFor of ['203.0.113.9', '127.0.0.1, 203.0.113.9', '::1, 10.0.0.7']) {
        const response = await throughTheProxy(forwardedFor);
        expect(response.statusCode, forwardedFor).toBe(403);
        expect(response.payload).not.toContain('msp_');
      }
    });

    it('serves a client on this machine, through the proxy or not', async () => {
      expect((await throughTheProxy('127.0.0.1')).statusCode).toBe(200);
      expect((await app.server.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    });
  });

  describe('with a metrics token', () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await startTestApp(kind, { seed: false, env: { METRICS_TOKEN: TOKEN }, jobs: { run: false } });
    });
    afterAll(() => app?.close());

    it('answers 401 without the token or with another, even on the loopback interface', async () => {
      for (const authorization of [
        undefined,
        `Bearer ${TOKEN.slice(1)}`,
        `Bearer ${TOKEN}x`,
        `Basic ${TOKEN}`,
      ]) {
        const response = await app.server.inject({
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, authorization).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(response.payload).not.toContain('msp_');
      }
    });

    it('serves whoever sends the token, from any address', async () => {
      const response = await app.server.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(parsePrometheusTextFormat(response.payload).map((f) => f.name)).toContain('msp_jobs');
    });

    it('counts the due jobs no worker has run, and how long the oldest has waited', async () => {
      // No worker runs here: one job due for 90 s, and one whose worker's lease ran out 30 s ago.
      const ago = (seconds: number) => app.db.raw(`now() - make_interval(secs => ${seconds})`);
      await app.db('jobs').insert([
        { kind: 'analysis', payload: '{}', max_attempts: 3, run_at: ago(90) },
        { kind: 'analysis', payload: '{}', max_attempts: 3, run_at: ago(10) },
        {
          kind: 'webhook',
          payload: '{}',
          max_attempts: 3,
          status: 'running',
          locked_by: 'gone',
          run_at: ago(30),
        },
      ]);
      const scraped = await scrape(app, { authorization: `Bearer ${TOKEN}` });
      expect(valueOf(scraped, 'msp_jobs', { kind: 'analysis', status: 'queued' })).toBe(2);
      expect(valueOf(scraped, 'msp_jobs', { kind: 'webhook', status: 'running' })).toBe(1);
      const analysisAge = valueOf(scraped, 'msp_jobs_oldest_due_age_seconds', { kind: 'analysis' });
      expect(analysisAge).toBeGreaterThanOrEqual(90);
      expect(analysisAge).toBeLessThan(3600);
      expect(valueOf(scraped, 'msp_jobs_oldest_due_age_seconds', { kind: 'webhook' })).toBeGreaterThanOrEqual(
        30,
      );
      expect(valueOf(scraped, 'msp_jobs_oldest_due_age_seconds', { kind: 'email' })).toBe(0);
    });
  });
});
