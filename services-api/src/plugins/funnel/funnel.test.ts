import type { Funnel, PublicQuestion } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { splitRange } from './funnel-service.js';

const kind = testDatabaseKinds[0]!;

describe('the funnel', () => {
  let app: TestApp;
  let admin: Record<string, string>;
  let readKey: Record<string, string>;
  let questions: PublicQuestion[];

  beforeAll(async () => {
    app = await startTestApp(kind, { jobs: { run: false } });
    admin = (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
      .headers;
    readKey = bearer((await createTestApiKey(app, 'read')).token);
    questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
  });
  afterAll(() => app?.close());

  const send = (payload: unknown, contentType = 'text/plain;charset=UTF-8', remoteAddress = '203.0.113.7') =>
    app.server.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      remoteAddress,
    });

  const funnel = async (query = '') => {
    const response = await app.request<Funnel>({
      url: `/api/admin/analytics/funnel${query}`,
      headers: admin,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const visits = (figures: Funnel, id: string) => figures.steps.find((step) => step.id === id)?.visits;

  it('counts what the pages send, once per event, by step, position, question and source', async () => {
    const [first, second] = questions;
    const visit = async (source: string | undefined, leaveAfter: number) => {
      const base = source === undefined ? {} : { source };
      const events: unknown[] = [
        { step: 'landing', ...base },
        { step: 'started', ...base },
        { step: 'demographics', ...base },
        {
          step: 'question',
          questionId: first!.id,
          position: 1,
          left: { step: 'demographics', ms: 40_000 },
          ...base,
        },
        {
          step: 'question',
          questionId: second!.id,
          position: 2,
          left: { step: 'question', questionId: first!.id, ms: 3_000 },
          ...base,
        },
        { step: 'submitted', left: { step: 'question', questionId: second!.id, ms: 20_000 }, ...base },
        { step: 'results', ...base },
      ];
      for (const event of events.slice(0, leaveAfter)) {
        // A beacon's string (text/plain) and a JSON Blob (application/json) are both read.
        const response = await send(event, leaveAfter % 2 ? 'text/plain;charset=UTF-8' : 'application/json');
        expect(response.statusCode, response.payload).toBe(202);
        expect(JSON.parse(response.payload)).toEqual({ accepted: true });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    };
    await visit('NewsLetter', 7);
    await visit(' newsletter ', 5);
    await visit(undefined, 4);
    await visit('', 7);

    const figures = await funnel();
    const today = new Date().toISOString().slice(0, 10);
    expect(figures.to).toBe(today);
    expect(figures.source).toBeNull();
    expect(figures.steps.map((step) => [step.id, step.visits])).toEqual([
      ['landing', 4],
      ['started', 4],
      ['demographics', 4],
      ['question-1', 4],
      ['question-2', 3],
      ['submitted', 2],
      ['results', 2],
    ]);
    expect(figures.steps.find((step) => step.id === 'submitted')).toMatchObject({
      dropOff: 1,
      dropOffRate: 33.3,
    });
    expect(figures.conversionRate).toBe(50);
    expect(figures.completionRate).toBe(50);
    expect(figures.sources).toEqual([
      { source: '(direct)', visits: 2 },
      { source: 'newsletter', visits: 2 },
    ]);
    expect(figures.demographicsMedianTime).toEqual({ fromSeconds: 30, toSeconds: 60 });
    expect(figures.questions).toEqual([
      {
        questionKey: expect.any(String),
        questionId: first!.id,
        text: first!.text,
        shown: 4,
        movedOn: 3,
        leftHere: 1,
        leftRate: 25,
        medianTime: { fromSeconds: 0, toSeconds: 5 },
      },
      {
        questionKey: expect.any(String),
        questionId: second!.id,
        text: second!.text,
        shown: 3,
        movedOn: 2,
        leftHere: 1,
        leftRate: 33.3,
        medianTime: { fromSeconds: 15, toSeconds: 30 },
      },
    ]);

    const newsletter = await funnel('?source=NEWSLETTER');
    expect(newsletter.source).toBe('newsletter');
    expect(visits(newsletter, 'question-2')).toBe(2);
    expect(visits(newsletter, 'results')).toBe(1);
    expect(visits(await funnel('?source=(direct)'), 'landing')).toBe(2);
    // Outside the range, nothing.
    const past = await funnel('?from=2020-01-01&to=2020-01-31');
    expect(past.steps.every((step) => step.visits === 0)).toBe(true);
    expect(past.questions).toEqual([]);
    expect(past.conversionRate).toBeNull();

    // A whole month is read from the monthly counts, kept by the same writes.
    const month = today.slice(0, 7);
    const next = new Date(`${month}-01T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const lastDay = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
    const wholeMonth = await funnel(`?from=${month}-01&to=${lastDay}`);
    expect(wholeMonth.steps).toEqual(figures.steps);
    expect(wholeMonth.questions).toEqual(figures.questions);
    expect(wholeMonth.sources).toEqual(figures.sources);

    // The key API answers the same figures.
    const v1 = await app.request<Funnel>({ url: '/api/v1/analytics/funnel', headers: readKey });
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual(figures);
  });

  it('refuses forged events with a 400 naming the field, and counts none of them', async () => {
    const before = await funnel();
    const submissions = await app.db('submissions').count<{ count: string }[]>({ count: '*' });
    const question = questions[0]!;
    const forged: [unknown, string][] = [
      [{ step: 'checkout' }, 'step'],
      [{ step: 'question', position: 1 }, 'questionId'],
      [{ step: 'question', questionId: question.id }, 'position'],
      [{ step: 'question', questionId: 999_999, position: 1 }, 'questionId'],
      [{ step: 'question', questionId: question.id, position: 501 }, 'position'],
      [{ step: 'question', questionId: question.id, position: 1.5 }, 'position'],
      [{ step: 'landing', position: 3 }, 'position'],
      [{ step: 'landing', source: 42 }, 'source'],
      [{ step: 'landing', source: 'x'.repeat(201) }, 'source'],
      [{ step: 'results', left: { step: 'demographics', ms: 86_400_001 } }, 'left.ms'],
      [{ step: 'results', left: { step: 'demographics', ms: -1 } }, 'left.ms'],
      [{ step: 'results', left: { step: 'demographics', ms: '5000' } }, 'left.ms'],
      [{ step: 'results', left: { step: 'question', ms: 5000 } }, 'left.questionId'],
      [{ step: 'results', left: { step: 'question', questionId: 999_999, ms: 5000 } }, 'left.questionId'],
      [{ step: 'results', left: { step: 'landing', ms: 5000 } }, 'left.step'],
      [{ step: 'landing', visitId: 'abc' }, ''],
      [{ step: 'landing', submissionId: '2f1f6d0e-3f7a-4c55-9d0b-5f0c1c1e9a11', overallLevel: 3 }, ''],
      [[{ step: 'landing' }], ''],
      ['{"step":', 'body'],
    ];
    for (const [payload, field] of forged) {
      const response = await send(payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.payload}`).toBe(400);
      if (field) expect(JSON.parse(response.payload).field, JSON.stringify(payload)).toBe(field);
    }
    // Too large for a beacon, and not a type a beacon sends.
    expect((await send({ step: 'landing', source: 'x'.repeat(4000) })).statusCode).toBe(413);
    expect((await send('step=landing', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await send({ step: 'landing' }, 'multipart/form-data; boundary=x')).statusCode).toBe(415);

    expect(await funnel()).toEqual(before);
    expect(await app.db('submissions').count<{ count: string }[]>({ count: '*' })).toEqual(submissions);
  });

  it('answers a 400 naming the field for a bad range, and only to an admin or a read key', async () => {
    const bad = async (query: string, field: string) => {
      const response = await app.request<{ field: string }>({
        url: `/api/admin/analytics/funnel?${query}`,
        headers: admin,
      });
      expect(response.status, query).toBe(400);
      expect(response.body.field).toBe(`query.${field}`);
      const v1 = await app.request<{ field: string }>({
        url: `/api/v1/analytics/funnel?${query}`,
        headers: readKey,
      });
      expect(v1.status, query).toBe(400);
    };
    await bad('from=2026-02-30', 'from');
    await bad('from=yesterday', 'from');
    await bad('to=2026-13-01', 'to');
    await bad('from=2026-11-10&to=2026-11-01', 'to');
    await bad('from=2020-01-01&to=2026-01-01', 'to');
    // Days the database or the day arithmetic cannot take, at either end, alone or with the other.
    for (const day of ['0000-01-01', '9999-12-31']) {
      await bad(`from=${day}`, 'from');
      await bad(`to=${day}`, 'to');
      await bad(`from=${day}&to=2026-01-01`, 'from');
      await bad(`from=2026-01-01&to=${day}`, 'to');
    }
    await bad(`source=${'x'.repeat(201)}`, 'source');
    expect((await app.request({ url: '/api/admin/analytics/funnel' })).status).toBe(401);
    expect((await app.request({ url: '/api/v1/analytics/funnel' })).status).toBe(401);
    expect((await app.request({ url: '/api/v1/analytics/funnel', headers: admin })).status).toBe(401);
    // From alone: the 30 days from it.
    const from = await funnel('?from=2024-02-01');
    expect([from.from, from.to]).toEqual(['2024-02-01', '2024-03-01']);
    // At the first and last day there is: the range stops there.
    const first = await funnel('?to=0001-01-01');
    expect([first.from, first.to]).toEqual(['0001-01-01', '0001-01-01']);
    const last = await funnel('?from=9999-12-30');
    expect([last.from, last.to]).toEqual(['9999-12-30', '9999-12-30']);
  });
});

describe('the funnel under a flood and at a stop', () => {
  it('refuses an address over its allowance with 429, and no other address', async () => {
    const app = await startTestApp(kind, { jobs: { run: false }, config: { eventRateLimitPerMinute: 3 } });
    try {
      const send = (remoteAddress: string) =>
        app.server.inject({
          method: 'POST',
          url: '/api/events',
          payload: { step: 'landing' },
          remoteAddress,
        });
      for (let index = 0; index < 3; index += 1) expect((await send('198.51.100.9')).statusCode).toBe(202);
      const limited = await send('198.51.100.9');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send('198.51.100.10')).statusCode).toBe(202);
      await app.server.stop();
      const rows = await app
        .db('funnel_daily')
        .where({ step: 'landing' })
        .select<{ visits: number }[]>('visits');
      expect(rows.reduce((sum, row) => sum + row.visits, 0)).toBe(4);
    } finally {
      await app.close();
    }
  });

  it('writes every event it answered before the server stops, and keeps no visitor in its rows', async () => {
    const app = await startTestApp(kind, { jobs: { run: false } });
    try {
      const sent = 250;
      await Promise.all(
        Array.from({ length: sent }, (_, index) =>
          app.server.inject({
            method: 'POST',
            url: '/api/events',
            payload: { step: index % 2 ? 'landing' : 'started', source: `campaign-${index % 5}` },
            remoteAddress: `192.0.2.${index % 200}`,
          }),
        ),
      );
      await app.server.stop();
      const rows = await app.db('funnel_daily').select('*');
      expect(rows.reduce((sum, row: { visits: number }) => sum + row.visits, 0)).toBe(sent);
      expect(Object.keys(rows[0]!).sort()).toEqual(
        ['day', 'detail', 'source', 'step', 'visits', 't0', 't1', 't2', 't3', 't4', 't5', 't6'].sort(),
      );
      expect(JSON.stringify(rows)).not.toContain('192.0.2.');
    } finally {
      await app.close();
    }
  });
});

describe('a range as the funnel reads it', () => {
  it('reads whole months from the monthly counts and the days at either end from the daily ones', () => {
    expect(splitRange('2026-11-01', '2026-11-30')).toEqual({
      months: ['2026-11-01', '2026-11-01'],
      days: [],
    });
    expect(splitRange('2026-11-05', '2026-11-20')).toEqual({
      months: null,
      days: [['2026-11-05', '2026-11-20']],
    });
    expect(splitRange('2026-10-15', '2026-12-10')).toEqual({
      months: ['2026-11-01', '2026-11-01'],
      days: [
        ['2026-10-15', '2026-10-31'],
        ['2026-12-01', '2026-12-10'],
      ],
    });
    expect(splitRange('2024-02-01', '2024-02-29')).toEqual({
      months: ['2024-02-01', '2024-02-01'],
      days: [],
    });
    expect(splitRange('2024-11-28', '2026-11-27')).toEqual({
      months: ['2024-12-01', '2026-10-01'],
      days: [
        ['2024-11-28', '2024-11-30'],
        ['2026-11-01', '2026-11-27'],
      ],
    });
    expect(splitRange('2026-10-31', '2026-11-01')).toEqual({
      months: null,
      days: [['2026-10-31', '2026-11-01']],
    });
    // No month of year 10000 and none of year 0 is asked for.
    expect(splitRange('9999-12-02', '9999-12-30')).toEqual({
      months: null,
      days: [['9999-12-02', '9999-12-30']],
    });
    expect(splitRange('9999-10-15', '9999-12-30')).toEqual({
      months: ['9999-11-01', '9999-11-01'],
      days: [
        ['9999-10-15', '9999-10-31'],
        ['9999-12-01', '9999-12-30'],
      ],
    });
    expect(splitRange('0001-01-01', '0001-01-30')).toEqual({
      months: null,
      days: [['0001-01-01', '0001-01-30']],
    });
  });
});
