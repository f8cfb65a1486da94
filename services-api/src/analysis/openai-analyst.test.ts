import fs from 'node:fs';
import { ContentDocument, type Analysis, type PublicMatrixCell } from '@msp/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { person } from '../test/fixtures.js';
import { startOpenAIServer, TEST_MODEL_ANSWER, type TestOpenAIServer } from '../test/openai-server.js';
import type { AnalysisInput } from './analyst.js';
import { BuiltinAnalyst } from './builtin-analyst.js';
import { withFallback } from './fallback-analyst.js';
import { createAnalyst } from './index.js';
import { OpenAIAnalyst } from './openai-analyst.js';

const API_KEY = 'sk-test-the-key-that-must-never-be-logged';
const MODEL = 'gpt-4o-mini';

/** The shipped pillars and matrix, with the ids a database would give them (in order, from 1). */
const content = ContentDocument.parse(
  JSON.parse(fs.readFileSync(new URL('../db/seeds/content.json', import.meta.url), 'utf8')),
);
const pillarIds = new Map(content.pillars.map((p, index) => [p.ref, index + 1]));
const pillarNames = new Map(content.pillars.map((p) => [p.ref, p.name]));
const matrixCells: PublicMatrixCell[] = content.matrixCells.map((cell, index) => ({
  id: index + 1,
  pillarId: pillarIds.get(cell.pillarRef)!,
  level: cell.level,
  shortDescription: cell.shortDescription,
  detailedContent: cell.detailedContent,
  requirements: cell.requirements ?? null,
  examples: cell.examples ?? null,
  metrics: cell.metrics ?? null,
  nextSteps: cell.nextSteps ?? null,
  pillar: { id: pillarIds.get(cell.pillarRef)!, name: pillarNames.get(cell.pillarRef)! },
}));
const cellOf = (ref: string, level: number) =>
  matrixCells.find((c) => c.pillarId === pillarIds.get(ref) && c.level === level)!;

/** A small MSP with working tooling but little process: the weakest pillars are KPIs, Processes, Expertise. */
const scores: [ref: string, level: number, percentage: number][] = [
  ['expertise', 1, 35],
  ['processes', 0, 15],
  ['alignment', 1, 42],
  ['leadership', 2, 61],
  ['tooling', 2, 78],
  ['kpis', 0, 8],
];
const demographicData = { ...person, role: 'Owner / CEO', phone: '+1 555 0142 9981' };
const input: AnalysisInput = {
  overallLevel: 1,
  pillarScores: scores.map(([ref, level, percentage]) => ({
    pillarId: pillarIds.get(ref)!,
    pillarName: pillarNames.get(ref)!,
    level,
    percentage,
  })),
  matrixCells,
  demographicData,
};
const builtin = new BuiltinAnalyst().write(input);

