import type {
  AdminQuestion,
  AdminStats,
  ContentDocument,
  DemographicField,
  EmailTemplate,
  ErrorBody,
  MatrixCell,
  Pillar,
  PublicMatrixCell,
  PublicQuestion,
  ResultsResponse,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/knex.js';
import { createServer } from '../../server.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

type Body = ErrorBody & Record<string, unknown>;
type QuestionBody = {
  question: { text: string; pillarId: number; order: number; isActive: boolean };
  answers: {
    answer: { text: string; description: string | null; order: number };
    pointAllocations: { pillarId: number; points: number }[];
  }[];
};

const person = {
  first_name: 'Dana',
  last_name: 'Reyes',
  email_address: 'dana@northwind-it.example',
  company: 'Northwind IT',
  employee_count: '11-25',
  managed_companies: '26-50',
};

describe.each(testDatabaseKinds)('content management on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;

  const call = <T = Body>(method: string, url: string, payload?: unknown) =>
    app.request<T>({ method, url, payload: payload as object, headers: admin.headers });
  const count = async (table: string) =>
    Number((await app.db(table).count<{ c: string }[]>({ c: '*' }))[0]!.c);
  const publicQuestions = async () =>
    (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;

  /** Runs a request that must fail with 400 naming `field`, and checks that no table changed. */
  async function expectRefused(
    method: string,
    url: string,
    payload: unknown,
    field: string,
    message?: string,
  ) {
    const tables = [
      'pillars',
      'questions',
      'answers',
      'point_allocations',
      'demographic_fields',
      'matrix_cells',
      'email_templates',
    ];
    const before = await Promise.all(tables.map(count));
    const { status, body } = await call(method, url, payload);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.field).toBe(field);
    if (message) expect(body.message).toBe(`${field}: ${message}`);
    expect(await Promise.all(tables.map(count))).toEqual(before);
  }

  const questionBody = (
    pillarId: number,
    text = 'How do you patch third-party applications?',
  ): QuestionBody => ({
    question: { text, pillarId, order: 99, isActive: true },
    answers: [
      {
        answer: { text: 'By hand, when someone remembers', description: null, order: 1 },
        pointAllocations: [],
      },
      {
        answer: { text: 'Automatically, with reporting', description: 'Policies in the RMM', order: 2 },
        pointAllocations: [
          { pillarId, points: 3 },
          { pillarId: pillarId + 1, points: 0 },
        ],
      },
    ],
  });

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(() => app?.close());

  it('counts active pillars, questions, fields and submissions', async () => {
    const { status, body } = await call<AdminStats>('GET', '/api/admin/stats');
    expect(status).toBe(200);
    expect(body).toEqual({ activePillars: 6, assessmentQuestions: 30, demographicFields: 7, submissions: 0 });
  });

  describe('pillars', () => {
    it('creates, updates and lists pillars, and the public list follows at once', async () => {
      const created = await call<Pillar>('POST', '/api/admin/pillars', {
        name: '  Security ',
        description: 'How automation covers security operations.',
        order: 7,
        isActive: true,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Security', order: 7, isActive: true });
      expect((await app.request<Pillar[]>({ url: '/api/pillars' })).body.map((p) => p.name)).toContain(
        'Security',
      );

      const updated = await call<Pillar>('PUT', `/api/admin/pillars/${created.body.id}`, {
        name: 'Security Operations',
        description: 'Automation in security operations.',
        order: 7,
        isActive: false,
      });
      expect(updated.body).toMatchObject({ name: 'Security Operations', isActive: false });
      const publicNames = (await app.request<Pillar[]>({ url: '/api/pillars' })).body.map((p) => p.name);
      expect(publicNames).not.toContain('Security Operations');
      const adminNames = (await call<Pillar[]>('GET', '/api/admin/pillars')).body.map((p) => p.name);
      expect(adminNames).toContain('Security Operations');
      await call('DELETE', `/api/admin/pillars/${created.body.id}`);
    });

    it.each([
      [{ name: '', description: 'd', order: 1, isActive: true }, 'name', 'Name is required'],
      [
        { name: 'x'.repeat(101), description: 'd', order: 1, isActive: true },
        'name',
        'Name must be less than 100 characters',
      ],
      [{ name: 'n', description: ' ', order: 1, isActive: true }, 'description', 'Description is required'],
      [
        { name: 'n', description: 'd', order: -1, isActive: true },
        'order',
        'Order must be a positive number',
      ],
      [{ name: 'n', description: 'd', order: 1 }, 'isActive', undefined],
    ])('refuses %j', async (payload, field, message) => {
      await expectRefused('POST', '/api/admin/pillars', payload, field, message);
    });

    it('answers 404 for a pillar that does not exist', async () => {
      const body = { name: 'n', description: 'd', order: 1, isActive: true };
      expect((await call('PUT', '/api/admin/pillars/999999', body)).status).toBe(404);
      expect((await call('DELETE', '/api/admin/pillars/999999')).status).toBe(404);
    });

    it('deletes a pillar with its matrix cells and points; its questions stay, out of the assessment', async () => {
      const created = await call<Pillar>('POST', '/api/admin/pillars', {
        name: 'Temporary',
        description: 'd',
        order: 8,
        isActive: true,
      });
      const id = created.body.id;
      const question = await call<AdminQuestion>(
        'POST',
        '/api/admin/questions',
        questionBody(id, 'Temporary question?'),
      );
      // A point for this pillar on an existing question's answer too.
      const other = (await call<AdminQuestion[]>('GET', '/api/admin/questions')).body[0]!;
      await app.db('point_allocations').insert({ answer_id: other.answers[3]!.id, pillar_id: id, points: 2 });
      await call('PUT', `/api/admin/matrix-cells/upsert/${id}/0`, {
        shortDescription: 's',
        detailedContent: 'd',
      });

      const removed = await call('DELETE', `/api/admin/pillars/${id}`);
      expect(removed.status).toBe(200);
      expect(await app.db('point_allocations').where({ pillar_id: id })).toHaveLength(0);
      expect(await app.db('matrix_cells').where({ pillar_id: id })).toHaveLength(0);
      const kept = (await call<AdminQuestion[]>('GET', '/api/admin/questions')).body.find(
        (q) => q.id === question.body.id,
      );
      expect(kept).toMatchObject({ pillarId: null, pillar: null });
      expect((await publicQuestions()).some((q) => q.id === question.body.id)).toBe(false);
      await call('DELETE', `/api/admin/questions/${question.body.id}`);
    });
  });

  describe('questions', () => {
    it('creates a question storing only allocations above zero, and visitors see it at once', async () => {
      const pillars = (await call<Pillar[]>('GET', '/api/admin/pillars')).body;
      const { status, body } = await call<AdminQuestion>(
        'POST',
        '/api/admin/questions',
        questionBody(pillars[0]!.id),
      );
      expect(status).toBe(201);
      expect(body.pillar?.name).toBe(pillars[0]!.name);
      expect(body.answers.map((a) => a.pointAllocations.map((p) => p.points))).toEqual([[], [3]]);
      expect(body.answers[1]!.description).toBe('Policies in the RMM');
      expect((await publicQuestions()).map((q) => q.id)).toContain(body.id);
      await call('DELETE', `/api/admin/questions/${body.id}`);
      expect((await publicQuestions()).map((q) => q.id)).not.toContain(body.id);
    });

    it('edits a question: text, pillar, answers and allocations replaced in one go', async () => {
      const pillars = (await call<Pillar[]>('GET', '/api/admin/pillars')).body;
      const created = await call<AdminQuestion>('POST', '/api/admin/questions', questionBody(pillars[0]!.id));
      const edit = questionBody(pillars[1]!.id, 'How do you deploy third-party patches?');
      edit.answers.push({
        answer: { text: 'Tested rings with automatic rollback', description: null, order: 3 },
        pointAllocations: [{ pillarId: pillars[1]!.id, points: 2 }],
      });
      const updated = await call<AdminQuestion>('PUT', `/api/admin/questions/${created.body.id}`, edit);
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        id: created.body.id,
        text: 'How do you deploy third-party patches?',
        pillarId: pillars[1]!.id,
      });
      expect(updated.body.answers).toHaveLength(3);
      const old = created.body.answers.map((a) => a.id);
      expect(await app.db('answers').whereIn('id', old)).toHaveLength(0);
      await call('DELETE', `/api/admin/questions/${created.body.id}`);
    });

    it.each([
      [
        'empty text',
        (b: ReturnType<typeof questionBody>) => ({ ...b, question: { ...b.question, text: ' ' } }),
        'question.text',
        'Question text is required',
      ],
      [
        'no pillar',
        (b: ReturnType<typeof questionBody>) => ({ ...b, question: { ...b.question, pillarId: 0 } }),
        'question.pillarId',
        'Please select a pillar',
      ],
      [
        'an unknown pillar',
        (b: ReturnType<typeof questionBody>) => ({ ...b, question: { ...b.question, pillarId: 999999 } }),
        'question.pillarId',
        'Please select a pillar',
      ],
      [
        'one answer',
        (b: ReturnType<typeof questionBody>) => ({ ...b, answers: b.answers.slice(0, 1) }),
        'answers',
        'At least 2 answers are required',
      ],
      [
        'an empty answer',
        (b: ReturnType<typeof questionBody>) => ({
          ...b,
          answers: [{ ...b.answers[0]!, answer: { ...b.answers[0]!.answer, text: '' } }, b.answers[1]],
        }),
        'answers.0.answer.text',
        'Answer text is required',
      ],
      [
        'four points',
        (b: ReturnType<typeof questionBody>) => ({
          ...b,
          answers: [
            b.answers[0],
            { ...b.answers[1]!, pointAllocations: [{ pillarId: b.question.pillarId, points: 4 }] },
          ],
        }),
        'answers.1.pointAllocations.0.points',
        'Points must be between 0 and 3',
      ],
      [
        'points for an unknown pillar',
        (b: ReturnType<typeof questionBody>) => ({
          ...b,
          answers: [b.answers[0], { ...b.answers[1]!, pointAllocations: [{ pillarId: 999999, points: 1 }] }],
        }),
        'answers.1.pointAllocations.0.pillarId',
        undefined,
      ],
    ])('refuses %s', async (_name, change, field, message) => {
      const pillars = (await call<Pillar[]>('GET', '/api/admin/pillars')).body;
      await expectRefused(
        'POST',
        '/api/admin/questions',
        change(questionBody(pillars[0]!.id)),
        field,
        message,
      );
    });

    it('answers 404 when editing or deleting a question that does not exist', async () => {
      const pillars = (await call<Pillar[]>('GET', '/api/admin/pillars')).body;
      expect((await call('PUT', '/api/admin/questions/999999', questionBody(pillars[0]!.id))).status).toBe(
        404,
      );
      expect((await call('DELETE', '/api/admin/questions/999999')).status).toBe(404);
    });
  });

  describe('demographic fields', () => {
    it('creates a required field that the visitor form and the submit check follow at once', async () => {
      const created = await call<DemographicField>('POST', '/api/admin/demographic-fields', {
        identifier: 'psa_platform',
        label: 'Which PSA do you use?',
        fieldType: 'select',
        options: ['ConnectWise', 'Autotask', 'HaloPSA'],
        order: 8,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        isRequired: true,
        isActive: true,
        options: ['ConnectWise', 'Autotask', 'HaloPSA'],
      });
      const fields = (await app.request<DemographicField[]>({ url: '/api/demographic-fields' })).body;
      expect(fields.map((f) => f.identifier)).toContain('psa_platform');

      const answers = (await publicQuestions()).map((q) => ({
        questionId: q.id,
        answerId: q.answers[0]!.id,
      }));
      const without = await app.request<ErrorBody>({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: { demographicData: person, answers },
      });
      expect(without.status).toBe(400);
      expect(without.body.field).toBe('demographicData.psa_platform');

      const edited = await call<DemographicField>(
        'PATCH',
        `/api/admin/demographic-fields/${created.body.id}`,
        {
          identifier: 'psa_platform',
          label: 'Your PSA',
          fieldType: 'text',
          options: ['ignored for text'],
          order: 8,
          isRequired: false,
          isActive: true,
        },
      );
      expect(edited.body).toMatchObject({
        label: 'Your PSA',
        fieldType: 'text',
        options: null,
        isRequired: false,
      });
      expect((await call('DELETE', `/api/admin/demographic-fields/${created.body.id}`)).status).toBe(200);
      const after = (await app.request<DemographicField[]>({ url: '/api/demographic-fields' })).body;
      expect(after.map((f) => f.identifier)).not.toContain('psa_platform');
    });

    it.each([
      [{ identifier: '', label: 'L', fieldType: 'text' }, 'identifier', 'Identifier is required'],
      [
        { identifier: 'Has Caps', label: 'L', fieldType: 'text' },
        'identifier',
        'Identifier must be lowercase letters, numbers, and underscores only',
      ],
      [
        { identifier: 'company', label: 'L', fieldType: 'text' },
        'identifier',
        'A field with this identifier already exists',
      ],
      [{ identifier: 'ok_id', label: '', fieldType: 'text' }, 'label', 'Label is required'],
      [
        { identifier: 'ok_id', label: 'L', fieldType: 'text', order: -1 },
        'order',
        'Order must be 0 or greater',
      ],
      [{ identifier: 'ok_id', label: 'L', fieldType: 'date' }, 'fieldType', undefined],
      [
        { identifier: 'ok_id', label: 'L', fieldType: 'select', options: [] },
        'options',
        'Add at least one option for a select or radio field',
      ],
      [
        { identifier: 'ok_id', label: 'L', fieldType: 'radio', options: ['a', ''] },
        'options.1',
        'An option cannot be empty',
      ],
    ])('refuses %j', async (payload, field, message) => {
      await expectRefused('POST', '/api/admin/demographic-fields', payload, field, message);
    });
  });

  describe('matrix cells', () => {
    it('creates and then updates the cell of a pillar and level, and the public matrix follows', async () => {
      const pillar = (await call<Pillar[]>('GET', '/api/admin/pillars')).body[0]!;
      const created = await call<MatrixCell>('PUT', `/api/admin/matrix-cells/upsert/${pillar.id}/2`, {
        shortDescription: 'Scripts are reviewed and versioned.',
        detailedContent: 'Every script lives in version control.',
        requirements: '- Git\n- Peer review',
        examples: '',
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        pillarId: pillar.id,
        level: 2,
        requirements: '- Git\n- Peer review',
        examples: null,
      });
      const cells = (await app.request<PublicMatrixCell[]>({ url: '/api/matrix-cells' })).body;
      expect(cells.find((c) => c.pillarId === pillar.id && c.level === 2)?.shortDescription).toBe(
        'Scripts are reviewed and versioned.',
      );
      expect(await app.db('matrix_cells').where({ pillar_id: pillar.id, level: 2 })).toHaveLength(1);
    });

    it.each([
      [{ shortDescription: '', detailedContent: 'd' }, 'shortDescription', 'Short description is required'],
      [{ shortDescription: 'x'.repeat(201), detailedContent: 'd' }, 'shortDescription', undefined],
      [{ shortDescription: 's', detailedContent: '' }, 'detailedContent', 'Detailed content is required'],
    ])('refuses %j', async (payload, field, message) => {
      const pillar = (await call<Pillar[]>('GET', '/api/admin/pillars')).body[0]!;
      await expectRefused('PUT', `/api/admin/matrix-cells/upsert/${pillar.id}/1`, payload, field, message);
    });

    it('refuses a level outside 0-3 and answers 404 for an unknown pillar', async () => {
      const pillar = (await call<Pillar[]>('GET', '/api/admin/pillars')).body[0]!;
      await expectRefused(
        'PUT',
        `/api/admin/matrix-cells/upsert/${pillar.id}/4`,
        { shortDescription: 's', detailedContent: 'd' },
        'params.level',
      );
      const unknown = await call('PUT', '/api/admin/matrix-cells/upsert/999999/1', {
        shortDescription: 's',
        detailedContent: 'd',
      });
      expect(unknown.status).toBe(404);
    });
  });

  describe('email templates', () => {
    it('creates inactive by default; activating one deactivates the others', async () => {
      const created = await call<EmailTemplate>('POST', '/api/admin/email-templates', {
        name: 'Follow-up',
        subject: 'Your results, {{firstName}}',
        htmlBody: '<p>Hello {{firstName}}</p>',
      });
      expect(created.status).toBe(201);
      expect(created.body.isActive).toBe(false);
      const activated = await call<EmailTemplate>('PUT', `/api/admin/email-templates/${created.body.id}`, {
        ...created.body,
        id: undefined,
        isActive: true,
      });
      expect(activated.status).toBe(200);
      const all = (await call<EmailTemplate[]>('GET', '/api/admin/email-templates')).body;
      expect(all.filter((t) => t.isActive).map((t) => t.id)).toEqual([created.body.id]);
      expect((await call('DELETE', `/api/admin/email-templates/${created.body.id}`)).status).toBe(200);
      expect((await call('DELETE', `/api/admin/email-templates/${created.body.id}`)).status).toBe(404);
    });

    it.each([
      [{ name: '', subject: 's', htmlBody: 'b' }, 'name', 'Template name is required'],
      [{ name: 'n', subject: '', htmlBody: 'b' }, 'subject', 'Email subject is required'],
      [{ name: 'n', subject: 's', htmlBody: '' }, 'htmlBody', 'HTML body is required'],
    ])('refuses %j', async (payload, field, message) => {
      await expectRefused('POST', '/api/admin/email-templates', payload, field, message);
    });
  });

  describe('past results', () => {
    it('stay the same when the content they were scored against is edited and deleted', async () => {
      const answers = (await publicQuestions()).map((q, i) => ({
        questionId: q.id,
        answerId: q.answers[i % 4]!.id,
      }));
      const submitted = await app.request<{ submissionId: string }>({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: { demographicData: person, answers },
      });
      const url = `/api/assessment/results/${submitted.body.submissionId}`;
      const before = (await app.request<ResultsResponse>({ url })).body;

      const pillars = (await call<Pillar[]>('GET', '/api/admin/pillars')).body;
      const questions = (await call<AdminQuestion[]>('GET', '/api/admin/questions')).body;
      await call('PUT', `/api/admin/pillars/${pillars[0]!.id}`, {
        ...pillars[0],
        id: undefined,
        name: 'Renamed',
      });
      await call(
        'PUT',
        `/api/admin/questions/${questions[1]!.id}`,
        questionBody(pillars[1]!.id, 'Entirely new text'),
      );
      await call('DELETE', `/api/admin/questions/${questions[2]!.id}`);
      await call('DELETE', `/api/admin/pillars/${pillars[5]!.id}`);

      const after = (await app.request<ResultsResponse>({ url })).body;
      expect(after.pillarScores).toEqual(before.pillarScores);
      expect(after.overallLevel).toBe(before.overallLevel);
    });
  });
});

