import type { ComparisonBasis, ComparisonResponse, DemographicField } from '@msp/shared';
import { roundTo1 } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/knex.js';
import { createTestUser, signedInAs, type SignedIn } from '../../../test/auth-helpers.js';
import { aggregatesAndRows } from '../../../test/stats-helpers.js';
import { submitAs } from '../../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { MIN_PEERS } from './comparison-service.js';

/**
 * The comparison computed directly from the stored submissions, as it was before the aggregates:
 * the reference the aggregate-backed answer must match exactly.
 */
async function directComparison(db: Database, id: string): Promise<ComparisonResponse> {
  const own = await db('submissions').where({ id }).first();
  const pillars = await db('submission_pillar_scores')
    .where({ submission_id: id })
    .orderBy([{ column: 'pillar_order' }, { column: 'pillar_id' }]);
  const { employee_count: employees, managed_companies: companies } = own as Record<string, string | null>;
  const candidates: [ComparisonBasis, Record<string, string>][] = [];
  if (employees && companies)
    candidates.push(['employees_and_companies', { employee_count: employees, managed_companies: companies }]);
  if (employees) candidates.push(['employees', { employee_count: employees }]);
  if (companies) candidates.push(['companies', { managed_companies: companies }]);
  candidates.push(['all', {}]);
  let chosen: [ComparisonBasis, Record<string, string>] | undefined;
  for (const [candidate, condition] of candidates) {
    const [row] = await db('submissions')
      .where(condition)
      .whereNot({ id })
      .count<{ count: string }[]>({ count: '*' });
    if (Number(row?.count) >= MIN_PEERS) {
      chosen = [candidate, condition];
      break;
    }
  }
  if (!chosen) return { basis: null };
  const [basis, where] = chosen;
  const levels = await db('submissions')
    .where(where)
    .whereNot({ id })
    .select('overall_level')
    .count<{ overall_level: number; count: string }[]>({ count: '*' })
    .groupBy('overall_level');
  const countOf = (level: number) => Number(levels.find((row) => row.overall_level === level)?.count ?? 0);
  const total = [0, 1, 2, 3].reduce((sum, level) => sum + countOf(level), 0);
  const weighted = [0, 1, 2, 3].reduce((sum, level) => sum + level * countOf(level), 0);
  const averages = await db('submission_pillar_scores as ps')
    .join('submissions as s', 's.id', 'ps.submission_id')
    .where(Object.fromEntries(Object.entries(where).map(([column, value]) => [`s.${column}`, value])))
    .whereNot('s.id', id)
    .select('ps.pillar_key')
    .avg<{ pillar_key: string; avg: number }[]>({ avg: 'ps.normalized_score' })
    .groupBy('ps.pillar_key');
  return {
    totalSubmissions: total,
    basis,
    avgMaturityLevel: total ? roundTo1(weighted / total) : 0,
    distribution: ([0, 1, 2, 3] as const).map((level) => ({
      level,
      percentage: total ? roundTo1((countOf(level) / total) * 100) : 0,
    })),
    avgPillarScores: pillars.map((p: { pillar_key: string; pillar_name: string }) => ({
      pillarName: p.pillar_name,
      avgScore:
        Math.round(Number(averages.find((a) => a.pillar_key === p.pillar_key)?.avg ?? 0) * 1000) / 1000,
    })),
  };
}

/** Answers of mixed maturity (by question position), so pillar averages are not all 0 or 1. */
const mixed = (offset: number) => (question: number) => (question + offset) % 4;

