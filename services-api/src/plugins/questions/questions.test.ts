import type { AdminQuestion, Pillar } from '@msp/shared';
import { describe, expect, it } from 'vitest';
import { adminContentApp, questionBody } from '../../test/content-admin.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('content management on $name', (kind) => {
  const admin = adminContentApp(kind);
  const { call, publicQuestions, expectRefused } = admin;

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
      expect(await admin.app.db('answers').whereIn('id', old)).toHaveLength(0);
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
});
