import {
  allRoutes,
  INT4_MAX,
  keyPermissionOf,
  type ConsentStatementAnswer,
  type ContentDocument,
  type DemographicField,
  type PublicQuestion,
} from '@msp/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestApiKey } from '../test/api-key-helpers.js';
import { createTestUser, signedInAs, visitorHeaders } from '../test/auth-helpers.js';
import { startHubSpotServer, type TestHubSpotServer } from '../test/hubspot-server.js';
import { unwrap, type AnyRoute, type JsonSchema } from '../test/route-schemas.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { TOO_DEEP } from './input-checks.js';
import { testDatabaseKinds } from '../test/test-database.js';

/**
 * Every write route of the contract, sent input its schema or its column cannot take: text with a
 * NUL or an unpaired surrogate, text past its limit, a list or a number where text belongs,
 * numbers past the integer column's range or not whole, and ids that are not plain digits. Each
 * must answer 4xx and write nothing. Text exactly at its schema's limit must never answer 5xx, which
 * proves every limit fits its column. The cases come from each route's schemas and a valid base
 * input; fast-check picks where and how far each value goes wrong.
 */

type WriteRouteName = {
  [K in keyof typeof allRoutes]: (typeof allRoutes)[K]['method'] extends 'GET' ? never : K;
}[keyof typeof allRoutes];

/** A logo any upload accepts: a square drawn in one colour. */
const LIMITS_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#215db0"/></svg>';

interface BaseInput {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Deletes are never sent as they are: only their broken ids are. */
  sendAsIs: boolean;
}

type Path = (string | number)[];

/** The JSON Schema of a value at a path, looking through nullable and optional wrappers. */
function schemaAt(schema: JsonSchema | undefined, path: Path): JsonSchema | undefined {
  let node = schema;
  for (const step of path) {
    if (!node) return undefined;
    node = unwrap(node);
    node =
      typeof step === 'number'
        ? node.items
        : (node.properties?.[step] ??
          (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined));
  }
  return node && unwrap(node);
}

interface Leaf {
  path: Path;
  value: unknown;
}

/** Every string, number and boolean in the base (the first element of each list), and every object. */
function leavesOf(value: unknown, path: Path = []): Leaf[] {
  if (Array.isArray(value)) return value.length > 0 ? leavesOf(value[0], [...path, 0]) : [];
  if (value && typeof value === 'object') {
    return [
      { path, value },
      ...Object.entries(value).flatMap(([key, item]) =>
        key === 'crumb' ? [] : leavesOf(item, [...path, key]),
      ),
    ];
  }
  return [{ path, value }];
}

function withValueAt<T>(base: T, path: Path, value: unknown): T {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy as T;
}

/** The text made exactly `length` long by repeating its second character, so an email stays one. */
function stretched(text: string, length: number): string {
  const head = text.slice(0, 1) || 'x';
  const tail = text.slice(1);
  const filler = (tail[0] && /[a-z]/i.test(tail[0]) ? tail[0] : 'x').repeat(
    Math.max(0, length - text.length),
  );
  return (head + filler + tail).slice(0, Math.max(length, 1));
}

const insertAt = (text: string, position: number, inserted: string) =>
  text.slice(0, position % (text.length + 1)) + inserted + text.slice(position % (text.length + 1));

interface Mutation {
  kind: string;
  value: fc.Arbitrary<unknown>;
  /** 'refused': 4xx and nothing written; 'no-server-error': any answer below 500. */
  expect: 'refused' | 'no-server-error';
}

