import type {
  DemographicField,
  PublicConfig,
  PublicMatrixCell,
  PublicPillar,
  PublicQuestion,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('public content on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: { PRODUCT_NAME: 'Maturity Check', PROVIDER_URL: 'https://msp.example/' },
    });
  });
  afterAll(() => app?.close());

  it('answers the product and provider settings', async () => {
    const { status, body } = await app.request<PublicConfig>({ url: '/api/config' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ productName: 'Maturity Check', providerUrl: 'https://msp.example/' });
    // Unset links fall back to the provider's site rather than to nowhere.
    expect(body.privacyUrl).toBe('https://msp.example/');
  });

  it('lists the six active pillars in order', async () => {
    const { status, body } = await app.request<PublicPillar[]>({ url: '/api/pillars' });
    expect(status).toBe(200);
    expect(body.map((p) => p.name)).toEqual([
      'Expertise',
      'Processes',
      'Alignment',
      'Leadership',
      'Tooling',
      'KPIs',
    ]);
  });

  it('hides an inactive pillar, its questions and its matrix cells', async () => {
    const [kpis] = await app
      .db('pillars')
      .where({ name: 'KPIs' })
      .update({ is_active: false })
      .returning('id');
    app.server.app.ctx.cache.invalidate();
    try {
      const pillars = await app.request<PublicPillar[]>({ url: '/api/pillars' });
      expect(pillars.body.map((p) => p.name)).not.toContain('KPIs');
      const questions = await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' });
      expect(questions.body.some((q) => q.pillarId === kpis.id)).toBe(false);
      const cells = await app.request<PublicMatrixCell[]>({ url: '/api/matrix-cells' });
      expect(cells.body.some((c) => c.pillarId === kpis.id)).toBe(false);
    } finally {
      await app.db('pillars').where({ id: kpis.id }).update({ is_active: true });
      app.server.app.ctx.cache.invalidate();
    }
  });

  it('lists active questions in order with their answers, without point allocations', async () => {
    const { status, body } = await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(24);
    const orders = body.map((q) => q.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const question of body) {
      expect(question.answers).toHaveLength(4);
      expect(question.pillar.name).toBeTruthy();
      for (const answer of question.answers) expect(answer).not.toHaveProperty('pointAllocations');
    }
  });

  it('leaves inactive questions out', async () => {
    const first = await app.db('questions').orderBy('order').first();
    await app.db('questions').where({ id: first.id }).update({ is_active: false });
    app.server.app.ctx.cache.invalidate();
    try {
      const { body } = await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' });
      expect(body.map((q) => q.id)).not.toContain(first.id);
    } finally {
      await app.db('questions').where({ id: first.id }).update({ is_active: true });
      app.server.app.ctx.cache.invalidate();
    }
  });

  it('lists the active demographic fields in order, with options for selects', async () => {
    const { status, body } = await app.request<DemographicField[]>({ url: '/api/demographic-fields' });
    expect(status).toBe(200);
    const identifiers = body.map((f) => f.identifier);
    for (const id of [
      'first_name',
      'last_name',
      'email_address',
      'company',
      'employee_count',
      'managed_companies',
    ]) {
      expect(identifiers).toContain(id);
    }
    const employees = body.find((f) => f.identifier === 'employee_count')!;
    expect(employees.fieldType).toBe('select');
    expect(employees.options?.length).toBeGreaterThan(1);
    expect(body.find((f) => f.identifier === 'first_name')!.options).toBeNull();
  });

  it('answers all 24 matrix cells with their pillar name', async () => {
    const { status, body } = await app.request<PublicMatrixCell[]>({ url: '/api/matrix-cells' });
    expect(status).toBe(200);
    expect(body).toHaveLength(24);
    expect(new Set(body.map((c) => `${c.pillarId}:${c.level}`)).size).toBe(24);
    expect(body[0]).toMatchObject({ pillar: { name: 'Expertise' }, level: 0 });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await app.request<{ statusCode: number }>({ url: '/api/nothing-here' });
    expect(status).toBe(404);
    expect(body.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const { headers } = await app.request({ url: '/api/pillars' });
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