describe.each(testDatabaseKinds)('content export and import on $name', (kind) => {
  let source: TestApp;
  let target: TestApp;
  let sourceAdmin: SignedIn;
  let targetAdmin: SignedIn;

  beforeAll(async () => {
    source = await startTestApp(kind);
    target = await startTestApp(kind, { seed: false });
    sourceAdmin = await signedInAs(
      source,
      await createTestUser(source.db, { role: 'admin', status: 'approved' }),
    );
    targetAdmin = await signedInAs(
      target,
      await createTestUser(target.db, { role: 'admin', status: 'approved' }),
    );
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('moves the whole questionnaire to another instance', async () => {
    const exported = await source.request<ContentDocument>({
      url: '/api/admin/content/export',
      headers: sourceAdmin.headers,
    });
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ format: 'msp-maturity-content', version: 1 });
    expect(exported.body.questions).toHaveLength(30);

    const imported = await target.request<{ imported: Record<string, number> }>({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: exported.body,
      headers: targetAdmin.headers,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toEqual({
      pillars: 6,
      questions: 30,
      demographicFields: 7,
      matrixCells: 24,
      emailTemplates: 1,
    });

    const again = await target.request<ContentDocument>({
      url: '/api/admin/content/export',
      headers: targetAdmin.headers,
    });
    expect({ ...again.body, exportedAt: undefined }).toEqual({ ...exported.body, exportedAt: undefined });
    // The imported questionnaire is live for visitors.
    const visible = await target.request<PublicQuestion[]>({ url: '/api/assessment-questions' });
    expect(visible.body).toHaveLength(30);
  });

  it('refuses a document with problems, listing every one, and changes nothing', async () => {
    const doc = (
      await source.request<ContentDocument>({
        url: '/api/admin/content/export',
        headers: sourceAdmin.headers,
      })
    ).body;
    doc.questions[0]!.pillarRef = 'missing';
    doc.matrixCells[1] = { ...doc.matrixCells[0]! };
    doc.demographicFields[1]!.identifier = doc.demographicFields[0]!.identifier;
    const before = (
      await target.request<ContentDocument>({
        url: '/api/admin/content/export',
        headers: targetAdmin.headers,
      })
    ).body;
    const { status, body } = await target.request<ErrorBody>({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: doc,
      headers: targetAdmin.headers,
    });
    expect(status).toBe(400);
    expect(body.issues?.map((i) => i.field)).toEqual(
      expect.arrayContaining(['questions.0.pillarRef', 'matrixCells.1', 'demographicFields.1.identifier']),
    );
    const after = (
      await target.request<ContentDocument>({
        url: '/api/admin/content/export',
        headers: targetAdmin.headers,
      })
    ).body;
    expect({ ...after, exportedAt: undefined }).toEqual({ ...before, exportedAt: undefined });
  });

  it('refuses a file that is not a content export', async () => {
    const { status, body } = await target.request<ErrorBody>({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: { hello: 'world' },
      headers: targetAdmin.headers,
    });
    expect(status).toBe(400);
    expect(body.issues?.map((i) => i.field)).toContain('format');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('several instances on one PostgreSQL database', () => {
  it('show a content change made on one instance on the next request to another', async () => {
    const first = await startTestApp(testDatabaseKinds.find((k) => k.name === 'postgres')!);
    // A second server with its own connection pool and change listener, on the same database.
    const secondDb = createDatabase({ databaseUrl: first.database.url });
    const second = await createServer({ config: first.config, db: secondDb });
    try {
      const admin = await signedInAs(
        first,
        await createTestUser(first.db, { role: 'admin', status: 'approved' }),
      );
      const namesOnSecond = async () =>
        (JSON.parse((await second.inject({ url: '/api/pillars' })).payload) as Pillar[]).map((p) => p.name);
      // Warm the second instance's cache.
      expect(await namesOnSecond()).toContain('Expertise');
      expect(await namesOnSecond()).toContain('Expertise');

      const pillar = (await first.request<Pillar[]>({ url: '/api/admin/pillars', headers: admin.headers }))
        .body[0]!;
      const renamed = await first.request({
        method: 'PUT',
        url: `/api/admin/pillars/${pillar.id}`,
        headers: admin.headers,
        payload: { ...pillar, id: undefined, name: 'Know-how' },
      });
      expect(renamed.status).toBe(200);
      // NOTIFY arrives asynchronously, within moments of the commit.
      await expect.poll(namesOnSecond, { timeout: 5000, interval: 50 }).toContain('Know-how');
    } finally {
      await second.stop();
      await secondDb.destroy();
      await first.close();
    }
  });
});
