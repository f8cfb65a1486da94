import {
  LEAD_NOTE_MAX_LENGTH,
  SubmissionUpdatedWebhookPayload,
  type ErrorBody,
  type Lead,
  type LeadNote,
  type LeadOwnerList,
  type LeadStatusList,
  type SubmissionDetail,
  type SubmissionList,
  type UpdateLeadsResponse,
} from '@msp/shared';
import { parse } from 'csv-parse/sync';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('a test secret of thirty-two bytes!').toString('base64')}`;

describe.each(testDatabaseKinds)('the lead desk on $name', (kind) => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let sam: SignedIn;
  let kim: SignedIn;
  let samId: number;
  let kimId: number;
  let adminKey: Record<string, string>;
  let readKey: Record<string, string>;
  const ids: Record<'ada' | 'ben' | 'cy', string> = { ada: '', ben: '', cy: '' };
  /** Each submission's address, by id. */
  const emails = new Map<string, string>();

  const call = async <T>(
    method: string,
    url: string,
    who: Record<string, string>,
    payload?: object,
  ): Promise<{ status: number; body: T & ErrorBody }> => {
    const response = await app.request<T & ErrorBody>({ method, url, headers: who, payload });
    return { status: response.status, body: response.body };
  };
  const statuses = async () =>
    (await call<LeadStatusList>('GET', '/api/admin/lead-statuses', sam.headers)).body.statuses;
  const statusId = async (name: string) => (await statuses()).find((status) => status.name === name)!.id;
  const list = async (query: string, who = sam.headers) =>
    call<SubmissionList>('GET', `/api/admin/submissions?${query}`, who);
  const leadRow = (id: string) =>
    app
      .db('submissions')
      .where({ id })
      .first(
        'lead_status_id',
        'lead_owner_id',
        'note_count',
        app.db.raw('next_step_on::text as next_step_on'),
      );
  const actionsOf = async (action: string) =>
    app.db('audit_events').where({ action }).select('target_id', 'summary', 'actor_kind');

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET },
      jobs: { pollIntervalMs: 100 },
    });
    const samRow = await createTestUser(app.db, { role: 'admin', status: 'approved', firstName: 'Sam' });
    const kimRow = await createTestUser(app.db, { role: 'admin', status: 'approved', firstName: 'Kim' });
    samId = samRow.id;
    kimId = kimRow.id;
    sam = await signedInAs(app, samRow);
    kim = await signedInAs(app, kimRow);
    adminKey = bearer((await createTestApiKey(app, 'admin')).token);
    readKey = bearer((await createTestApiKey(app, 'read')).token);
    for (const [name, domain] of [
      ['ada', 'alpha'],
      ['ben', 'beta'],
      ['cy', 'gamma'],
    ] as const) {
      const email = `${name}@${domain}-msp.example`;
      ids[name] = await submitAs(app, {
        first_name: name[0]!.toUpperCase() + name.slice(1),
        email_address: email,
      });
      emails.set(ids[name], email);
    }
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('gives every new submission the default status, with nobody owning it and no next step', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    for (const submission of body.submissions) {
      expect(submission.lead).toEqual({
        status: { id: await statusId('New'), name: 'New' },
        owner: null,
        nextStepOn: null,
        noteCount: 0,
      });
    }
    expect((await statuses()).map((s) => [s.name, s.isDefault, s.submissions])).toEqual([
      ['New', true, 3],
      ['Contacted', false, 0],
      ['Qualified', false, 0],
      ['Customer', false, 0],
      ['Not a fit', false, 0],
    ]);
    const owners = (await call<LeadOwnerList>('GET', '/api/admin/lead-owners', sam.headers)).body.owners;
    expect(owners.map((owner) => owner.id).sort()).toEqual([samId, kimId].sort());
  });

  it('sets status, owner and next step, audits it and sends submission.updated with what it was before', async () => {
    const contacted = await statusId('Contacted');
    const { status, body } = await call<Lead>(
      'PATCH',
      `/api/admin/submissions/${ids.ada}/lead`,
      sam.headers,
      {
        statusId: contacted,
        ownerId: kimId,
        nextStepOn: '2026-12-08',
      },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: { id: contacted, name: 'Contacted' },
      owner: { id: kimId, name: 'Kim User' },
      nextStepOn: '2026-12-08',
    });
    const detail = (await call<SubmissionDetail>('GET', `/api/admin/submissions/${ids.ada}`, sam.headers))
      .body;
    expect(detail.submission.lead).toEqual(body);

    const audits = await actionsOf('submission.lead_update');
    expect(audits).toContainEqual(
      expect.objectContaining({
        target_id: ids.ada,
        summary: { statusId: contacted, ownerId: kimId, nextStepOn: '2026-12-08' },
      }),
    );
    const delivery = await eventually(() =>
      receiver.received.find(
        (r) =>
          JSON.parse(r.body).type === 'submission.updated' &&
          JSON.parse(r.body).data.submissionId === ids.ada,
      ),
    );
    // Signed like every delivery: a receiver verifies it with the same secret.
    const verified = new Webhook(SECRET).verify(delivery.body, delivery.headers as Record<string, string>);
    const payload = SubmissionUpdatedWebhookPayload.parse(verified);
    expect(payload.data.changedBy).toEqual({ kind: 'user', name: 'Sam User' });
    expect(payload.data.changes).toEqual({
      status: { from: { id: await statusId('New'), name: 'New' }, to: { id: contacted, name: 'Contacted' } },
      owner: { from: null, to: { id: kimId, name: 'Kim User', email: expect.any(String) } },
      nextStepOn: { from: null, to: '2026-12-08' },
    });
  });

  it('answers 400 naming the field for an unknown status or an owner who is not an approved admin, and writes nothing', async () => {
    const before = await leadRow(ids.ben);
    const pending = await createTestUser(app.db, { role: 'admin', status: 'pending' });
    const plainUser = await createTestUser(app.db, { role: 'user', status: 'approved' });
    for (const [payload, field] of [
      [{ statusId: 999_999 }, 'statusId'],
      [{ ownerId: 999_999 }, 'ownerId'],
      [{ ownerId: pending.id }, 'ownerId'],
      [{ ownerId: plainUser.id }, 'ownerId'],
      [{ statusId: 'Contacted' }, 'statusId'],
      [{ nextStepOn: '08/12/2026' }, 'nextStepOn'],
      [{}, 'body'],
    ] as const) {
      for (const [url, who] of [
        [`/api/admin/submissions/${ids.ben}/lead`, sam.headers],
        [`/api/v1/submissions/${ids.ben}`, adminKey],
      ] as const) {
        const { status, body } = await call('PATCH', url, who, payload);
        expect(status, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(body.field).toBe(field);
      }
    }
    expect(await leadRow(ids.ben)).toEqual(before);
  });

  it('lets an admin key set a lead and add a note; a read key may read leads but not change them', async () => {
    const qualified = await statusId('Qualified');
    const refused = await call('PATCH', `/api/v1/submissions/${ids.ben}`, readKey, { statusId: qualified });
    expect(refused.status).toBe(403);
    const { status, body } = await call<Lead>('PATCH', `/api/v1/submissions/${ids.ben}`, adminKey, {
      statusId: qualified,
      ownerId: samId,
    });
    expect(status).toBe(200);
    expect(body.status.name).toBe('Qualified');
    const note = await call<LeadNote>('POST', `/api/v1/submissions/${ids.ben}/notes`, adminKey, {
      text: 'Synced from the CRM',
    });
    expect(note.status).toBe(201);
    expect(note.body.author.kind).toBe('api_key');
    const listed = await call<SubmissionList>(
      'GET',
      `/api/v1/submissions?status=${qualified}&owner=${samId}`,
      readKey,
    );
    expect(listed.body.submissions.map((s) => [s.id, s.lead.noteCount])).toEqual([[ids.ben, 1]]);
    const detail = await call<{ notes: LeadNote[] }>('GET', `/api/v1/submissions/${ids.ben}`, readKey);
    expect(detail.body.notes.map((n) => n.text)).toEqual(['Synced from the CRM']);
  });

  it('filters by status, owner (or none) and due day, and sorts by the soonest next step', async () => {
    await call('PATCH', `/api/admin/submissions/${ids.ben}/lead`, sam.headers, { nextStepOn: '2026-12-01' });
    await call('PATCH', `/api/admin/submissions/${ids.cy}/lead`, sam.headers, { nextStepOn: '2026-11-20' });
    const order = async (query: string) => (await list(query)).body.submissions.map((s) => s.id);
    expect(await order('sort=nextStep')).toEqual([ids.cy, ids.ben, ids.ada]);
    expect(await order('owner=none')).toEqual([ids.cy]);
    expect(await order(`owner=${kimId}`)).toEqual([ids.ada]);
    expect(await order('nextStepStartDate=2026-12-01&nextStepEndDate=2026-12-01')).toEqual([ids.ben]);
    expect(await order('nextStepEndDate=2026-11-30')).toEqual([ids.cy]);
    expect(await order(`status=${await statusId('New')}`)).toEqual([ids.cy]);
    const counted = await list(`status=${await statusId('Contacted')}&owner=${kimId}&sort=nextStep`);
    expect(counted.body.pagination.total).toBe(1);
    expect((await list('owner=someone')).body.field).toBe('query.owner');
    expect((await list('nextStepEndDate=tomorrow')).body.field).toBe('query.nextStepEndDate');
    expect((await list('nextStepStartDate=2026-12-02&nextStepEndDate=2026-12-01')).body.field).toBe(
      'query.nextStepEndDate',
    );
  });

  it('changes status and owner of several submissions at once, once in the trail', async () => {
    const customer = await statusId('Customer');
    const { status, body } = await call<UpdateLeadsResponse>(
      'POST',
      '/api/admin/submissions/leads',
      sam.headers,
      {
        submissionIds: [ids.ada, ids.cy],
        statusId: customer,
        ownerId: samId,
      },
    );
    expect(status).toBe(200);
    expect(body.updated).toBe(2);
    for (const id of [ids.ada, ids.cy])
      expect(await leadRow(id)).toMatchObject({ lead_status_id: customer, lead_owner_id: samId });
    expect(await actionsOf('submission.lead_bulk_update')).toEqual([
      expect.objectContaining({
        summary: expect.objectContaining({ statusId: customer, ownerId: samId, submissions: 2, updated: 2 }),
      }),
    ]);
    const tooMany = await call('POST', '/api/admin/submissions/leads', sam.headers, {
      submissionIds: Array.from({ length: 101 }, () => ids.ada),
      statusId: customer,
    });
    expect(tooMany.body.field).toBe('submissionIds');
  });

  it('writes status, owner, next step and note count into the CSV and XLSX exports, as the list shows them', async () => {
    const listed = new Map((await list('pageSize=100')).body.submissions.map((s) => [s.id, s.lead]));
    for (const url of [
      '/api/admin/submissions/export/csv?format=csv',
      '/api/v1/submissions/export?format=csv',
    ]) {
      const response = await app.server.inject({
        url,
        headers: url.startsWith('/api/v1') ? readKey : sam.headers,
      });
      expect(response.statusCode, url).toBe(200);
      const [header, ...rows] = parse(response.payload, { bom: true }) as string[][];
      const at = (name: string) => header!.indexOf(name);
      expect([at('Lead Status'), at('Owner'), at('Next Step'), at('Notes')].every((index) => index > 0)).toBe(
        true,
      );
      const byEmail = new Map(rows.map((row) => [row[at('Email Address')], row]));
      for (const [id, lead] of listed) {
        const row = byEmail.get(emails.get(id))!;
        expect(row[at('Lead Status')], url).toBe(lead.status.name);
        expect(row[at('Owner')], url).toBe(lead.owner?.name ?? '');
        expect(row[at('Next Step')], url).toBe(lead.nextStepOn ?? '');
        expect(row[at('Notes')], url).toBe(String(lead.noteCount));
      }
    }
  });

  it('keeps notes as plain text, lets only their author correct them and only for 15 minutes', async () => {
    const markup = '<img src=x onerror=alert(1)> <b>Call back</b> Tuesday';
    const added = await call<LeadNote>('POST', `/api/admin/submissions/${ids.cy}/notes`, sam.headers, {
      text: markup,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      text: markup,
      author: { kind: 'user', id: samId, name: 'Sam User' },
      editedAt: null,
    });
    expect(added.body.editableUntil).not.toBeNull();
    expect((await leadRow(ids.cy)).note_count).toBe(1);
    // The trail keeps the note's length, never its text.
    const audit = (await actionsOf('submission.note_add')).find(
      (row) => row.summary.noteId === added.body.id,
    );
    expect(audit?.summary).toEqual({ noteId: added.body.id, characters: markup.length });

    const url = `/api/admin/submissions/${ids.cy}/notes/${added.body.id}`;
    expect((await call('PATCH', url, kim.headers, { text: 'Not mine' })).status).toBe(403);
    const corrected = await call<LeadNote>('PATCH', url, sam.headers, { text: 'Call back Tuesday at 10' });
    expect(corrected.status).toBe(200);
    expect(corrected.body.editedAt).not.toBeNull();
    // Kim sees the note but not as one she may correct.
    const seenByKim = (await call<SubmissionDetail>('GET', `/api/admin/submissions/${ids.cy}`, kim.headers))
      .body.notes;
    expect(seenByKim).toEqual([
      expect.objectContaining({ text: 'Call back Tuesday at 10', editableUntil: null }),
    ]);

    await app
      .db('submission_notes')
      .where({ id: added.body.id })
      .update({ created_at: app.db.raw("now() - interval '16 minutes'") });
    const late = await call('PATCH', url, sam.headers, { text: 'Too late' });
    expect(late.status).toBe(409);
    expect((await app.db('submission_notes').where({ id: added.body.id }).first('body')).body).toBe(
      'Call back Tuesday at 10',
    );

    const long = await call('POST', `/api/admin/submissions/${ids.cy}/notes`, sam.headers, {
      text: 'x'.repeat(LEAD_NOTE_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('text');
    const blank = await call('POST', `/api/admin/submissions/${ids.cy}/notes`, sam.headers, { text: '   ' });
    expect(blank.body.field).toBe('text');
  });

  it('edits the statuses: renames, reorders, adds, and moves a removed status’s submissions to the default', async () => {
    const before = await statuses();
    const byName = new Map(before.map((s) => [s.name, s]));
    // Ben is Qualified; Qualified is removed, so he takes the new default.
    const saved = await call<LeadStatusList>('PUT', '/api/admin/lead-statuses', sam.headers, {
      statuses: [
        { id: byName.get('Contacted')!.id, name: 'Reached', isDefault: false },
        { id: byName.get('New')!.id, name: 'Open', isDefault: true },
        { name: 'Demo booked', isDefault: false },
        { id: byName.get('Customer')!.id, name: 'Customer', isDefault: false },
        { id: byName.get('Not a fit')!.id, name: 'Not a fit', isDefault: false },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.statuses.map((s) => [s.name, s.position, s.isDefault])).toEqual([
      ['Reached', 0, false],
      ['Open', 1, true],
      ['Demo booked', 2, false],
      ['Customer', 3, false],
      ['Not a fit', 4, false],
    ]);
    expect((await leadRow(ids.ben)).lead_status_id).toBe(byName.get('New')!.id);
    // A new submission takes the default of its day.
    const dee = await submitAs(app, { first_name: 'Dee', email_address: 'dee@delta-msp.example' });
    expect((await leadRow(dee)).lead_status_id).toBe(byName.get('New')!.id);

    for (const [statusesBody, field] of [
      [[{ name: 'A', isDefault: false }], 'statuses'],
      [
        [
          { name: 'A', isDefault: true },
          { name: 'a', isDefault: false },
        ],
        'statuses.1.name',
      ],
      [[{ id: 999_999, name: 'A', isDefault: true }], 'statuses.0.id'],
      [[], 'statuses'],
    ] as const) {
      const refused = await call('PUT', '/api/admin/lead-statuses', sam.headers, { statuses: statusesBody });
      expect(refused.status, JSON.stringify(statusesBody)).toBe(400);
      expect(refused.body.field).toBe(field);
    }
    expect((await statuses()).map((s) => s.name)).toEqual([
      'Reached',
      'Open',
      'Demo booked',
      'Customer',
      'Not a fit',
    ]);
  });

  it('answers 404 for a submission that is not there', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('PATCH', `/api/admin/submissions/${missing}/lead`, sam.headers, { nextStepOn: null }))
        .status,
    ).toBe(404);
    expect((await call('POST', `/api/v1/submissions/${missing}/notes`, adminKey, { text: 'x' })).status).toBe(
      404,
    );
  });

  it('lets a User read the desk but change nothing, and Sales work it and own leads; only admins edit statuses', async () => {
    const umaRow = await createTestUser(app.db, { role: 'user', status: 'approved', firstName: 'Uma' });
    const saraRow = await createTestUser(app.db, { role: 'sales', status: 'approved', firstName: 'Sara' });
    const uma = await signedInAs(app, umaRow);
    const sara = await signedInAs(app, saraRow);
    const before = await leadRow(ids.cy);

    // Both read the list, the detail with its notes, the statuses and the owners.
    for (const who of [uma, sara]) {
      expect((await list('', who.headers)).status).toBe(200);
      expect((await call('GET', `/api/admin/submissions/${ids.cy}`, who.headers)).status).toBe(200);
      expect((await call('GET', '/api/admin/lead-statuses', who.headers)).status).toBe(200);
    }
    const owners = await call<LeadOwnerList>('GET', '/api/admin/lead-owners', uma.headers);
    const ownerIds = owners.body.owners.map((owner) => owner.id);
    expect(ownerIds).toContain(saraRow.id);
    expect(ownerIds).not.toContain(umaRow.id);

    // A User changes nothing: status, owner, the several at once, a note.
    const contacted = (await statuses()).find((status) => status.id !== before.lead_status_id)!.id;
    const writes = [
      ['PATCH', `/api/admin/submissions/${ids.cy}/lead`, { statusId: contacted }],
      ['POST', '/api/admin/submissions/leads', { submissionIds: [ids.cy], statusId: contacted }],
      ['POST', `/api/admin/submissions/${ids.cy}/notes`, { text: 'Called' }],
    ] as const;
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, uma.headers, payload)).status, `${method} ${url}`).toBe(403);
    }
    expect(await leadRow(ids.cy)).toEqual(before);

    // Sales works it, owns it, and is the actor in the audit trail; the statuses stay an admin's.
    const set = await call<Lead>('PATCH', `/api/admin/submissions/${ids.cy}/lead`, sara.headers, {
      statusId: contacted,
      ownerId: saraRow.id,
    });
    expect(set.status).toBe(200);
    expect(set.body.owner?.id).toBe(saraRow.id);
    const noted = await call('POST', `/api/admin/submissions/${ids.cy}/notes`, sara.headers, {
      text: 'Called',
    });
    expect(noted.status).toBe(201);
    const audit = await app
      .db('audit_events')
      .where({ action: 'submission.lead_update', target_id: ids.cy, actor_id: saraRow.id })
      .first('id');
    expect(audit).toBeDefined();
    const current = (await statuses()).map(({ id, name, isDefault }) => ({ id, name, isDefault }));
    expect((await call('PUT', '/api/admin/lead-statuses', sara.headers, { statuses: current })).status).toBe(
      403,
    );
    expect((await call('GET', '/api/admin/submissions/export/csv', sara.headers)).status).toBe(403);

    // A salesperson made a User can no longer be given a lead.
    await app.db('users').where({ id: saraRow.id }).update({ role: 'user' });
    const refused = await call('PATCH', `/api/admin/submissions/${ids.ben}/lead`, sam.headers, {
      ownerId: saraRow.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('ownerId');
  });
});