function mutationsFor(leaf: Leaf, schema: JsonSchema | undefined): Mutation[] {
  const refused = (kind: string, value: fc.Arbitrary<unknown>): Mutation => ({
    kind,
    value,
    expect: 'refused',
  });
  if (typeof leaf.value === 'string') {
    const text = leaf.value;
    const list: Mutation[] = [
      refused(
        'NUL',
        fc.nat().map((at) => insertAt(text, at, '\u0000')),
      ),
      refused(
        'unpaired surrogate',
        fc
          .tuple(fc.nat(), fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF'))
          .map(([at, half]) => insertAt(text, at, half)),
      ),
      refused('repeated field', fc.constant([text, text])),
      refused('number for text', fc.integer()),
    ];
    if (schema?.maxLength !== undefined) {
      const max = schema.maxLength;
      list.push(
        refused(
          'past its limit',
          fc.integer({ min: 1, max: 200 }).map((extra) => stretched(text, max + extra)),
        ),
      );
      list.push({
        kind: 'at its limit',
        value: fc.constant(stretched(text, max)),
        expect: 'no-server-error',
      });
    }
    return list;
  }
  if (typeof leaf.value === 'number') {
    return [
      refused('past the integer range', fc.integer({ min: INT4_MAX + 1, max: Number.MAX_SAFE_INTEGER })),
      refused('negative', fc.integer({ min: -INT4_MAX, max: -1 })),
      refused('not whole', fc.double({ min: 0.01, max: 1000, noInteger: true, noNaN: true })),
      refused('loose digits', fc.constantFrom(' 1', '0x10', '1e3', '+1', '')),
    ];
  }
  if (typeof leaf.value === 'boolean')
    return [refused('text for a boolean', fc.constantFrom('true', 'false', '1'))];
  if (leaf.value && typeof leaf.value === 'object') {
    return [refused('unstorable key', fc.constantFrom('bad\u0000key', 'bad\uD800key'))];
  }
  return [];
}

/** Path ids that are not ids: padded, hexadecimal, exponent, signed, past the range. */
/** JSON text of `levels` objects one inside the other, `{"a":{"a":…1…}}`, as a hostile client sends it. */
const nestedJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/**
 * A body nested far past INPUT_MAX_DEPTH: as the whole body, and (when the route takes a body) in
 * place of its first field, each with the field its refusal must name.
 */
function nestedBodies(body: Record<string, unknown> | undefined, maxBytes: number) {
  // As deep as the route's size limit lets a body be (a larger one is refused unread, 413), and no
  // deeper than the 30 KB body that used to take the server down.
  const levels = Math.min(5000, Math.floor((maxBytes - JSON.stringify(body ?? {}).length) / 6) - 1);
  const deep = nestedJson(levels);
  // A form's CSRF token goes along, so the form is refused for its nesting, not for a missing token.
  const crumb = body?.crumb === undefined ? '' : `"crumb":${JSON.stringify(body.crumb)},`;
  const cases = [{ label: `a body nested ${levels} deep`, payload: `{${crumb}"a":${deep}}`, field: 'a' }];
  const first = body ? leavesOf(body).find((leaf) => leaf.path.length > 0) : undefined;
  if (body && first) {
    const marker = '"__nested__"';
    const text = JSON.stringify(withValueAt(body, first.path, '__nested__')).replace(marker, deep);
    const field = first.path.join('.');
    cases.push({ label: `${field} nested ${levels} deep`, payload: text, field });
  }
  return cases;
}

const badIds = fc.constantFrom(
  ' 1',
  '1 ',
  '0x10',
  '1e3',
  '+1',
  '-1',
  '1.0',
  '2147483648',
  '99999999999',
  '\u0000',
);

/**
 * Columns a refused call may still write: an API key's last use is recorded once its key is
 * authenticated, before the input is looked at.
 */
const BOOKKEEPING_COLUMNS: Record<string, string> = { api_keys: 'last_used_at' };

/**
 * A text that changes whenever any row of any table (but the sessions, whose last visit a request
 * notes, rate-limit counters and the funnel's counts) does. The funnel's counts are written a second after the events that made them,
 * so an accepted event here could land between a refused call and its second look; funnel.test.ts
 * checks that refused events count nothing. The personal email domains are the server's own lists,
 * written at start and by no request.
 *
 * A table's rows are counted and the newest transaction to write one of them (`xmin`) is read:
 * an insert or an update gives its row a new `xmin` and a delete lowers the count, so any write
 * shows, even one that puts back the values it found. A table with a bookkeeping column, which a
 * request may write, is hashed without it instead. One query for every table: hashing every row
 * of each table, a query apiece, at every look, was most of this suite's time.
 */
async function fingerprint(app: TestApp): Promise<string> {
  const tables = await app
    .db('information_schema.tables')
    .where({ table_schema: app.db.raw('current_schema()'), table_type: 'BASE TABLE' })
    .whereNotIn('table_name', [
      'sessions',
      'visitor_sessions',
      'rate_limits',
      'funnel_daily',
      'personal_email_domains',
    ])
    .pluck('table_name');
  const looks = (tables as string[]).sort().map((table) => {
    const skipped = BOOKKEEPING_COLUMNS[table];
    return skipped
      ? app.db.raw(
          `SELECT ? AS name, count(*) || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS f
          FROM (SELECT to_jsonb(x) - ? AS row FROM ?? x) t`,
          [table, skipped, table],
        )
      : app.db.raw(`SELECT ? AS name, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) AS f FROM ??`, [
          table,
          table,
        ]);
  });
  const { rows } = await app.db.raw<{ rows: { name: string; f: string }[] }>(
    looks.map((look) => `(${look.toQuery()})`).join(' UNION ALL '),
  );
  return rows
    .map((row) => `${row.name}=${row.f}`)
    .sort()
    .join(' ');
}

describe.each(testDatabaseKinds)('input limits on every write route on $name', (kind) => {
  let app: TestApp;
  let headers: Record<string, string>;
  /** The signed-in administrator: a lead's owner. */
  let adminId: number;
  /** Key routes are called with an admin key, which every one of them admits. */
  let keyHeaders: Record<string, string>;
  /** Visitor routes, with a verified visitor's session. */
  let visitorAuth: Record<string, string>;
  /** Where the HubSpot routes' calls go: a token at its limit is refused there, not by HubSpot. */
  let hubspot: TestHubSpotServer;
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${++counter}`;

  beforeAll(async () => {
    // The fingerprint of every table must hold still between a refused call and the next look, so
    // no job runs; a webhook is configured so that re-sending one is a write like the others.
    hubspot = await startHubSpotServer();
    app = await startTestApp(kind, {
      jobs: { run: false },
      env: {
        WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
        WEBHOOK_SECRET: `whsec_${'A'.repeat(43)}=`,
        HUBSPOT_API_URL: hubspot.baseUrl,
      },
    });
    const admin = await createTestUser(app.db, { role: 'admin', status: 'approved' });
    adminId = admin.id;
    headers = (await signedInAs(app, admin)).headers;
    keyHeaders = bearer((await createTestApiKey(app, 'admin')).token);
    visitorAuth = await visitorHeaders(app.server, 'visitor@msp.example');
  });
  afterAll(async () => {
    await app?.close();
    await hubspot?.close();
  });

  /** Sends `input`, or in place of its body JSON text as it is (`rawBody`). */
  const send = (route: AnyRoute, input: BaseInput, rawBody?: string) => {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(input.params?.[name])),
    );
    const url = input.query ? `${path}?${new URLSearchParams(input.query).toString()}` : path;
    const auth = keyPermissionOf(route.access)
      ? keyHeaders
      : route.access === 'visitor'
        ? visitorAuth
        : headers;
    return app.server.inject({
      method: route.method,
      url,
      headers: rawBody === undefined ? auth : { ...auth, 'content-type': 'application/json' },
      payload: rawBody ?? input.body,
    });
  };

  const firstId = async (table: string) =>
    ((await app.db(table).orderBy('id').first('id')) as { id: number }).id;

  const bases: { [K in WriteRouteName]: () => Promise<BaseInput> } = {
    async submitAssessment() {
      const fields = (await app.request<DemographicField[]>({ url: '/api/demographic-fields' })).body;
      const questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
      // A consent statement another case left set is ticked, as a visitor must.
      const { statement } = (await app.request<ConsentStatementAnswer>({ url: '/api/consent-statement' }))
        .body;
      const valueFor = (field: DemographicField) =>
        field.fieldType === 'email'
          ? 'jane@example.com'
          : field.fieldType === 'number'
            ? '12'
            : (field.options?.[0] ?? 'Acme Managed Services');
      return {
        sendAsIs: true,
        body: {
          demographicData: Object.fromEntries(fields.map((field) => [field.identifier, valueFor(field)])),
          answers: questions.map((question) => ({
            questionId: question.id,
            answerId: question.answers[0]!.id,
          })),
          ...(statement ? { consent: { statementId: statement.id } } : {}),
        },
      };
    },
    createUser: async () => ({
      sendAsIs: true,
      body: {
        email: `new${unique()}@msp.example`,
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: 'user',
        status: 'pending',
      },
    }),
    updateUserStatus: async () => ({
      sendAsIs: true,
      params: { userId: (await createTestUser(app.db)).id },
      body: { status: 'approved' },
    }),
    updateUserRole: async () => ({
      sendAsIs: true,
      params: { userId: (await createTestUser(app.db, { status: 'approved' })).id },
      body: { role: 'user' },
    }),
    createPillar: async () => ({
      sendAsIs: true,
      body: { name: `Pillar ${unique()}`, description: 'What it measures', order: 7, isActive: false },
    }),
    updatePillar: async () => ({
      sendAsIs: true,
      params: { id: await firstId('pillars') },
      body: { name: 'Expertise', description: 'What it measures', order: 1, isActive: true },
    }),
    deletePillar: async () => ({ sendAsIs: false, params: { id: await firstId('pillars') } }),
    createQuestion: async () => ({ sendAsIs: true, body: await questionBody() }),
    updateQuestion: async () => ({
      sendAsIs: true,
      params: { id: await firstId('questions') },
      body: await questionBody(),
    }),
    deleteQuestion: async () => ({ sendAsIs: false, params: { id: await firstId('questions') } }),
    createDemographicField: async () => ({
      sendAsIs: true,
      body: {
        identifier: `field_${unique()}`,
        label: 'Region',
        fieldType: 'select',
        options: ['North', 'South'],
        order: 9,
        isRequired: false,
        isActive: false,
      },
    }),
    updateDemographicField: async () => ({
      sendAsIs: true,
      params: { id: await firstId('demographic_fields') },
      body: {
        identifier: `field_${unique()}`,
        label: 'Region',
        fieldType: 'text',
        order: 1,
        isRequired: false,
        isActive: true,
      },
    }),
    deleteDemographicField: async () => ({
      sendAsIs: false,
      params: { id: await firstId('demographic_fields') },
    }),
    updateConsentStatement: async () => ({
      sendAsIs: true,
      body: { text: 'I agree that Acme Managed Services may contact me about my results.' },
    }),
    updateSettings: async () => ({
      sendAsIs: true,
      body: { privacyUrl: 'https://msp.example/privacy', callToActionLabel: 'Book a call' },
    }),
    uploadLogo: async () => ({
      sendAsIs: true,
      body: { type: 'image/svg+xml', data: Buffer.from(LIMITS_LOGO_SVG).toString('base64') },
    }),
    removeLogo: async () => ({ sendAsIs: false }),
    upsertMatrixCell: async () => ({
      sendAsIs: true,
      params: { pillarId: await firstId('pillars'), level: 2 },
      body: {
        shortDescription: 'Documented and repeatable',
        detailedContent: 'Runbooks exist for every recurring task.',
        requirements: 'A PSA',
        examples: 'Onboarding',
        metrics: 'Tickets per endpoint',
        nextSteps: 'Automate the runbooks',
      },
    }),
    createEmailTemplate: async () => ({
      sendAsIs: true,
      body: {
        name: `Template ${unique()}`,
        subject: 'Your results',
        htmlBody: '<p>Hello {{first_name}}</p>',
        isActive: false,
      },
    }),
    updateEmailTemplate: async () => ({
      sendAsIs: true,
      params: { id: await firstId('email_templates') },
      body: { name: 'Results', subject: 'Your results', htmlBody: '<p>Hello</p>', isActive: true },
    }),
    deleteEmailTemplate: async () => ({ sendAsIs: false, params: { id: await firstId('email_templates') } }),
    importContent: async () => ({ sendAsIs: true, body: await smallDocument() }),
    deleteSubmission: async () => ({ sendAsIs: false, params: { id: await aSubmissionId() } }),
    requestVisitorLink: async () => ({ sendAsIs: true, body: { email: 'nobody@msp.example', lang: 'en' } }),
    // Sent as is, a made-up link is refused: its one field is what is broken.
    startVisitorSession: async () => ({ sendAsIs: false, body: { token: 'x'.repeat(43) } }),
    // No input to break but its body; signing out is tested in visitor.test.ts.
    endVisitorSession: async () => ({ sendAsIs: false }),
    // No input to break; the erasure is tested in visitor.test.ts.
    deleteVisitorHistory: async () => ({ sendAsIs: false }),
    // A forged reminder link is refused (404); what the suite breaks is the body, checked first.
    updateReminderPreferences: async () => ({
      sendAsIs: false,
      query: { token: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'x'.repeat(32)}` },
      body: { subscribed: false },
    }),
    // Its body is whatever a mail system sends; unsubscribing is tested in reminders.test.ts.
    unsubscribeReminders: async () => ({
      sendAsIs: false,
      query: { token: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'x'.repeat(32)}` },
    }),
    async saveAssessmentDraft() {
      const [question] = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
      // Other cases change the fields: one there now, with a value as typed so far.
      const [field] = (await app.request<DemographicField[]>({ url: '/api/demographic-fields' })).body;
      return {
        sendAsIs: true,
        body: {
          email: 'draft@msp.example',
          demographics: field ? { [field.identifier]: 'Acme' } : {},
          answers: { [String(question!.id)]: question!.answers[0]!.id },
          language: 'en',
        },
      };
    },
    updateTeamMembership: async () => ({ sendAsIs: true, body: { shares: false } }),
    createTeamInvites: async () => ({
      sendAsIs: true,
      body: { invites: [{ email: `colleague-${unique()}@msp.example` }], lang: 'en' },
    }),
    // No invite of this visitor's to name: a made-up id is not found; invites are tested in teams.test.ts.
    resendTeamInvite: async () => ({
      sendAsIs: false,
      params: { inviteId: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
    }),
    revokeTeamInvite: async () => ({
      sendAsIs: false,
      params: { inviteId: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
    }),
    // Sent as is, a made-up link is refused: its one field is what is broken.
    acceptTeamInvite: async () => ({ sendAsIs: false, body: { token: 'x'.repeat(43) } }),
    // Sent as is, a made-up link finds no draft: its one field is what is broken.
    resumeAssessmentDraft: async () => ({ sendAsIs: false, body: { token: 'x'.repeat(43) } }),
    // Sent as is, each would record an erasure that found nothing; their one field is what is broken.
    deletePersonalData: async () => ({ sendAsIs: false, body: { email: 'nobody@msp.example' } }),
    v1DeletePersonalData: async () => ({ sendAsIs: false, body: { email: 'nobody@msp.example' } }),
    clearSubmissionAnalysis: async () => ({ sendAsIs: true, params: { id: await aSubmissionId() } }),
    resendSubmissionWebhook: async () => ({ sendAsIs: true, params: { id: await aSubmissionId() } }),
    saveLeadStatuses: async () => ({
      sendAsIs: true,
      body: {
        statuses: (
          await app
            .db('lead_statuses')
            .orderBy('position')
            .select<{ id: number; name: string; is_default: boolean }[]>('id', 'name', 'is_default')
        ).map((row) => ({ id: row.id, name: row.name, isDefault: row.is_default })),
      },
    }),
    updateLead: async () => ({
      sendAsIs: true,
      params: { id: await aSubmissionId() },
      body: await leadChange(),
    }),
    v1UpdateLead: async () => ({
      sendAsIs: true,
      params: { id: await aSubmissionId() },
      body: await leadChange(),
    }),
    updateLeads: async () => {
      const { statusId, ownerId } = await leadChange();
      return { sendAsIs: true, body: { submissionIds: [await aSubmissionId()], statusId, ownerId } };
    },
    addLeadNote: async () => ({
      sendAsIs: true,
      params: { id: await aSubmissionId() },
      body: { text: 'Called; a demo next week.' },
    }),
    v1AddLeadNote: async () => ({
      sendAsIs: true,
      params: { id: await aSubmissionId() },
      body: { text: 'Called; a demo next week.' },
    }),
    editLeadNote: async () => {
      const id = await aSubmissionId();
      const note = await app.request<{ id: number }>({
        method: 'POST',
        url: `/api/admin/submissions/${id}/notes`,
        headers,
        payload: { text: 'First call' },
      });
      return {
        sendAsIs: true,
        params: { id, noteId: note.body.id },
        body: { text: 'First call: no answer' },
      };
    },
    sendTestEmail: async () => ({ sendAsIs: true }),
    sendTestWebhook: async () => ({ sendAsIs: true }),
    saveNotificationPreferences: async () => ({
      sendAsIs: true,
      body: {
        mode: 'matching',
        filter: {
          overallLevels: [2, 3],
          source: 'linkedin',
          campaign: 'spring',
          demographics: { employee_count: '11-25' },
        },
        digestHour: 8,
        timeZone: 'Europe/Berlin',
        assignedEmail: true,
        dueEmail: false,
      },
    }),
    // Sent as is, a made-up link is refused: its one field is what is broken.
    unsubscribeNotifications: async () => ({ sendAsIs: false, query: { token: `${adminId}.forged` } }),
    saveChatWebhook: async () => ({
      sendAsIs: true,
      body: { kind: 'slack', url: 'https://hooks.slack.com/services/T0/B0/x' },
    }),
    deleteChatWebhook: async () => ({ sendAsIs: false }),
    testChatWebhook: async () => ({ sendAsIs: false }),
    connectHubSpot: async () => ({ sendAsIs: true, body: { accessToken: hubspot.accessToken } }),
    disconnectHubSpot: async () => ({ sendAsIs: false }),
    createHubSpotProperties: () => withHubSpot({ sendAsIs: true }),
    // A field every install has, to a text property every account has: other cases change the content.
    saveHubSpotMapping: () =>
      withHubSpot({ sendAsIs: true, body: { mapping: { overall_level: 'jobtitle' } } }),
    setHubSpotSync: () => withHubSpot({ sendAsIs: true, body: { enabled: false } }),
    startHubSpotBackfill: () => withHubSpot({ sendAsIs: true }),
    createApiKey: async () => ({
      sendAsIs: true,
      body: { name: `CRM sync ${unique()}`, permissions: ['read'] },
    }),
    updateApiKey: async () => ({
      sendAsIs: true,
      params: { id: (await createTestApiKey(app, 'read')).id },
      body: { name: 'Renamed key', isActive: false },
    }),
    deleteApiKey: async () => ({ sendAsIs: false, params: { id: (await createTestApiKey(app, 'read')).id } }),
    v1CreateUser: async () => ({
      sendAsIs: true,
      body: {
        email: `integrated${unique()}@msp.example`,
        firstName: 'Grace',
        lastName: 'Hopper',
        role: 'user',
        status: 'approved',
      },
    }),
    v1UpdateUser: async () => ({
      sendAsIs: true,
      params: { id: (await createTestUser(app.db, { status: 'approved' })).id },
      body: { firstName: 'Grace', lastName: 'Hopper', role: 'user', status: 'approved' },
    }),
    signInWithPassword: async () => ({
      sendAsIs: true,
      body: { crumb: headers['x-csrf-token'], email: 'nobody@msp.example', password: 'not-the-password' },
    }),
    // Sent as is it would end the session every other case uses; it has no fields to break.
    confirmSignOut: async () => ({ sendAsIs: false, body: { crumb: headers['x-csrf-token'] } }),
    completeSetup: async () => ({
      sendAsIs: true,
      body: {
        crumb: headers['x-csrf-token'],
        token: 'no-such-token',
        email: 'founder@msp.example',
        firstName: 'Grace',
        lastName: 'Hopper',
        password: 'a long enough password',
      },
    }),
    inviteUser: async () => ({ sendAsIs: true, params: { userId: (await createTestUser(app.db)).id } }),
    acceptInvite: async () => ({
      sendAsIs: true,
      body: { crumb: headers['x-csrf-token'], token: 'no-such-token', password: 'a long enough password' },
    }),
    recordFunnelEvent: async () => ({
      sendAsIs: true,
      body: {
        step: 'question',
        questionId: await firstId('questions'),
        position: 1,
        source: 'newsletter',
        left: { step: 'demographics', ms: 12_000 },
      },
    }),
    requestPasswordReset: async () => ({
      sendAsIs: true,
      body: { crumb: headers['x-csrf-token'], email: 'nobody@msp.example' },
    }),
    addLanguage: async () => ({ sendAsIs: true, body: { tag: 'fr' } }),
    // The default already: answered without a change, so no other case finds another source.
    setDefaultLanguage: async () => ({ sendAsIs: true, params: { tag: 'en' } }),
    deleteLanguage: async () => ({ sendAsIs: false, params: { tag: 'de' } }),
    saveTranslation: async () => ({
      sendAsIs: true,
      params: { language: 'de', unit: 'pillar.expertise.name' },
      body: { text: 'Fachwissen' },
    }),
    // Its body is a file's text, not JSON: its own tests send files; here its language is broken.
    importTranslations: async () => ({ sendAsIs: false, params: { language: 'de' } }),
  };

  /** `input`, once the stand-in HubSpot is connected (unless an earlier case did): the routes need it. */
  async function withHubSpot(input: BaseInput): Promise<BaseInput> {
    if (!(await app.db('hubspot_connection').first('id'))) {
      const connected = await app.request({
        method: 'PUT',
        url: '/api/admin/integrations/hubspot/connection',
        headers,
        payload: { accessToken: hubspot.accessToken },
      });
      expect(connected.status).toBe(200);
    }
    return input;
  }

  /** A change to a lead: the last status, the signed-in administrator, a day. */
  async function leadChange() {
    const status = (await app.db('lead_statuses').orderBy('position', 'desc').first('id')) as { id: number };
    return { statusId: status.id, ownerId: adminId, nextStepOn: '2026-12-08' };
  }

  /** A stored submission's id, submitted through the API when there is none yet. */
  async function aSubmissionId(): Promise<string> {
    const existing = (await app.db('submissions').first('id')) as { id: string } | undefined;
    if (existing) return existing.id;
    const { body } = await bases.submitAssessment();
    const created = await app.request<{ submissionId: string }>({
      method: 'POST',
      url: '/api/assessment/submit',
      payload: body,
    });
    return created.body.submissionId;
  }

  async function questionBody() {
    const pillarId = await firstId('pillars');
    const answer = (order: number, points: number) => ({
      answer: { text: `Answer ${order}`, description: 'What it means', order },
      pointAllocations: [{ pillarId, points }],
    });
    return {
      question: { text: 'How do you onboard?', pillarId, order: 3, isActive: true },
      answers: [answer(1, 0), answer(2, 3)],
    };
  }

  let small: ContentDocument | undefined;
  /**
   * The shipped content cut to one of each kind, so each case is quick; exported once, as a
   * document stands alone (its references are its own keys) and the cases only ever import it.
   */
  async function smallDocument(): Promise<ContentDocument> {
    small ??= await cutDocument();
    return structuredClone(small);
  }

  async function cutDocument(): Promise<ContentDocument> {
    const full = (await app.request<ContentDocument>({ url: '/api/admin/content/export', headers })).body;
    const pillar = full.pillars[0]!;
    const question = full.questions.find((q) => q.pillarRef === pillar.ref)!;
    return {
      ...full,
      pillars: [pillar],
      questions: [
        {
          ...question,
          answers: question.answers.map((a) => ({
            ...a,
            points: a.points.filter((p) => p.pillarRef === pillar.ref),
          })),
        },
      ],
      demographicFields: full.demographicFields.slice(0, 1),
      matrixCells: full.matrixCells.filter((cell) => cell.pillarRef === pillar.ref).slice(0, 1),
      emailTemplates: full.emailTemplates.slice(0, 1),
    };
  }

  it('has a base input for every write route of the contract', () => {
    const writes = Object.entries(allRoutes)
      .filter(([, route]) => route.method !== 'GET')
      .map(([name]) => name);
    expect(Object.keys(bases).sort()).toEqual(writes.sort());
  });

  it.each(Object.keys(bases) as WriteRouteName[])(
    '%s refuses what it cannot store and writes nothing',
    async (name) => {
      const route = allRoutes[name] as AnyRoute;
      const bodySchema = route.body
        ? (z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
        : undefined;
      const base = await bases[name]();

      if (base.sendAsIs) {
        const response = await send(route, await bases[name]());
        expect(
          response.statusCode,
          `${name} with its base input: ${response.payload.slice(0, 300)}`,
        ).toBeLessThan(
          name === 'signInWithPassword' || name === 'completeSetup' || name === 'acceptInvite' ? 500 : 300,
        );
      }

      // Events are counted in memory and written by a timer, so an event accepted by an earlier
      // case could land between a refused case's two fingerprints. A read of the funnel writes
      // what is held: it runs before each look, and so a refused event counted in memory shows too.
      const look = async () => {
        if (name === 'recordFunnelEvent') await app.request({ url: '/api/admin/analytics/funnel', headers });
        return fingerprint(app);
      };
      const check = async (input: BaseInput, expectation: Mutation['expect'], label: string) => {
        const before = expectation === 'refused' ? await look() : '';
        const response = await send(route, input);
        const where = `${name}, ${label}: ${response.statusCode} ${response.payload.slice(0, 200)}`;
        if (expectation === 'no-server-error') {
          expect(response.statusCode, where).toBeLessThan(500);
          return;
        }
        expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, where).toBeLessThan(500);
        expect(await look(), `${where} wrote something`).toBe(before);
      };

      for (const param of Object.keys(base.params ?? {})) {
        await fc.assert(
          fc.asyncProperty(badIds, async (bad) => {
            const input = await bases[name]();
            await check(
              { ...input, params: { ...input.params, [param]: bad } },
              'refused',
              `params.${param}=${JSON.stringify(bad)}`,
            );
          }),
          { numRuns: 4 },
        );
      }

      // A body nested thousands of levels deep, as the whole body and in place of its first field:
      // refused with a 400 naming where, before anything walks it, and nothing written.
      const hapiRoute = app.server
        .table()
        .find((r) => r.path === route.path && r.method === route.method.toLowerCase());
      const maxBytes = hapiRoute?.settings.payload?.maxBytes ?? 1024 * 1024;
      // A file's text (a translation import) is read as text whatever it holds: never walked as JSON.
      const textBody = hapiRoute?.settings.payload?.override === 'text/plain';
      for (const { label, payload, field } of textBody ? [] : nestedBodies(base.body, maxBytes)) {
        const before = await look();
        const response = await send(route, { ...base, body: undefined }, payload);
        const where = `${name}, ${label}: ${response.statusCode} ${response.payload.slice(0, 200)}`;
        expect(response.statusCode, where).toBe(400);
        const answer = JSON.parse(response.payload) as { field?: string; message: string };
        expect(answer.message, where).toContain(TOO_DEEP);
        expect(answer.field?.startsWith(field), where).toBe(true);
        expect(await look(), `${where} wrote something`).toBe(before);
      }

      if (!base.body) return;
      for (const leaf of leavesOf(base.body)) {
        for (const mutation of mutationsFor(leaf, schemaAt(bodySchema, leaf.path))) {
          await fc.assert(
            fc.asyncProperty(mutation.value, async (bad) => {
              const input = await bases[name]();
              const body =
                mutation.kind === 'unstorable key'
                  ? withValueAt(input.body, [...leaf.path, bad as string], 'x')
                  : withValueAt(input.body, leaf.path, bad);
              await check(
                { ...input, body },
                mutation.expect,
                `${leaf.path.join('.') || 'body'} ${mutation.kind}`,
              );
            }),
            { numRuns: 1 },
          );
        }
      }
    },
    // Up to 200 requests a route (the content import's), each with a look at every table before
    // and after: on a busy machine that can take more than the default minute.
    180_000,
  );
});
