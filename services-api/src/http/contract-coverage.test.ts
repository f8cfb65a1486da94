import type { RequestRoute } from '@hapi/hapi';
import { allRoutes } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import type { ContractRouteApp } from './route-adapter.js';

const head = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;

/** The contract a served route was built from, when the adapter built it. */
function contractOf(route: RequestRoute | undefined) {
  return (route?.settings.app as Partial<ContractRouteApp> | undefined)?.contract;
}

/**
 * Outside /api and outside the contract: the web app's files (the web plugin), and an operator's
 * probes for a load balancer and Prometheus (health.ts, the metrics plugin), which no client calls.
 */
const OUTSIDE_THE_CONTRACT = [
  'GET /assets/{file*}',
  'GET /{path*}',
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
];

describe('the contract and the served routes', () => {
  let app: TestApp;
  let served: RequestRoute[];

  beforeAll(async () => {
    app = await startTestApp(testDatabaseKinds[0]!, { seed: false });
    served = app.server.table();
  });
  afterAll(() => app?.close());

  it('serves every route of the contract, built from its contract entry', () => {
    const byHead = new Map(served.map((route) => [head(route), route]));
    const missing = Object.entries(allRoutes)
      .filter(([, contract]) => !contractOf(byHead.get(head(contract))))
      .map(([name, contract]) => `${name} (${head(contract)})`);
    expect(missing, 'contract routes without a handler').toEqual([]);
    for (const contract of Object.values(allRoutes)) {
      const served = contractOf(byHead.get(head(contract)))!;
      expect({ head: head(served), summary: served.summary }).toEqual({
        head: head(contract),
        summary: contract.summary,
      });
    }
  });

  it('serves nothing under /api that the contract does not describe', () => {
    const contracted = new Set(Object.values(allRoutes).map(head));
    const extra = served
      .map(head)
      .filter((route) => !contracted.has(route) && !OUTSIDE_THE_CONTRACT.includes(route));
    // Also fails when a route keeps a contract's method and path but is written by hand.
    const handWritten = served.filter((route) => route.path.startsWith('/api') && !contractOf(route));
    expect(handWritten.map(head), 'hand-written /api routes').toEqual([]);
    expect(extra, 'served routes without a contract').toEqual([]);
  });
});
