import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, throughProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { postgresTestDatabase } from '../test/test-database.js';

interface Readiness {
  status: number;
  body: { status: string };
  headers: Record<string, unknown>;
}

const readiness = (app: TestApp) => app.request<Readiness['body']>({ url: '/readyz' }) as Promise<Readiness>;

/** Asks /readyz until it answers `status` (as a load balancer keeps asking), at most `tries` times. */
async function readinessOnce(app: TestApp, status: number, tries = 200): Promise<Readiness> {
  let answer = await readiness(app);
  for (let i = 1; i < tries && answer.status !== status; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await readiness(app);
  }
  return answer;
}

describe('health and readiness', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(postgresTestDatabase, { env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => app?.close());

  it('says not ready while warming up, then ready; neither probe sets a cookie or logs a line', async () => {
    const first = await readiness(app);
    expect(first.status).toBe(503);
    expect(first.body).toEqual({ status: 'not ready' });
    expect(first.headers['retry-after']).toBe('5');

    const ready = await readinessOnce(app, 200);
    expect(ready.body).toEqual({ status: 'ready' });
    const alive = await app.request<{ status: string }>({ url: '/healthz' });
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: 'ok' });
    for (const answer of [first, ready, alive]) {
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // The warm-up's own requests are not visitors': no access line for them either.
    const logged = app.logs();
    expect(logged).toMatch(/"reasons":\["warming up"\],"msg":"Not ready for traffic"/);
    expect(logged).toContain('Warmed up');
    expect(logged).not.toMatch(/"reqId"/);
  });

  it('warms up without writing anything', async () => {
    await readinessOnce(app, 200);
    for (const table of ['submissions', 'rate_limits', 'jobs', 'sessions']) {
      // The start queues the daily retention run (saved drafts have a period even when submissions
      // have none) and the hourly clock of lead digests: the server's own, not the warm-up's.
      const rows =
        table === 'jobs' ? app.db(table).whereNotIn('kind', ['retention', 'lead_clock']) : app.db(table);
      const [row] = await rows.count<{ n: string }[]>({ n: '*' });
      expect(Number(row!.n), table).toBe(0);
    }
  });

  it('counts none of the warm-up’s own requests in the metrics', async () => {
    await readinessOnce(app, 200);
    const scrape = await app.request<string>({ url: '/metrics' });
    expect(scrape.status).toBe(200);
    const text = String(scrape.body);
    expect(text).not.toMatch(/^msp_submissions_refused_total\{[^}]*\} [1-9]/m);
    expect(text).not.toMatch(/route="(submitAssessment|listPillars)"/);
  });

  it('answers 503 for a migration that is not applied, naming it in the log, and 200 once it is', async () => {
    await readinessOnce(app, 200);
    const last = await app.db('knex_migrations').orderBy('id', 'desc').first();
    await app.db('knex_migrations').where({ id: last.id }).delete();
    try {
      const pending = await readiness(app);
      expect(pending.status).toBe(503);
      expect(pending.body).toEqual({ status: 'not ready' });
      expect(app.logs()).toContain(`"reasons":["migrations pending: ${last.name}"]`);
    } finally {
      await app.db('knex_migrations').insert(last);
    }
    expect((await readiness(app)).status).toBe(200);
  });

  it('answers 503 once the job worker has stopped', async () => {
    await readinessOnce(app, 200);
    await app.server.app.ctx.jobs.stop();
    const stopped = await readiness(app);
    expect(stopped.status).toBe(503);
    expect(stopped.body).toEqual({ status: 'not ready' });
    expect(app.logs()).toContain('"reasons":["the job worker is not running"]');
    expect((await app.request({ url: '/healthz' })).status).toBe(200);
  });
});

describe('readiness when the database goes away', () => {
  let app: TestApp | undefined;
  let proxy: TcpProxy | undefined;
  afterEach(async () => {
    await app?.close();
    await proxy?.close();
  });

  it('answers 503 while the database is unreachable, the error in the log only, and ready again by itself', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    app = await startTestApp(throughProxy(postgresTestDatabase, proxy), { seed: false });
    expect((await readinessOnce(app, 200)).status).toBe(200);

    await proxy.down();
    const down = await readiness(app);
    expect(down.status).toBe(503);
    // Its error text names the database's address: for the log, not for whoever asks.
    expect(down.body).toEqual({ status: 'not ready' });
    expect(app.logs()).toMatch(/"reasons":\["database unreachable: .*Connection terminated/);
    // Said when they change, not at every probe: the cut connections' error, then the refused ones'.
    await readiness(app);
    app.logs();
    await readiness(app);
    expect(app.logs()).not.toContain('Not ready for traffic');
    expect((await app.request({ url: '/healthz' })).status).toBe(200);

    await proxy.up();
    const back = await readinessOnce(app, 200);
    expect(back.body).toEqual({ status: 'ready' });
  });
});
