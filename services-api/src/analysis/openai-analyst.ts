import {
  Analysis,
  languageInfo,
  levelLabel,
  MATURITY_LEVELS,
  Recommendation,
  SOURCE_LANGUAGE,
  type PublicMatrixCell,
} from '@msp/shared';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { ANSWER_LIMITS, AnswerTooLargeError, fetchAtMost } from '../http/outgoing.js';
import type { AnalysisInput, AnalysisLanguage, AnalysisOutcome, Analyst } from './analyst.js';
import { MAX_RECOMMENDATIONS } from './builtin-analyst.js';

/** How long a model may take to answer before the built-in analyst writes the analysis instead. */
export const DEFAULT_MODEL_TIMEOUT_MS = 30_000;

/** Longest texts accepted from a model: room for a 3-5 sentence summary and 2-3 sentence advice. */
export const MODEL_ANSWER_LIMITS = { summary: 1500, title: 120, description: 800, emoji: 16 } as const;

/**
 * The shape the model is asked for. It is the shared `Analysis` with descriptions only: length and
 * count limits stay out because strict structured output rejects some of those keywords and many
 * OpenAI-compatible servers ignore them; they are checked on the answer instead (`ModelAnswer`).
 */
const AnswerFormat = Analysis.extend({
  summary: z.string().describe('3 to 5 sentences to the owner of the MSP, plain prose without markdown.'),
  recommendations: z
    .array(
      Recommendation.extend({
        emoji: z.string().describe('Exactly one emoji that fits the recommendation.'),
        title: z.string().describe('A short imperative title, at most 8 words.'),
        description: z
          .string()
          .describe('2 or 3 sentences of concrete steps the MSP can start this quarter.'),
      }),
    )
    .describe(`At most ${MAX_RECOMMENDATIONS} recommendations, the most impactful first.`),
});

const RESPONSE_FORMAT = zodResponseFormat(AnswerFormat, 'maturity_analysis');

const text = (max: number) => z.string().trim().min(1).max(max);

/** What a model's answer must satisfy before it is stored; more recommendations than 3 are cut. */
const ModelAnswer = z.object({
  summary: text(MODEL_ANSWER_LIMITS.summary),
  recommendations: z
    .array(
      z.object({
        // An emoji, not a word: pictographic, with no letters or spaces.
        emoji: text(MODEL_ANSWER_LIMITS.emoji).refine(
          (emoji) => /\p{Extended_Pictographic}/u.test(emoji) && !/[\p{L}\s]/u.test(emoji),
          { error: 'must be a single emoji' },
        ),
        title: text(MODEL_ANSWER_LIMITS.title),
        description: text(MODEL_ANSWER_LIMITS.description),
      }),
    )
    .min(1),
});

/**
 * A model call that produced no usable analysis. `reason` is short and human-readable: it is stored
 * as the outcome's `fallbackReason` and logged, so it never carries the prompt, the key or the answer.
 */
export class ModelAnalysisError extends Error {
  override name = 'ModelAnalysisError';
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}