describe('the model analyst', () => {
  let peer: TestOpenAIServer;
  let logged = '';
  const logger = createLogger('warn', { write: (line: string) => void (logged += line) });
  const analystFor = (timeoutMs?: number) =>
    withFallback(
      new OpenAIAnalyst({ apiKey: API_KEY, baseUrl: peer.baseUrl, model: MODEL, timeoutMs }),
      new BuiltinAnalyst(),
      logger,
    );
  const messages = (index = 0) =>
    (peer.requests[index]!.body as { messages: { role: string; content: string }[] }).messages;

  beforeAll(async () => {
    peer = await startOpenAIServer();
  });
  afterAll(() => peer?.close());
  beforeEach(() => {
    peer.setMode('succeed');
    peer.requests.length = 0;
    logged = '';
  });

  it("stores the model's answer as it came, signed with the model's name", async () => {
    const outcome = await analystFor().analyze(input);

    expect(outcome).toEqual({ ...TEST_MODEL_ANSWER, source: `openai:${MODEL}`, language: 'en' });
    expect(peer.requests).toHaveLength(1);
    const [request] = peer.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.body).toMatchObject({
      model: MODEL,
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'maturity_analysis',
          strict: true,
          schema: { type: 'object', required: ['summary', 'recommendations'], additionalProperties: false },
        },
      },
    });
    expect(logged).toBe('');
  });

  it('asks as an MSP automation expert, grounded in the levels and the next level of the weakest pillars', async () => {
    await analystFor().analyze(input);

    const [system, user] = messages();
    expect(system!.role).toBe('system');
    expect(system!.content).toMatch(/PSA and RMM/);
    expect(system!.content).toMatch(/3 to 5 sentences/);
    expect(user!.role).toBe('user');
    expect(user!.content).toContain('Overall level: Level 1: Some');
    for (const [ref, level, percentage] of scores) {
      expect(user!.content).toContain(`${pillarNames.get(ref)}: Level ${level}: `);
      expect(user!.content).toContain(`${percentage}%`);
    }
    // The three weakest: the next level's description and requirements, the current level's next steps.
    for (const [ref, level] of [
      ['kpis', 0],
      ['processes', 0],
      ['expertise', 1],
    ] as const) {
      const next = cellOf(ref, level + 1);
      expect(user!.content).toContain(next.shortDescription);
      expect(user!.content).toContain(next.detailedContent);
      expect(user!.content).toContain(next.requirements);
      expect(user!.content).toContain(cellOf(ref, level).nextSteps);
    }
    // Stronger pillars are scored, not detailed.
    expect(user!.content).not.toContain(cellOf('tooling', 3).shortDescription);
  });

  it('sends nothing the visitor said about themselves', async () => {
    await analystFor().analyze(input);

    const sent = JSON.stringify({ headers: peer.requests[0]!.headers, body: peer.requests[0]!.rawBody });
    for (const value of ['Dana', 'Reyes', 'dana@northwind-it.example', 'northwind', '555 0142']) {
      expect(sent.toLowerCase()).not.toContain(value.toLowerCase());
    }
  });

  it('keeps the first three recommendations when the model gives more', async () => {
    const answer: Analysis = {
      ...TEST_MODEL_ANSWER,
      recommendations: [
        ...TEST_MODEL_ANSWER.recommendations,
        { emoji: '🔁', title: 'Review automation quarterly', description: 'Put it on the QBR agenda.' },
      ],
    };
    peer.setMode('succeed', { answer });

    const outcome = await analystFor().analyze(input);

    expect(outcome.recommendations).toEqual(TEST_MODEL_ANSWER.recommendations);
    expect(outcome.source).toBe(`openai:${MODEL}`);
  });

  it.each([
    ['fail', {}, 'model answered 500'],
    ['fail', { status: 429 }, 'model answered 429'],
    ['invalid-json', {}, 'model answer was not JSON'],
    ['wrong-shape', {}, 'model answer did not match the schema'],
    ['refuse', {}, 'model refused to answer'],
  ] as const)('falls back to the built-in analysis when the model %s %j', async (mode, options, reason) => {
    peer.setMode(mode, options);

    const outcome = await analystFor().analyze(input);

    expect(outcome).toEqual({ ...builtin, source: 'builtin', language: 'en', fallbackReason: reason });
    expect(peer.requests).toHaveLength(1); // no SDK retries
    const warning = JSON.parse(logged.trim()) as Record<string, unknown>;
    expect(warning).toMatchObject({ level: 40, analyst: `openai:${MODEL}`, fallbackReason: reason });
    expect(logged).not.toContain(API_KEY);
    expect(logged).not.toContain('Reyes');
    expect(logged).not.toContain('Northwind');
  });

  it.each([
    ['an empty summary', { ...TEST_MODEL_ANSWER, summary: '  ' }],
    ['an over-long summary', { ...TEST_MODEL_ANSWER, summary: 'Automate. '.repeat(300) }],
    ['no recommendation', { ...TEST_MODEL_ANSWER, recommendations: [] }],
    [
      'a word for an emoji',
      {
        ...TEST_MODEL_ANSWER,
        recommendations: [{ ...TEST_MODEL_ANSWER.recommendations[0]!, emoji: 'rocket' }],
      },
    ],
  ])('falls back when the answer has %s', async (_case, answer) => {
    peer.setMode('succeed', { answer });

    const outcome = await analystFor().analyze(input);

    expect(outcome).toEqual({
      ...builtin,
      source: 'builtin',
      language: 'en',
      fallbackReason: 'model answer did not match the schema',
    });
  });

  it('falls back when the model does not answer in time', async () => {
    peer.setMode('hang');
    const started = Date.now();

    const outcome = await analystFor(300).analyze(input);

    expect(outcome).toEqual({
      ...builtin,
      source: 'builtin',
      language: 'en',
      fallbackReason: 'model timed out after 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(peer.requests).toHaveLength(1);
  });

  it('falls back when the model cannot be reached', async () => {
    const gone = await startOpenAIServer();
    await gone.close();
    const analyst = withFallback(
      new OpenAIAnalyst({ apiKey: API_KEY, baseUrl: gone.baseUrl, model: MODEL }),
      new BuiltinAnalyst(),
      logger,
    );

    const outcome = await analyst.analyze(input);

    expect(outcome).toEqual({
      ...builtin,
      source: 'builtin',
      language: 'en',
      fallbackReason: 'model could not be reached',
    });
  });

  describe('createAnalyst', () => {
    it('is the built-in analyst when no model is configured', async () => {
      const analyst = createAnalyst({ openai: undefined }, logger);

      expect(analyst).toBeInstanceOf(BuiltinAnalyst);
      expect(await analyst.analyze(input)).toEqual({ ...builtin, source: 'builtin', language: 'en' });
    });

    it('asks the configured model, and falls back when it fails', async () => {
      const analyst = createAnalyst(
        { openai: { apiKey: API_KEY, baseUrl: peer.baseUrl, model: 'gpt-4.1' } },
        logger,
      );

      expect(await analyst.analyze(input)).toEqual({
        ...TEST_MODEL_ANSWER,
        source: 'openai:gpt-4.1',
        language: 'en',
      });
      expect(peer.requests[0]!.body).toMatchObject({ model: 'gpt-4.1' });

      peer.setMode('fail');
      expect(await analyst.analyze(input)).toMatchObject({
        source: 'builtin',
        language: 'en',
        fallbackReason: 'model answered 500',
      });
    });
  });
});

describe('the test OpenAI server', () => {
  it('ends a request it left hanging when closed', async () => {
    const hanging = await startOpenAIServer({ mode: 'hang' });
    const request = fetch(`${hanging.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [] }),
    }).then(
      () => 'answered',
      () => 'ended',
    );
    await expect.poll(() => hanging.requests.length).toBe(1);

    await hanging.close();

    expect(await request).toBe('ended');
  });
});
