import type { HubSpotStatus } from '@msp/shared';
import { HUBSPOT_BURST_LIMIT } from '../services-api/src/plugins/hubspot/hubspot-rate-limit.js';
import { createTestUser, sessionHeaders } from '../services-api/src/test/auth-helpers.js';
import { startHubSpotServer } from '../services-api/src/test/hubspot-server.js';
import { submitOne } from './team-bench.js';
import { startProductServer } from './product-server.js';

const BASE = '/api/admin/integrations/hubspot';

export interface BackfillResult {
  submissions: number;
  seconds: number;
  requests: number;
  /** 429s the stand-in gave: each one retried after its Retry-After, or none at all. */
  rateLimited: number;
  contacts: number;
  state: string;
}

/**
 * The admin's sync of every submission (issue 41) against the local stand-in, both at HubSpot's
 * documented burst limit for a private app (100 requests per rolling 10 s): how long `count`
 * submissions take, how many batch calls, and how many 429s. The floor is the limit itself: 100
 * contacts a call, 100 calls in 10 s.
 */
export async function benchHubSpotBackfill(count: number): Promise<BackfillResult> {
  const hubspot = await startHubSpotServer({ rateLimit: HUBSPOT_BURST_LIMIT });
  const product = await startProductServer(process.env.DATABASE_URL || undefined, 'warn', {
    hubspot: { apiUrl: hubspot.baseUrl, burstLimit: {} },
  });
  try {
    const { db, server } = product;
    const template = await submitOne(server, 'template@bulk.example');
    await db.raw(
      `INSERT INTO submissions (id, submitted_at, ip_address, demographic_data, email, email_domain,
         employee_count, managed_companies, overall_level, cumulative_average, answers, pillar_score_cells)
       SELECT gen_random_uuid(), s.submitted_at - n * interval '1 second', s.ip_address,
         s.demographic_data, 'lead' || n || '@bulk.example', 'bulk.example', s.employee_count,
         s.managed_companies, s.overall_level, s.cumulative_average, s.answers, s.pillar_score_cells
       FROM submissions s, generate_series(1, ?) n WHERE s.id = ?`,
      [count - 1, template],
    );
    const admin = await createTestUser(db, { role: 'admin', status: 'approved' });
    const headers = { ...(await sessionHeaders(server, admin.id)), 'content-type': 'application/json' };
    const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
      const response = await server.inject({ method, url: `${BASE}${path}`, headers, payload: body });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${path} answered ${response.statusCode}: ${response.payload}`);
      return JSON.parse(response.payload) as T;
    };
    await call('PUT', '/connection', { accessToken: hubspot.accessToken });
    await call('POST', '/properties');
    hubspot.requests.length = 0;
    const started = performance.now();
    await call('POST', '/backfill');
    let status: HubSpotStatus;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await call<HubSpotStatus>('GET', '');
    } while (status.backfill?.state === 'running');
    return {
      submissions: count,
      seconds: (performance.now() - started) / 1000,
      requests: hubspot.requests.filter((request) => request.path.endsWith('/batch/upsert')).length,
      rateLimited: hubspot.rateLimitedCount,
      contacts: hubspot.contacts.size,
      state: status.backfill?.state ?? 'none',
    };
  } finally {
    await product.close();
    await hubspot.close();
  }
}