export interface OpenAIAnalystOptions {
  apiKey: string;
  /** An OpenAI-compatible server's base URL (ending in `/v1`); the SDK's default when absent. */
  baseUrl?: string | undefined;
  model: string;
  /** Deadline of the whole call, answer body included. */
  timeoutMs?: number;
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

function percent(value: number): string {
  return `${Math.round(value)}%`;
}

function levelWithMeaning(level: number): string {
  const known = MATURITY_LEVELS.find((l) => l.level === level);
  return known ? `${levelLabel(level)} (${known.description.toLowerCase()})` : levelLabel(level);
}

/**
 * The language to write in, and the levels' names in it, so the analysis reads like the results
 * page beside it. The pillar names and the matrix text below are already in that language.
 */
function languageLines(language: AnalysisLanguage | undefined): string[] {
  const tag = language?.language ?? SOURCE_LANGUAGE;
  const name = languageInfo(tag)?.name ?? tag;
  const lines = [`Language: write the summary and the recommendations in ${name} (${tag}).`];
  if (language && language.textLanguage === tag) {
    const names = [0, 1, 2, 3].map((level) =>
      language.t('level.label', { level, name: language.t(`level.${level}.name`) }),
    );
    lines.push(`In ${name}, the levels are named: ${names.join('; ')}.`);
  }
  return [...lines, ''];
}

/** A labelled block of matrix text, left out when the cell has none. */
function section(label: string, value: string | null | undefined): string[] {
  const trimmed = value?.trim();
  return trimmed ? [`${label}:`, trimmed] : [];
}

const SYSTEM_PROMPT = [
  'You are a senior consultant who helps managed service providers (MSPs) automate their business.',
  'You know PSA and RMM platforms, ticket triage and routing, patch management, client onboarding and',
  'offboarding, documentation, Microsoft 365 administration, scripting and integrations, and how MSPs',
  'show value to clients in quarterly business reviews (QBRs).',
  '',
  'An MSP has just taken an automation maturity assessment. It scores each pillar of the business on',
  'four levels:',
  ...MATURITY_LEVELS.map((l) => `- ${levelWithMeaning(l.level)}`),
  '',
  'Write the analysis its owner reads next to the results:',
  '- summary: 3 to 5 sentences addressed to the owner as "you". Say what the overall level means in',
  '  daily operations, name the strongest and the weakest pillars, and what lifting the weakest would',
  '  change. Plain prose: no lists, no markdown, no headings.',
  `- recommendations: ${MAX_RECOMMENDATIONS} (fewer only if fewer pillars were scored), the most impactful`,
  '  first, focused on the weakest pillars. Each has a single emoji that fits it; a short imperative',
  '  title; and a description of 2 or 3 sentences with concrete, actionable steps the MSP can start this',
  '  quarter (for example a PSA workflow rule, an RMM policy, a patching ring, an onboarding runbook)',
  '  and how to tell it worked.',
  '',
  'Ground every recommendation in the maturity matrix text you are given for that pillar. Do not invent',
  'facts about this MSP, its clients or its tools, and do not recommend a specific vendor the matrix',
  'does not name. Write in the language the request names, and name the levels as it names them.',
].join('\n');

/**
 * The user message: levels and percentages of every pillar and, for the weakest, what the matrix
 * says about the next level and the steps from the current one. It is built from the scores and the
 * matrix alone: nothing the visitor said about themselves (`demographicData`) is ever read here.
 */
export function buildAnalysisPrompt(input: Omit<AnalysisInput, 'demographicData'>): string {
  const { overallLevel, pillarScores, matrixCells } = input;
  const cellAt = (pillarId: number, level: number): PublicMatrixCell | undefined =>
    matrixCells.find((c) => c.pillarId === pillarId && c.level === level);
  // The same order as the built-in analyst, so a fallback advises on the same pillars.
  const weakest = [...pillarScores]
    .sort((a, b) => a.percentage - b.percentage || a.level - b.level)
    .slice(0, MAX_RECOMMENDATIONS);

  const lines = [
    ...languageLines(input.language),
    `Overall level: ${levelWithMeaning(overallLevel)}.`,
    '',
    'Pillar scores (level, and percentage of the points possible):',
    ...pillarScores.map((s) => `- ${s.pillarName}: ${levelLabel(s.level)}, ${percent(s.percentage)}`),
    '',
    `The ${weakest.length} weakest pillars and what the maturity matrix says about them:`,
  ];
  for (const score of weakest) {
    const current = cellAt(score.pillarId, score.level);
    const next = score.level < 3 ? cellAt(score.pillarId, score.level + 1) : undefined;
    lines.push('', `## ${score.pillarName}: ${levelLabel(score.level)}, ${percent(score.percentage)}`);
    lines.push(...section('Where it is now', current?.shortDescription));
    if (score.level >= 3) {
      lines.push('This pillar is already at the top level: advise on sustaining and measuring it.');
      lines.push(...section('Next steps the matrix gives at this level', current?.nextSteps));
      continue;
    }
    lines.push(...section('Next steps the matrix gives from the current level', current?.nextSteps));
    if (next) {
      const target = levelLabel(next.level);
      lines.push(
        ...section(`What ${target} looks like`, `${next.shortDescription}\n${next.detailedContent}`),
      );
      lines.push(...section(`Requirements of ${target}`, next.requirements));
      lines.push(...section(`Examples at ${target}`, next.examples));
      lines.push(...section(`Metrics at ${target}`, next.metrics));
      lines.push(...section(`Next steps the matrix gives once at ${target}`, next.nextSteps));
    }
  }
  return lines.join('\n');
}

/**
 * The analyst that asks a model (OpenAI or an OpenAI-compatible server) for the summary and
 * recommendations, with a structured-output schema. It throws `ModelAnalysisError` when the call
 * fails or the answer is unusable; `withFallback` turns that into the built-in analysis.
 */
export class OpenAIAnalyst implements Analyst {
  readonly source: string;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly timeoutMs: number;

