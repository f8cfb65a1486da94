import type {
  CreateHubSpotPropertiesResult,
  ErrorBody,
  HubSpotPropertyList,
  HubSpotStatus,
  Integrations,
  LeadStatusList,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import {
  startHubSpotServer,
  UNAUTHORIZED_MESSAGE,
  type TestHubSpotServer,
} from '../../test/hubspot-server.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';

const BASE = '/api/admin/integrations/hubspot';
const UPSERT_PATH = '/crm/v3/objects/contacts/batch/upsert';
/** Lowered from HubSpot's 100 requests in 10 s, on both sides, so 10,000 contacts take seconds. */
const TEST_LIMIT = { maxRequests: 20, windowMs: 1_000 };
const BACKFILLED = 10_000;

describe.each(testDatabaseKinds)(
  'HubSpot from the Integrations screen, against a stand-in, on $name',
  (kind) => {
    let hubspot: TestHubSpotServer;
    let app: TestApp;
    let admin: SignedIn;
    let dana: string;

    const call = async <T>(method: string, url: string, payload?: object) => {
      const response = await app.request<T & ErrorBody>({ method, url, headers: admin.headers, payload });
      return { status: response.status, body: response.body };
    };
    const status = async () => (await call<HubSpotStatus>('GET', BASE)).body;
    const statusId = async (name: string) =>
      (await call<LeadStatusList>('GET', '/api/admin/lead-statuses')).body.statuses.find(
        (s) => s.name === name,
      )!.id;
    const setStatus = async (id: string, name: string) =>
      expect(
        (await call('PATCH', `/api/admin/submissions/${id}/lead`, { statusId: await statusId(name) })).status,
      ).toBe(200);
    const contact = (email: string) => hubspot.contacts.get(email)?.properties;
    const upserts = () => hubspot.requests.filter((request) => request.path === UPSERT_PATH);

    beforeAll(async () => {
      hubspot = await startHubSpotServer({ rateLimit: TEST_LIMIT });
      // The worker waits until the coalescing test has queued its changes.
      app = await startTestApp(kind, {
        // Each job of a sync of every submission hands over after half a second, so the test
        // goes through several hand-overs, as a large backfill does every 30 s.
        config: { hubspot: { apiUrl: hubspot.baseUrl, burstLimit: TEST_LIMIT, backfillSliceMs: 500 } },
        jobs: { run: false, pollIntervalMs: 100 },
      });
      admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    });
    afterAll(async () => {
      await app?.close();
      await hubspot?.close();
    });

    it("refuses a token HubSpot refuses, with HubSpot's message on accessToken, and stores nothing", async () => {
      const refused = await call('PUT', `${BASE}/connection`, { accessToken: 'pat-na1-revoked-0000-0000' });

      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('accessToken');
      expect(refused.body.message).toContain(UNAUTHORIZED_MESSAGE);
      expect(await app.db('hubspot_connection').count({ n: '*' }).first()).toEqual({ n: '0' });
      expect(await status()).toMatchObject({ connected: false, tokenLastFour: null });
    });

    it('stores a good token sealed, and shows only its last four characters', async () => {
      const connected = await call<HubSpotStatus>('PUT', `${BASE}/connection`, {
        accessToken: hubspot.accessToken,
      });

      expect(connected.status).toBe(200);
      expect(connected.body).toMatchObject({
        connected: true,
        tokenLastFour: hubspot.accessToken.slice(-4),
        portalId: 24_681_357,
        syncEnabled: false,
      });
      expect(JSON.stringify(connected.body)).not.toContain(hubspot.accessToken);
      const row = await app.db('hubspot_connection').first();
      expect(JSON.stringify(row)).not.toContain(hubspot.accessToken);
      expect(row.access_token_sealed).toMatch(/^v1\./);
      const audited = await app.db('audit_events').where('action', 'like', 'integration.hubspot%');
      expect(audited.map((event) => event.action)).toEqual(['integration.hubspot_connect']);
      expect(JSON.stringify(audited)).not.toContain(hubspot.accessToken);
      expect(hubspot.requests.at(-1)?.headers.authorization).toBe(`Bearer ${hubspot.accessToken}`);
    });

    it("creates the product's property group and properties, maps them, and lists them", async () => {
      const pillars = await app.db('pillars').where({ is_active: true }).pluck('key');
      const created = await call<CreateHubSpotPropertiesResult>('POST', `${BASE}/properties`);

      expect(created.status).toBe(200);
      expect(hubspot.groups.has('msp_maturity_assessment')).toBe(true);
      const levelProperties = ['msp_overall_level', ...pillars.map((key) => `msp_${key}_level`)];
      expect(created.body.created).toEqual(
        expect.arrayContaining([...levelProperties, 'msp_source', 'msp_campaign', 'msp_lead_status']),
      );
      expect(hubspot.properties.get('msp_overall_level')).toMatchObject({
        type: 'enumeration',
        groupName: 'msp_maturity_assessment',
        options: expect.arrayContaining([expect.objectContaining({ value: '3', label: 'Level 3: Mature' })]),
      });
      expect(created.body.status.mapping).toMatchObject({
        overall_level: 'msp_overall_level',
        ...Object.fromEntries(pillars.map((key) => [`pillar:${key}`, `msp_${key}_level`])),
        source: 'msp_source',
        campaign: 'msp_campaign',
        lead_status: 'msp_lead_status',
        submission_link: 'msp_submission_link',
        'demographic:first_name': 'firstname',
        'demographic:company': 'company',
      });
      // A second run finds them all there and changes nothing.
      const again = await call<CreateHubSpotPropertiesResult>('POST', `${BASE}/properties`);
      expect(again.body).toMatchObject({ created: [], status: { mapping: created.body.status.mapping } });

      const listed = (await call<HubSpotPropertyList>('GET', `${BASE}/properties`)).body.properties;
      expect(listed.map((property) => property.name)).toEqual(expect.arrayContaining(levelProperties));
    });

    it('refuses a property HubSpot does not have, or a product field it does not know, naming the field', async () => {
      const { mapping } = await status();
      const unknownProperty = await call('PUT', `${BASE}/mapping`, {
        mapping: { ...mapping, 'demographic:company': 'no_such_property' },
      });
      expect(unknownProperty.status).toBe(400);
      expect(unknownProperty.body.field).toBe('mapping.demographic:company');
      expect(unknownProperty.body.message).toContain('no_such_property');

      const unknownField = await call('PUT', `${BASE}/mapping`, { mapping: { favourite_colour: 'company' } });
      expect(unknownField.status).toBe(400);
      expect(unknownField.body.field).toBe('mapping.favourite_colour');

      // Free text cannot go into a select of the four levels: HubSpot would refuse every batch.
      const wrongType = await call('PUT', `${BASE}/mapping`, { mapping: { source: 'msp_overall_level' } });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.field).toBe('mapping.source');

      expect((await status()).mapping).toEqual(mapping);
    });

    it('with sync on, a new submission and the status set on it moments later reach HubSpot as one contact, in one request', async () => {
      expect((await call<HubSpotStatus>('PUT', `${BASE}/sync`, { enabled: true })).body.syncEnabled).toBe(
        true,
      );
      hubspot.requests.length = 0;
      dana = await submitAs(app, { email_address: 'dana@contoso.example', company: 'Contoso MSP' }, 2, {
        attribution: { source: 'newsletter', campaign: 'spring-webinar' },
      });
      await setStatus(dana, 'Contacted');
      expect((await status()).pending).toBe(2);

      app.server.app.ctx.jobs.start();
      const sent = await eventually(() => contact('dana@contoso.example'), {
        what: 'the contact in HubSpot',
      });

      const stored = await app
        .db('submissions')
        .where({ id: dana })
        .first('overall_level', 'pillar_score_cells');
      const cells = stored.pillar_score_cells as [string, number, number][];
      expect(sent).toMatchObject({
        firstname: 'Dana',
        company: 'Contoso MSP',
        msp_overall_level: String(stored.overall_level),
        ...Object.fromEntries(cells.map(([key, level]) => [`msp_${key}_level`, String(level)])),
        msp_source: 'newsletter',
        msp_campaign: 'spring-webinar',
        msp_lead_status: 'Contacted',
        msp_submission_link: `${app.config.publicUrl}/admin/submissions?id=${dana}`,
      });
      expect(upserts()).toHaveLength(1);
      // The stand-in has the contact as the request arrives, before the jobs record how it went.
      const statuses = async () =>
        (await app.db('jobs').where({ kind: 'hubspot_sync', submission_id: dana })).map((job) => job.status);
      await eventually(async () => (await statuses()).every((state) => state === 'succeeded'), {
        what: 'both syncs recorded',
      });
      expect(await statuses()).toEqual(['succeeded', 'succeeded']);
      expect(await status()).toMatchObject({
        pending: 0,
        lastSync: { outcome: 'succeeded', contacts: 1, error: null },
      });
    });

    it('a later change of status updates the same contact', async () => {
      const id = hubspot.contacts.get('dana@contoso.example')!.id;
      await setStatus(dana, 'Qualified');

      await eventually(() => contact('dana@contoso.example')?.msp_lead_status === 'Qualified', {
        what: 'the new status in HubSpot',
      });
      expect(hubspot.contacts.get('dana@contoso.example')!.id).toBe(id);
    });

    it('a 429 with Retry-After is waited out, and the change still arrives', async () => {
      hubspot.requests.length = 0;
      hubspot.failNext(429, { retryAfterSeconds: 1 });
      await setStatus(dana, 'Customer');

      await eventually(() => contact('dana@contoso.example')?.msp_lead_status === 'Customer', {
        what: 'the status sent again after the 429',
      });
      expect(upserts().map((request) => request.answered)).toEqual([429, 200]);
      expect((await status()).lastSync).toMatchObject({ outcome: 'succeeded' });
    });

    it("a token HubSpot refuses later shows on the status and the Integrations screen, in HubSpot's words", async () => {
      hubspot.failNext(401);
      await setStatus(dana, 'Not a fit');

      const failed = await eventually(
        async () => {
          const { lastSync } = await status();
          return lastSync?.outcome === 'failed' && lastSync;
        },
        { what: 'the refusal on the status' },
      );
      expect(failed.error).toBe(UNAUTHORIZED_MESSAGE);
      const { failures } = (await call<Integrations>('GET', '/api/admin/integrations')).body;
      expect(failures).toContainEqual(
        expect.objectContaining({
          kind: 'hubspot_sync',
          status: 'failed',
          submissionId: dana,
          error: expect.stringContaining(UNAUTHORIZED_MESSAGE),
        }),
      );
    });

    it(`a sync of all ${BACKFILLED.toLocaleString('en')} submissions completes under the burst limit, every contact there, no 429 unretried`, async () => {
      await app.db.raw(
        `INSERT INTO submissions (id, submitted_at, ip_address, demographic_data, email, email_domain,
         employee_count, managed_companies, overall_level, cumulative_average, answers, pillar_score_cells)
       SELECT gen_random_uuid(), s.submitted_at - n * interval '1 second', s.ip_address,
         s.demographic_data, 'lead' || n || '@bulk.example', 'bulk.example', s.employee_count,
         s.managed_companies, s.overall_level, s.cumulative_average, s.answers, s.pillar_score_cells
       FROM submissions s, generate_series(1, ${BACKFILLED}) n
       WHERE s.id = ?`,
        [dana],
      );
      hubspot.requests.length = 0;
      const refusedBefore = hubspot.rateLimitedCount;

      const started = await call<HubSpotStatus>('POST', `${BASE}/backfill`);
      expect(started.status).toBe(202);
      expect(started.body.backfill).toMatchObject({ state: 'running', total: BACKFILLED + 1 });
      const second = await call('POST', `${BASE}/backfill`);
      expect(second.status).toBe(409);

      const finished = await eventually(
        async () => {
          const { backfill } = await status();
          return backfill?.state !== 'running' && backfill;
        },
        { what: 'the backfill to end' },
      );
      expect(finished).toMatchObject({ state: 'finished', done: BACKFILLED + 1, skipped: 0, error: null });
      // It went on across jobs, each taking over where the last stopped.
      const slices = await app
        .db('jobs')
        .where({ kind: 'hubspot_sync' })
        .whereNull('submission_id')
        .count({ n: '*' });
      expect(Number(slices[0]!.n)).toBeGreaterThan(1);
      const missing = Array.from({ length: BACKFILLED }, (_, i) => `lead${i + 1}@bulk.example`).filter(
        (email) => !hubspot.contacts.has(email),
      );
      expect(missing).toEqual([]);
      expect(contact('lead1@bulk.example')).toMatchObject({ msp_overall_level: expect.any(String) });
      // The client kept under the limit, so the stand-in had no 429 to give; none was left unretried.
      expect(hubspot.rateLimitedCount - refusedBefore).toBe(0);
      expect(upserts().every((request) => request.answered === 200)).toBe(true);
      expect(upserts().length).toBeGreaterThanOrEqual(BACKFILLED / 100);
    });

    it('disconnecting forgets the token; later changes queue nothing', async () => {
      const disconnected = await call<HubSpotStatus>('DELETE', `${BASE}/connection`);

      expect(disconnected.body).toMatchObject({ connected: false, tokenLastFour: null, mapping: {} });
      expect(await app.db('hubspot_connection').count({ n: '*' }).first()).toEqual({ n: '0' });
      const queued = () => app.db('jobs').where({ kind: 'hubspot_sync' }).count({ n: '*' }).first();
      const before = await queued();
      await setStatus(dana, 'New');
      await submitAs(app, { email_address: 'eli@contoso.example' });
      expect(await queued()).toEqual(before);
    });
  },
);
