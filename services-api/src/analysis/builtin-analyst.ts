import {
  levelLabel,
  MATURITY_LEVELS,
  type Analysis,
  type PublicMatrixCell,
  type Recommendation,
} from '@msp/shared';
import type { AnalysisInput, AnalysisOutcome, Analyst } from './analyst.js';

export const RECOMMENDATION_EMOJIS = ['🎯', '🚀', '⭐'] as const;
export const MAX_RECOMMENDATIONS = 3;

const OVERALL_READING: Record<number, string> = {
  0: 'Automation is still the exception: most work depends on individual technicians doing things by hand.',
  1: 'Automation has started, but it lives in pockets: a few scripts and workflows rather than a system.',
  2: 'Automation is systematic: most routine work runs through defined, automated workflows.',
  3: 'The business runs on automation: it is designed in, measured and continuously improved.',
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
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * How each recommendation leads into its steps, one wording each, so three recommendations do not
 * open their steps the same way.
 */
const STEP_LEAD_INS = ['Start with:', 'First steps:', 'To begin:'];

function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The analyst that needs no external service: it reads the pillar levels and grounds each
 * recommendation in the matrix content of the pillar's next level. Deterministic for the same input.
 */
export class BuiltinAnalyst implements Analyst {
  async analyze(input: AnalysisInput): Promise<AnalysisOutcome> {
    return { ...this.write(input), source: 'builtin' };
  }

  /** The analysis itself, without its source: also what a model's fallback writes. */
  write(input: AnalysisInput): Analysis {
    return { summary: this.summary(input), recommendations: this.recommendations(input) };
  }

  private summary({ overallLevel, pillarScores, demographicData }: AnalysisInput): string {
    if (pillarScores.length === 0) return 'No pillar could be scored from these answers.';
    const company = demographicData.company?.trim();
    const who = company ? `${company} is` : 'You are';
    const level = MATURITY_LEVELS[overallLevel] ?? MATURITY_LEVELS[0];
    const byScore = [...pillarScores].sort((a, b) => b.percentage - a.percentage);
    const top = byScore[0]!;
    const bottom = byScore[byScore.length - 1]!;
    const parts = [`${who} at ${levelLabel(level.level)} overall. ${OVERALL_READING[level.level]}`];
    if (top.percentage === bottom.percentage) {
      parts.push(
        `All pillars score alike (${Math.round(top.percentage)}%), so progress can start wherever it pays most.`,
      );
    } else {
      const strongest = byScore.filter((s) => s.percentage === top.percentage).map((s) => s.pillarName);
      const weakest = byScore.filter((s) => s.percentage === bottom.percentage).map((s) => s.pillarName);
      parts.push(
        `Your strongest ${strongest.length > 1 ? 'pillars are' : 'pillar is'} ${joinNames(strongest)} ` +
          `(${levelLabel(top.level)}, ${Math.round(top.percentage)}%); ` +
          `${joinNames(weakest)} ${weakest.length > 1 ? 'trail' : 'trails'} at ${levelLabel(bottom.level)} ` +
          `(${Math.round(bottom.percentage)}%).`,
      );
      parts.push(
        'Automation compounds across pillars, so lifting the weakest areas usually frees more capacity than ' +
          'polishing the strongest.',
      );
    }
    const mature = pillarScores.filter((s) => s.level === 3).length;
    if (mature === pillarScores.length) {
      parts.push('Every pillar is mature: the work now is to sustain it and keep measuring the return.');
    }
    return parts.join(' ');
  }

  private recommendations({ pillarScores, matrixCells }: AnalysisInput): Recommendation[] {
    const cellAt = (pillarId: number, level: number): PublicMatrixCell | undefined =>
      matrixCells.find((c) => c.pillarId === pillarId && c.level === level);
    const weakestFirst = [...pillarScores].sort((a, b) => a.percentage - b.percentage || a.level - b.level);
    return weakestFirst.slice(0, MAX_RECOMMENDATIONS).map((score, index) => {
      const emoji = RECOMMENDATION_EMOJIS[index] ?? '⭐';
      const current = cellAt(score.pillarId, score.level);
      if (score.level >= 3) {
        const steps = listItems(current?.nextSteps, 2);
        return {
          emoji,
          title: `Sustain ${score.pillarName} at ${levelLabel(3)}`,
          description: steps.length
            ? `You are already mature here. Keep it that way: ${steps.map(sentence).join(' ')}`
            : 'You are already mature here. Review this pillar each quarter so it stays that way.',
        };
      }
      const next = cellAt(score.pillarId, score.level + 1);
      const steps = listItems(current?.nextSteps, 2);
      const target = next ? ` ${sentence(next.shortDescription)}` : '';
      const leadIn = STEP_LEAD_INS[index % STEP_LEAD_INS.length]!;
      const how = steps.length ? ` ${leadIn} ${steps.map(sentence).join(' ')}` : '';
      return {
        emoji,
        title: `Raise ${score.pillarName} to ${levelLabel(score.level + 1)}`,
        description: `${score.pillarName} is at ${levelLabel(score.level)} (${Math.round(score.percentage)}%).${target}${how}`,
      };
    });
  }
}