  constructor(options: OpenAIAnalystOptions) {
    this.model = options.model;
    this.source = `openai:${options.model}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: this.timeoutMs,
      // A retry would outlast the visitor's patience; the built-in analyst answers at once instead.
      maxRetries: 0,
      // The answer is read whole only up to a limit; past it the call fails like an unreachable model.
      fetch: fetchAtMost(ANSWER_LIMITS.model),
    });
  }

  async analyze(input: AnalysisInput): Promise<AnalysisOutcome> {
    if (input.pillarScores.length === 0) throw new ModelAnalysisError('no pillar was scored');
    const { overallLevel, pillarScores, matrixCells } = input;
    const content = await this.complete(
      buildAnalysisPrompt({ overallLevel, pillarScores, matrixCells, language: input.language }),
    );
    return {
      ...this.parse(content),
      source: this.source,
      language: input.language?.language ?? SOURCE_LANGUAGE,
    };
  }

  private async complete(prompt: string): Promise<string> {
    // The SDK's timeout stops at the response headers; this deadline also covers a stalled body.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(
        {
          model: this.model,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: prompt },
          ],
          response_format: RESPONSE_FORMAT,
        },
        { signal: deadline },
      );
    } catch (error) {
      throw new ModelAnalysisError(this.callFailure(error, deadline.aborted), { cause: error });
    }
    const choice = completion.choices?.[0];
    const message = choice?.message;
    if (message?.refusal) throw new ModelAnalysisError('model refused to answer');
    if (choice?.finish_reason === 'length') throw new ModelAnalysisError('model answer was cut off');
    if (choice?.finish_reason === 'content_filter') {
      throw new ModelAnalysisError('model answer was withheld by its content filter');
    }
    if (!message?.content) throw new ModelAnalysisError('model answered with no content');
    return message.content;
  }

  private callFailure(error: unknown, deadlinePassed: boolean): string {
    if (
      error instanceof APIConnectionTimeoutError ||
      (error instanceof APIUserAbortError && deadlinePassed)
    ) {
      return `model timed out after ${formatDuration(this.timeoutMs)}`;
    }
    if (error instanceof APIConnectionError) {
      return error.cause instanceof AnswerTooLargeError
        ? `model answered more than ${ANSWER_LIMITS.model / (1024 * 1024)} MB`
        : 'model could not be reached';
    }
    if (error instanceof APIError && error.status) return `model answered ${error.status}`;
    return 'model call failed';
  }

  private parse(content: string): Analysis {
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch (error) {
      throw new ModelAnalysisError('model answer was not JSON', { cause: error });
    }
    const answer = ModelAnswer.safeParse(json);
    if (!answer.success) {
      throw new ModelAnalysisError('model answer did not match the schema', { cause: answer.error });
    }
    // Stored and served as the shared Analysis, so it is checked against that too.
    return Analysis.parse({
      summary: answer.data.summary,
      recommendations: answer.data.recommendations.slice(0, MAX_RECOMMENDATIONS),
    });
  }
}