describe.each(testDatabaseKinds)('peer comparison on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  const ids: string[] = [];

  const compare = (id: string) =>
    app.request<ComparisonResponse>({ url: `/api/assessment/comparison/${id}` });
  const remove = (id: string) =>
    app.request({ method: 'DELETE', url: `/api/admin/submissions/${id}`, headers: admin.headers });

  /** Every stored submission's comparison, as answered and as computed from the rows. */
  async function everyComparison() {
    const stored = (await app.db('submissions').select('id').orderBy('id')) as { id: string }[];
    const answered: ComparisonResponse[] = [];
    const direct: ComparisonResponse[] = [];
    for (const { id } of stored) {
      const response = await compare(id);
      expect(response.status).toBe(200);
      answered.push(response.body);
      direct.push(await directComparison(app.db, id));
    }
    return { answered, direct };
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    // Both answers become optional, as an administrator may make them, so some visitors leave them out.
    const fields = (
      await app.request<DemographicField[]>({ url: '/api/admin/demographic-fields', headers: admin.headers })
    ).body;
    for (const field of fields.filter((f) =>
      ['employee_count', 'managed_companies'].includes(f.identifier),
    )) {
      const { identifier, label, fieldType, options, order, isActive } = field;
      const { status } = await app.request({
        method: 'PATCH',
        url: `/api/admin/demographic-fields/${field.id}`,
        headers: admin.headers,
        payload: { identifier, label, fieldType, options, order, isActive, isRequired: false },
      });
      expect(status).toBe(200);
    }
    const people: [Record<string, string>, number | ((question: number) => number)][] = [
      [{ employee_count: '11-25', managed_companies: '26-50' }, 3],
      [{ employee_count: '11-25', managed_companies: '26-50' }, 0],
      [{ employee_count: '11-25', managed_companies: '26-50' }, mixed(1)],
      [{ employee_count: '11-25', managed_companies: '251+' }, mixed(2)],
      [{ employee_count: '', managed_companies: '26-50' }, 2],
      [{ employee_count: '', managed_companies: '26-50' }, mixed(3)],
      [{ employee_count: '', managed_companies: '1-10' }, 1],
      [{ employee_count: '', managed_companies: '' }, mixed(0)],
      [{ employee_count: '101+', managed_companies: '101-250' }, 1],
      [{ employee_count: '11-25', managed_companies: '26-50' }, mixed(2)],
    ];
    for (const [answers, maturity] of people) ids.push(await submitAs(app, answers, maturity));
  });
  afterAll(() => app?.close());

  it('stores a missing size answer as missing, and keeps it in the aggregates under no group', async () => {
    const row = await app.db('submissions').where({ id: ids[4] }).first();
    expect(row.employee_count).toBeNull();
    const { kept, counted } = await aggregatesAndRows(app.db);
    expect(kept).toEqual(counted);
    expect(kept.groups).toContainEqual({
      employee_count: '',
      managed_companies: '',
      overall_level: expect.any(Number),
      n: 1,
    });
  });

  it('answers every submission exactly as counting its peers one by one would, on every basis', async () => {
    const { answered, direct } = await everyComparison();
    expect(answered).toEqual(direct);
    // Each way of choosing the group is exercised, so the comparison above proves each.
    expect(new Set(answered.map((c) => c.basis))).toEqual(
      new Set(['employees_and_companies', 'employees', 'companies', 'all']),
    );
    expect(
      answered.some(
        (c) => c.basis !== null && c.avgPillarScores.some((p) => p.avgScore > 0 && p.avgScore < 1),
      ),
    ).toBe(true);
  });

  it('follows deletes through the admin API, widening a group that falls below three peers', async () => {
    const before = (await compare(ids[0]!)).body;
    expect(before.basis).toBe('employees_and_companies');
    for (const id of [ids[1]!, ids[4]!, ids[7]!]) expect((await remove(id)).status).toBe(200);

    const { kept, counted } = await aggregatesAndRows(app.db);
    expect(kept).toEqual(counted);
    const after = (await compare(ids[0]!)).body;
    expect(after.basis).toBe('employees');
    expect(after).toMatchObject({ totalSubmissions: 3 });
    const { answered, direct } = await everyComparison();
    expect(answered).toEqual(direct);
  });

  it('returns to the same aggregates when the same submissions are stored again and deleted', async () => {
    const before = await aggregatesAndRows(app.db);
    const again = [
      await submitAs(app, { employee_count: '', managed_companies: '26-50' }, mixed(3)),
      await submitAs(app, { employee_count: '11-25', managed_companies: '26-50' }, 1),
    ];
    const during = await aggregatesAndRows(app.db);
    expect(during.kept).toEqual(during.counted);
    expect(during.kept).not.toEqual(before.kept);
    for (const id of again) expect((await remove(id)).status).toBe(200);
    expect(await aggregatesAndRows(app.db)).toEqual(before);
  });
});

describe.each(testDatabaseKinds)('peer comparison privacy on $name', (kind) => {
  let app: TestApp;
  afterAll(() => app?.close());

  it('sends no figures until three other submissions exist, whichever group they are in', async () => {
    app = await startTestApp(kind);
    const sameSize = { employee_count: '11-25', managed_companies: '26-50' };
    const compare = async (id: string) =>
      (await app.request<ComparisonResponse>({ url: `/api/assessment/comparison/${id}` })).body;
    const visitor = await submitAs(app, sameSize, 1);
    expect(await compare(visitor)).toEqual({ basis: null });

    // Each peer answers differently, so any average over one or two of them would give their levels away.
    const peerMaturity = [3, 0, 2];
    for (const [index, maturity] of peerMaturity.entries()) {
      await submitAs(app, sameSize, maturity);
      const peers = index + 1;
      const comparison = await compare(visitor);
      if (peers < 3) {
        expect(comparison, `${peers} peer(s)`).toEqual({ basis: null });
      } else {
        expect(comparison).toMatchObject({ basis: 'employees_and_companies', totalSubmissions: 3 });
        // The figures are the three others': the visitor's own level 1 is nobody's among them.
        if (comparison.basis === null) throw new Error('no comparison');
        expect(comparison.distribution.find((d) => d.level === 1)!.percentage).toBe(0);
        expect(comparison.distribution.filter((d) => d.percentage > 0).map((d) => d.level)).toEqual([
          0, 2, 3,
        ]);
      }
    }
  });

  it('does not fall back to everyone when everyone is fewer than four', async () => {
    const other = await startTestApp(kind);
    try {
      const first = await submitAs(other, { employee_count: '1-5', managed_companies: '1-10' }, 0);
      await submitAs(other, { employee_count: '101+', managed_companies: '251+' }, 3);
      await submitAs(other, { employee_count: '26-50', managed_companies: '51-100' }, 2);
      const response = await other.request<ComparisonResponse>({
        url: `/api/assessment/comparison/${first}`,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ basis: null });
    } finally {
      await other.close();
    }
  });
});
