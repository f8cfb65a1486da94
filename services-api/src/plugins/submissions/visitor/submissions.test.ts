import type {
  ComparisonResponse,
  PeerComparison,
  ErrorBody,
  PublicQuestion,
  ResultsResponse,
  SubmitRequest,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '../../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

type Pick = 'first' | 'last' | ((answers: PublicQuestion['answers']) => number);

/** One answer per active question: the first (least mature) or last (most mature) by order. */
function answersFor(questions: PublicQuestion[], pick: Pick): SubmitRequest['answers'] {
  return questions.map((q) => {
    const sorted = [...q.answers].sort((a, b) => a.order - b.order);
    const answerId =
      pick === 'first' ? sorted[0]!.id : pick === 'last' ? sorted[sorted.length - 1]!.id : pick(sorted);
    return { questionId: q.id, answerId };
  });
}

describe.each(testDatabaseKinds)('assessment on $name', (kind) => {
  let app: TestApp;
  let questions: PublicQuestion[];

  const submit = (body: unknown, remoteAddress = '203.0.113.7') =>
    app.request<{ submissionId: string } & ErrorBody>({
      method: 'POST',
      url: '/api/assessment/submit',
      payload: body as object,
      remoteAddress,
    });
  const counts = async () => {
    const [s, a] = await Promise.all(
      ['submissions', 'submission_pillar_scores'].map((t) =>
        app.db(t).count<{ count: string }[]>({ count: '*' }),
      ),
    );
    return [s, a].map((rows) => Number(rows![0]!.count));
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
  });
  afterAll(() => app?.close());

  describe('submit', () => {
    it('scores and stores a complete submission with the client address', async () => {
      const { status, body } = await submit({
        demographicData: person,
        answers: answersFor(questions, 'last'),
      });
      expect(status).toBe(201);
      expect(body.submissionId).toMatch(/^[0-9a-f-]{36}$/);
      const row = await app.db('submissions').where({ id: body.submissionId }).first();
      expect(row).toMatchObject({
        ip_address: '203.0.113.7',
        email: 'dana@northwind-it.example',
        employee_count: '11-25',
        managed_companies: '26-50',
        overall_level: 3,
      });
      expect(Number(row.cumulative_average)).toBe(100);
      expect(row.answers).toHaveLength(questions.length);
      expect(row.answers[0]).toMatchObject({
        questionId: questions[0]!.id,
        questionText: expect.any(String),
        answerText: expect.any(String),
        maxima: expect.any(Array),
      });
    });

    it('scores the least mature answers as level 0 everywhere', async () => {
      const { body } = await submit({ demographicData: person, answers: answersFor(questions, 'first') });
      const scores = await app.db('submission_pillar_scores').where({ submission_id: body.submissionId });
      expect(scores).toHaveLength(6);
      expect(scores.every((s: { level: number; points: number }) => s.level === 0 && s.points === 0)).toBe(
        true,
      );
    });

    const badCases: [string, () => unknown, string][] = [
      [
        'an unknown question',
        () => ({
          demographicData: person,
          answers: [...answersFor(questions, 'last'), { questionId: 999999, answerId: 1 }],
        }),
        'answers.',
      ],
      [
        'an answer of another question',
        () => {
          const answers = answersFor(questions, 'last');
          answers[0] = { questionId: questions[0]!.id, answerId: questions[1]!.answers[0]!.id };
          return { demographicData: person, answers };
        },
        'answers.0.answerId',
      ],
      [
        'the same question twice',
        () => {
          const answers = answersFor(questions, 'last');
          return { demographicData: person, answers: [...answers, answers[0]] };
        },
        '.questionId',
      ],
      [
        'an unanswered question',
        () => ({ demographicData: person, answers: answersFor(questions, 'last').slice(1) }),
        'answers',
      ],
      [
        'a missing required field',
        () => ({ demographicData: { ...person, company: '' }, answers: answersFor(questions, 'last') }),
        'demographicData.company',
      ],
      [
        'an invalid email',
        () => ({
          demographicData: { ...person, email_address: 'dana-at-northwind' },
          answers: answersFor(questions, 'last'),
        }),
        'demographicData.email_address',
      ],
      [
        'an unknown demographic key',
        () => ({
          demographicData: { ...person, favourite_colour: 'blue' },
          answers: answersFor(questions, 'last'),
        }),
        'demographicData.favourite_colour',
      ],
      [
        'a value outside a select field',
        () => ({
          demographicData: { ...person, employee_count: 'a million' },
          answers: answersFor(questions, 'last'),
        }),
        'demographicData.employee_count',
      ],
      [
        'an oversized string',
        () => ({
          demographicData: { ...person, company: 'x'.repeat(501) },
          answers: answersFor(questions, 'last'),
        }),
        'demographicData.company',
      ],
      [
        'a non-numeric id',
        () => ({ demographicData: person, answers: [{ questionId: 'one', answerId: 1 }] }),
        'answers.0.questionId',
      ],
      ['no answers list', () => ({ demographicData: person }), 'answers'],
      ['an extra top-level key', () => ({ demographicData: person, answers: [], admin: true }), 'body'],
      ['a body that is not an object', () => [1, 2, 3], 'body'],
    ];

    it.each(badCases)(
      'refuses %s with a 400 naming the field, writing nothing',
      async (_name, makeBody, field) => {
        const before = await counts();
        const { status, body } = await submit(makeBody());
        expect(status).toBe(400);
        expect(body.field).toContain(field);
        expect(body.message).toContain(body.field!);
        expect(await counts()).toEqual(before);
      },
    );

    it('names the label in a missing-field message, as the form does', async () => {
      const { body } = await submit({
        demographicData: { ...person, first_name: ' ' },
        answers: answersFor(questions, 'last'),
      });
      expect(body.message).toBe('demographicData.first_name: First Name is required');
    });

    it('refuses malformed JSON and an empty body without writing', async () => {
      const before = await counts();
      const malformed = await app.server.inject({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: '{"demographicData":',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.statusCode).toBe(400);
      const empty = await app.server.inject({ method: 'POST', url: '/api/assessment/submit' });
      expect(empty.statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it('accepts a bot-filled honeypot without storing it', async () => {
      const before = await counts();
      const { status } = await submit({
        demographicData: person,
        answers: answersFor(questions, 'last'),
        website: 'https://spam.example',
      });
      expect(status).toBe(201);
      expect(await counts()).toEqual(before);
    });
  });

  describe('results', () => {
    it('answers scores per pillar, the banner level and a grounded analysis, queued with the submission', async () => {
      // Most mature on even questions, least mature on odd ones: a mixed, realistic profile.
      let i = 0;
      const answers = answersFor(questions, (sorted) => sorted[i++ % 2 === 0 ? 3 : 1]!.id);
      const { body: created } = await submit({ demographicData: person, answers });
      // The analysis job was written by the same statement as the submission.
      expect(
        await app.db('jobs').where({ submission_id: created.submissionId, kind: 'analysis' }),
      ).toHaveLength(1);

      const { status, body } = await app.request<ResultsResponse>({
        url: `/api/assessment/results/${created.submissionId}`,
      });
      expect(status).toBe(200);
      expect(body.pillarScores.map((s) => s.pillarName)).toEqual([
        'Expertise',
        'Processes',
        'Alignment',
        'Leadership',
        'Tooling',
        'KPIs',
      ]);
      for (const s of body.pillarScores) {
        expect(s.score).toBeGreaterThanOrEqual(0);
        expect(s.score).toBeLessThanOrEqual(3);
        expect(s.normalizedScore).toBeGreaterThanOrEqual(0);
        expect(s.normalizedScore).toBeLessThanOrEqual(1);
      }
      const mean = body.pillarScores.reduce((sum, s) => sum + s.score, 0) / body.pillarScores.length;
      expect(body.overallLevel).toBe(Math.round(mean));
      expect(body.submission.demographicData.company).toBe('Northwind IT');
      expect(body.analysis.summary).toContain('Northwind IT');
      expect(body.analysis.recommendations).toHaveLength(3);
      expect(body.analysis.recommendations.map((r) => r.emoji)).toEqual(['🎯', '🚀', '⭐']);

      // The weakest pillar is the first recommendation, grounded in its next matrix level.
      const weakest = [...body.pillarScores].sort((a, b) => a.normalizedScore - b.normalizedScore)[0]!;
      const first = body.analysis.recommendations[0]!;
      expect(first.title).toContain(weakest.pillarName);
      if (weakest.score < 3) {
        const next = await app
          .db('matrix_cells')
          .where({ pillar_id: weakest.pillarId, level: weakest.score + 1 })
          .first();
        expect(first.description).toContain(next.short_description.replace(/\.$/, ''));
      }

      const stored = await app.db('submissions').where({ id: created.submissionId }).first();
      expect(stored.ai_analysis).toMatchObject({ source: 'builtin', summary: body.analysis.summary });
      const again = await app.request<ResultsResponse>({
        url: `/api/assessment/results/${created.submissionId}`,
      });
      expect(again.body.analysis).toEqual(body.analysis);
    });

    it('writes one analysis for concurrent first views', async () => {
      const { body: created } = await submit({
        demographicData: person,
        answers: answersFor(questions, 'last'),
      });
      const views = await Promise.all(
        Array.from({ length: 5 }, () =>
          app.request<ResultsResponse>({ url: `/api/assessment/results/${created.submissionId}` }),
        ),
      );
      const generatedAt = new Set(views.map((v) => v.body.submission.aiAnalysis?.generatedAt));
      expect(generatedAt.size).toBe(1);
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', "'; drop table submissions; --"])(
      'answers 404 for the unknown or malformed id %s',
      async (id) => {
        const { status } = await app.request({ url: `/api/assessment/results/${encodeURIComponent(id)}` });
        expect(status).toBe(404);
        const comparison = await app.request({ url: `/api/assessment/comparison/${encodeURIComponent(id)}` });
        expect(comparison.status).toBe(404);
      },
    );
  });

  describe('comparison', () => {
    it('compares with MSPs of the same size once three others exist, leaving the visitor out', async () => {
      const group = { ...person, employee_count: '51-100', managed_companies: '101-250' };
      const { body: lone } = await submit({ demographicData: group, answers: answersFor(questions, 'last') });
      const first = await app.request<ComparisonResponse>({
        url: `/api/assessment/comparison/${lone.submissionId}`,
      });
      // Too few alike: widened to one of the two answers, then to everyone.
      expect(first.body.basis).not.toBe('employees_and_companies');

      await submit({ demographicData: group, answers: answersFor(questions, 'first') });
      await submit({ demographicData: group, answers: answersFor(questions, 'first') });
      const { body: fourth } = await submit({
        demographicData: group,
        answers: answersFor(questions, 'first'),
      });
      const { status, body } = await app.request<PeerComparison>({
        url: `/api/assessment/comparison/${fourth.submissionId}`,
      });
      expect(status).toBe(200);
      expect(body.basis).toBe('employees_and_companies');
      // The three others: overall levels 3, 0 and 0; the visitor's own 0 is not among them.
      expect(body.totalSubmissions).toBe(3);
      expect(body.avgMaturityLevel).toBe(1);
      expect(body.distribution).toEqual([
        { level: 0, percentage: 66.7 },
        { level: 1, percentage: 0 },
        { level: 2, percentage: 0 },
        { level: 3, percentage: 33.3 },
      ]);
      expect(body.avgPillarScores).toHaveLength(6);
      for (const p of body.avgPillarScores) expect(p.avgScore).toBeCloseTo(1 / 3, 3);
    });

    it('widens to one shared answer before everyone', async () => {
      const { body: created } = await submit({
        demographicData: { ...person, employee_count: '11-25', managed_companies: '251+' },
        answers: answersFor(questions, 'last'),
      });
      const { body } = await app.request<PeerComparison>({
        url: `/api/assessment/comparison/${created.submissionId}`,
      });
      // Earlier tests stored several 11-25 submissions, none managing over 250.
      expect(body.basis).toBe('employees');
      const alike = await app
        .db('submissions')
        .where({ employee_count: '11-25' })
        .count<{ count: string }[]>({ count: '*' });
      // Every other one: the visitor's own is not a peer.
      expect(body.totalSubmissions).toBe(Number(alike[0]!.count) - 1);
    });
  });
});

describe.each(testDatabaseKinds)('frozen results on $name', (kind) => {
  it('keeps old results when content is edited or deleted afterwards', async () => {
    const app = await startTestApp(kind);
    try {
      const questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
      const created = await app.request<{ submissionId: string }>({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: { demographicData: person, answers: answersFor(questions, 'last') },
      });
      const url = `/api/assessment/results/${created.body.submissionId}`;
      const before = await app.request<ResultsResponse>({ url });

      await app.db.transaction(async (trx) => {
        await trx('pillars').where({ name: 'Expertise' }).update({ name: 'Know-how' });
        await trx('point_allocations').update({ points: 0 });
        await trx('answers').update({ text: 'changed' });
        await trx('questions').where({ id: questions[0]!.id }).delete();
      });
      app.server.app.ctx.cache.invalidate();

      const after = await app.request<ResultsResponse>({ url });
      expect(after.body.pillarScores).toEqual(before.body.pillarScores);
      expect(after.body.pillarScores[0]!.pillarName).toBe('Expertise');
      const { answers } = await app.db('submissions').where({ id: created.body.submissionId }).first();
      expect(answers).toHaveLength(questions.length);
      expect(answers.some((a: { answerText: string }) => a.answerText === 'changed')).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('submit rate limit', () => {
  it('refuses a client over the per-minute limit with 429 and Retry-After', async () => {
    const app = await startTestApp(testDatabaseKinds[0]!, { config: { submitRateLimitPerMinute: 2 } });
    try {
      const questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
      const payload = { demographicData: person, answers: answersFor(questions, 'last') };
      const send = (remoteAddress: string) =>
        app.server.inject({ method: 'POST', url: '/api/assessment/submit', payload, remoteAddress });
      expect((await send('198.51.100.1')).statusCode).toBe(201);
      expect((await send('198.51.100.1')).statusCode).toBe(201);
      const limited = await send('198.51.100.1');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not affected.
      expect((await send('198.51.100.2')).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });
});
