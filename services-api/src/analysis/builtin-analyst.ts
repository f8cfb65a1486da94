import {
  createTranslator,
  EN_MESSAGES,
  SOURCE_LANGUAGE,
  type Analysis,
  type PublicMatrixCell,
  type Recommendation,
  type Translate,
} from '@msp/shared';
import type { AnalysisInput, AnalysisLanguage, AnalysisOutcome, Analyst } from './analyst.js';

export const RECOMMENDATION_EMOJIS = ['🎯', '🚀', '⭐'] as const;
export const MAX_RECOMMENDATIONS = 3;

/** How each recommendation leads into its steps, one wording each, so three do not open alike. */
const STEP_LEAD_INS = 3;

const ENGLISH: AnalysisLanguage = {
  language: SOURCE_LANGUAGE,
  t: createTranslator(SOURCE_LANGUAGE, EN_MESSAGES),
  textLanguage: SOURCE_LANGUAGE,
};

/** First list items of a multi-line text whose lines start with a dash or bullet. */
function listItems(text: string | null | undefined, count: number): string[] {
  if (!text) return [];
  return text
    .split('\n')
    .map((line) => line.trim().replace(/^[-•*]\s*/, ''))
    .filter(Boolean)
    .slice(0, count);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?。！？]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** "Level 2: Advanced" in the analysis's language. */
function levelOf(t: Translate, level: number): string {
  const clamped = Math.min(3, Math.max(0, Math.round(level)));
  return t('level.label', { level: clamped, name: t(`level.${clamped}.name`) });
}

/**
 * The analyst that needs no external service: it reads the pillar levels and grounds each
 * recommendation in the matrix content of the pillar's next level. Deterministic for the same
 * input. Its sentences are the `analyst.*` messages, so they read in the submission's language
 * (or the default language's, when that has none: the outcome says which).
 */
export class BuiltinAnalyst implements Analyst {
  async analyze(input: AnalysisInput): Promise<AnalysisOutcome> {
    return { ...this.write(input), source: 'builtin', language: (input.language ?? ENGLISH).textLanguage };
  }

  /** The analysis itself, without its source: also what a model's fallback writes. */
  write(input: AnalysisInput): Analysis {
    const language = input.language ?? ENGLISH;
    return { summary: this.summary(input, language), recommendations: this.recommendations(input, language) };
  }

  private summary(
    { overallLevel, pillarScores, demographicData }: AnalysisInput,
    { t, textLanguage }: AnalysisLanguage,
  ) {
    if (pillarScores.length === 0) return t('analyst.noPillars');
    const join = (names: string[]) => joinNames(names, textLanguage);
    const company = demographicData.company?.trim();
    const level = Math.min(3, Math.max(0, Math.round(overallLevel)));
    const byScore = [...pillarScores].sort((a, b) => b.percentage - a.percentage);
    const top = byScore[0]!;
    const bottom = byScore[byScore.length - 1]!;
    const overall = company
      ? t('analyst.overall.company', { company, level: levelOf(t, level) })
      : t('analyst.overall.you', { level: levelOf(t, level) });
    const parts = [`${overall} ${t(`analyst.reading.${level}`)}`];
    if (top.percentage === bottom.percentage) {
      parts.push(t('analyst.allAlike', { percent: Math.round(top.percentage) }));
    } else {
      const strongest = byScore.filter((s) => s.percentage === top.percentage).map((s) => s.pillarName);
      const weakest = byScore.filter((s) => s.percentage === bottom.percentage).map((s) => s.pillarName);
      parts.push(
        t('analyst.strongestWeakest', {
          strongestCount: strongest.length,
          strongest: join(strongest),
          topLevel: levelOf(t, top.level),
          topPercent: Math.round(top.percentage),
          weakest: join(weakest),
          weakestCount: weakest.length,
          bottomLevel: levelOf(t, bottom.level),
          bottomPercent: Math.round(bottom.percentage),
        }),
      );
      parts.push(t('analyst.compounds'));
    }
    const mature = pillarScores.filter((s) => s.level === 3).length;
    if (mature === pillarScores.length) parts.push(t('analyst.allMature'));
    return parts.join(' ');
  }

  private recommendations(
    { pillarScores, matrixCells }: AnalysisInput,
    { t }: AnalysisLanguage,
  ): Recommendation[] {
    const cellAt = (pillarId: number, level: number): PublicMatrixCell | undefined =>
      matrixCells.find((c) => c.pillarId === pillarId && c.level === level);
    const weakestFirst = [...pillarScores].sort((a, b) => a.percentage - b.percentage || a.level - b.level);
    return weakestFirst.slice(0, MAX_RECOMMENDATIONS).map((score, index) => {
      const emoji = RECOMMENDATION_EMOJIS[index] ?? '⭐';
      const current = cellAt(score.pillarId, score.level);
      const steps = listItems(current?.nextSteps, 2);
      if (score.level >= 3) {
        return {
          emoji,
          title: t('analyst.sustain.title', { pillar: score.pillarName, level: levelOf(t, 3) }),
          description: steps.length
            ? t('analyst.sustain.withSteps', { steps: steps.map(sentence).join(' ') })
            : t('analyst.sustain.noSteps'),
        };
      }
      const next = cellAt(score.pillarId, score.level + 1);
      const target = next ? ` ${sentence(next.shortDescription)}` : '';
      const how = steps.length
        ? ` ${t(`analyst.leadIn.${index % STEP_LEAD_INS}`)} ${steps.map(sentence).join(' ')}`
        : '';
      return {
        emoji,
        title: t('analyst.raise.title', { pillar: score.pillarName, level: levelOf(t, score.level + 1) }),
        description: `${t('analyst.raise.current', {
          pillar: score.pillarName,
          level: levelOf(t, score.level),
          percent: Math.round(score.percentage),
        })}${target}${how}`,
      };
    });
  }
}

/**
 * Names joined as the language lists them ("A, B and C"; "A, B und C"). English keeps the product's
 * style, without the serial comma that `Intl.ListFormat('en')` adds.
 */
function joinNames(names: string[], language: string): string {
  if (names.length <= 1) return names.join('');
  if (language.split('-')[0] === 'en')
    return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
}
