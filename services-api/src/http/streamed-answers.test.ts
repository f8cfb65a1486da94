import http from 'node:http';
import { allRoutes, EXPORTS_AT_ONCE, keyPermissionOf, type LogoState } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../test/api-key-helpers.js';
import { createTestUser, signedInAs, visitorHeaders } from '../test/auth-helpers.js';
import { copyBulkSubmission, submitAs } from '../test/submission-helpers.js';
import { connectionsInUse, startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { eventually } from '../test/webhook-receiver.js';

/**
 * Every route that answers a file, ended every way a request can end: read to the end, a HEAD
 * request (whose body is never read), a client gone before the answer or in the middle of it, and
 * the database cutting the export's connection midway. Whatever the ending, the server's pool gets
 * every connection back, and the next download runs: a connection kept by one ending is one
 * fewer for every visitor, and eight of them once filled the pool.
 */

type RouteName = keyof typeof allRoutes;

const fileRoutes = (Object.keys(allRoutes) as RouteName[]).filter(
  (name) => 'produces' in allRoutes[name] && allRoutes[name].produces,
);

/** Rows enough that a download not read fills the socket and the export waits mid-file. */
const BULK = 20_000;

interface Answer {
  status: number;
  bytes: number;
}

describe.each(testDatabaseKinds)('streamed answers give their connection back on $name', (kind) => {
  let app: TestApp;
  let base: URL;
  let adminHeaders: Record<string, string>;
  let keyHeaders: Record<string, string>;
  /** A member of a team of three, whose team report is a file too. */
  let memberHeaders: Record<string, string>;
  let submissionId: string;
  let logoUrl: string;

  const poolInUse = () => connectionsInUse(app);

  beforeAll(async () => {
    app = await startTestApp(kind, { jobs: { run: false }, config: { apiRateLimitPerMinute: 10_000 } });
    adminHeaders = (
      await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }))
    ).headers;
    keyHeaders = bearer((await createTestApiKey(app, 'admin')).token);
    submissionId = await submitAs(app, { email_address: 'dana@bulk.example' }, 1);
    await copyBulkSubmission(app, BULK - 1);
    for (const name of ['ann', 'ben', 'cat'])
      await submitAs(app, { email_address: `${name}@team.example` }, 1);
    memberHeaders = await visitorHeaders(app.server, 'ann@team.example');
    await app.db.raw(`
      INSERT INTO audit_events (actor_kind, actor_id, actor_name, action, target_type, summary)
      SELECT 'user', NULL, 'bulk@bulk.example', 'submission.delete', 'submission', '{}'::jsonb
      FROM generate_series(1, ${BULK})`);
    const logo = await app.request<LogoState>({
      method: 'PUT',
      url: allRoutes.uploadLogo.path,
      headers: adminHeaders,
      payload: {
        type: 'image/svg+xml',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
        ).toString('base64'),
      },
    });
    logoUrl = logo.body.logo!.url;
    await app.server.start();
    base = new URL(`http://127.0.0.1:${app.server.info.port}`);
  });
  afterAll(() => app?.close());

  /** The path of each file route with input that finds something (a file, not a 404). */
  const pathOf: Partial<Record<RouteName, () => string>> = {
    exportSubmissions: () => `${allRoutes.exportSubmissions.path}?domain=bulk.example&format=csv`,
    exportSubmission: () => allRoutes.exportSubmission.path.replace('{id}', submissionId),
    previewSubmissionEmail: () => allRoutes.previewSubmissionEmail.path.replace('{id}', submissionId),
    v1ExportSubmissions: () => `${allRoutes.v1ExportSubmissions.path}?domain=bulk.example&format=csv`,
    exportAuditEvents: () => allRoutes.exportAuditEvents.path,
    exportDrafts: () => allRoutes.exportDrafts.path,
    exportOrganisations: () => `${allRoutes.exportOrganisations.path}?format=csv`,
    v1ExportAuditEvents: () => allRoutes.v1ExportAuditEvents.path,
    exportPersonalData: () => `${allRoutes.exportPersonalData.path}?email=dana%40bulk.example`,
    getPublicLogo: () => logoUrl,
    getResultsReport: () => allRoutes.getResultsReport.path.replace('{submissionId}', submissionId),
    getSubmissionReport: () => allRoutes.getSubmissionReport.path.replace('{id}', submissionId),
    v1GetSubmissionReport: () => allRoutes.v1GetSubmissionReport.path.replace('{id}', submissionId),
    exportTranslations: () => `${allRoutes.exportTranslations.path.replace('{language}', 'de')}?format=csv`,
    getTeamReport: () => allRoutes.getTeamReport.path,
    // The team of three: the suite is about the connection, not the drawing, and bulk.example's
    // report of 20,000 members (a second alone) takes many times that beside CI's other tasks.
    getOrganisationReport: () => allRoutes.getOrganisationReport.path.replace('{domain}', 'team.example'),
    v1GetOrganisationReport: () => allRoutes.v1GetOrganisationReport.path.replace('{domain}', 'team.example'),
  };
  const headersOf = (name: RouteName) =>
    keyPermissionOf(allRoutes[name].access)
      ? keyHeaders
      : allRoutes[name].access === 'visitor'
        ? memberHeaders
        : adminHeaders;

  /**
   * Sends the route's request over a real connection and ends it as told: `read` reads the whole
   * answer, `head` asks with HEAD, `gone-early` closes the connection before the answer comes,
   * `gone-midway` after the first chunk of the body.
   */
  function request(
    name: RouteName,
    ending: 'read' | 'head' | 'gone-early' | 'gone-midway',
    format: 'csv' | 'xlsx' = 'csv',
  ): Promise<Answer> {
    const path = pathOf[name]!().replace('format=csv', `format=${format}`);
    return new Promise((resolve, reject) => {
      const outgoing = http.request(new URL(path, base), {
        method: ending === 'head' ? 'HEAD' : 'GET',
        headers: headersOf(name),
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        ending.startsWith('gone') ? resolve({ status: 0, bytes: 0 }) : reject(error),
      );
      outgoing.on('response', (incoming) => {
        let bytes = 0;
        incoming.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (ending === 'gone-midway') {
            outgoing.destroy();
            resolve({ status: incoming.statusCode ?? 0, bytes });
          }
        });
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, bytes }));
        incoming.on('error', () => resolve({ status: incoming.statusCode ?? 0, bytes }));
      });
      outgoing.end();
      if (ending === 'gone-early') setImmediate(() => outgoing.destroy());
    });
  }

  const expectPoolEmpty = (what: string) =>
    eventually(() => poolInUse() === 0, { timeoutMs: 10_000, what: `${what}: every connection given back` });

  it('has a case for every route that answers a file', () => {
    expect(fileRoutes.sort()).toEqual(Object.keys(pathOf).sort());
  });

  // Twenty requests, a spreadsheet among them, beside the browser tests on two cores: most of a
  // minute on a busy day. The limit is for a hang.
  it.each(fileRoutes)(
    '%s gives its connection back however the request ends',
    { timeout: 240_000 },
    async (name) => {
      await expectPoolEmpty(`${name} before`);
      const formats =
        name === 'exportSubmissions' || name === 'v1ExportSubmissions' || name === 'exportOrganisations'
          ? ['csv', 'xlsx']
          : ['csv'];
      for (const format of formats as ('csv' | 'xlsx')[]) {
        // Each ending more often than there are export slots (two), so a slot one of them kept shows
        // as a refusal in the read that follows; a kept connection shows at once, as the pool is
        // checked after every request. Eight of each, against the ten connections, took over a
        // minute a file on a busy machine for nothing those checks miss.
        for (let round = 0; round < EXPORTS_AT_ONCE + 1; round++) {
          const head = await request(name, 'head', format);
          expect(head.status, `${name} ${format} HEAD`).toBe(200);
          expect(head.bytes).toBe(0);
          await expectPoolEmpty(`${name} ${format} after HEAD ${round + 1}`);
        }
        for (const ending of ['gone-early', 'gone-midway'] as const) {
          for (let round = 0; round < EXPORTS_AT_ONCE + 1; round++) {
            await request(name, ending, format);
            await expectPoolEmpty(`${name} ${format} ${ending} ${round + 1}`);
          }
        }
        const whole = await request(name, 'read', format);
        expect(whole.status, `${name} ${format} read after the others`).toBe(200);
        expect(whole.bytes).toBeGreaterThan(0);
        await expectPoolEmpty(`${name} ${format} read to the end`);
      }
    },
  );

  it.each(['exportSubmissions', 'v1ExportSubmissions'] as const)(
    '%s gives its connection back when the database cuts it midway, and the next export runs',
    async (name) => {
      // A download whose body is not read: the server's writes fill the socket and the export waits.
      const reader = new AbortController();
      const stalled = await fetch(new URL(pathOf[name]!(), base), {
        headers: headersOf(name),
        signal: reader.signal,
      });
      expect(stalled.status).toBe(200);
      // The export's backend, found by its query, is ended as a restart or an operator would.
      const { rows } = await app.db.raw<{ rows: { ended: boolean }[] }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND query LIKE '%array_to_json(s.answer_text_ids)%'`,
      );
      expect(rows).toEqual([{ ended: true }]);
      // The client reads on: the download ends early, as a failed one does.
      await stalled.text().catch(() => undefined);
      reader.abort();
      await expectPoolEmpty(`${name} cut by the database`);
      expect((await request(name, 'read')).status).toBe(200);
      await expectPoolEmpty(`${name} read after the cut`);
    },
  );
});
