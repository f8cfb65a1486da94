import type { ErrorBody, PublicQuestion } from '@msp/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from './auth-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';
import type { TestDatabaseKind } from './test-database.js';

/** An error answer, with room for what a test reads off a success. */
export type Body = ErrorBody & Record<string, unknown>;

export { person } from './fixtures.js';

export type QuestionBody = {
  question: { text: string; pillarId: number; order: number; isActive: boolean };
  answers: {
    answer: { text: string; description: string | null; order: number };
    pointAllocations: { pillarId: number; points: number }[];
  }[];
};

/** Every table an administrator's content write may touch. */
const CONTENT_TABLES = [
  'pillars',
  'questions',
  'answers',
  'point_allocations',
  'demographic_fields',
  'consent_statements',
  'matrix_cells',
  'email_templates',
];

/** A two-answer question for the given pillar, as the admin form sends it. */
export const questionBody = (
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

/**
 * The real server on a fresh seeded database with a signed-in approved admin, for the content
 * management tests of one resource. Registers its own beforeAll and afterAll in the calling describe.
 */
export function adminContentApp(kind: TestDatabaseKind) {
  let app: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(() => app?.close());

  const call = <T = Body>(method: string, url: string, payload?: unknown) =>
    app.request<T>({ method, url, payload: payload as object, headers: admin.headers });
  const count = async (table: string) =>
    Number((await app.db(table).count<{ c: string }[]>({ c: '*' }))[0]!.c);

  return {
    get app() {
      return app;
    },
    call,
    count,
    publicQuestions: async () =>
      (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body,
    /** Runs a request that must fail with 400 naming `field`, and checks that no table changed. */
    async expectRefused(method: string, url: string, payload: unknown, field: string, message?: string) {
      const before = await Promise.all(CONTENT_TABLES.map(count));
      const { status, body } = await call(method, url, payload);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.field).toBe(field);
      if (message) expect(body.message).toBe(`${field}: ${message}`);
      expect(await Promise.all(CONTENT_TABLES.map(count))).toEqual(before);
    },
  };
}
