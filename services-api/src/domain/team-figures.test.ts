import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  latestPerMember,
  mostDisagreed,
  questionDisagreements,
  teamHistory,
  type AnswerTally,
  type MemberAssessment,
} from './team-figures.js';

/** One member's answer earning `points` of `most` across two pillars. */
const answer = (
  order: number,
  text: string,
  points: [number, number],
  most: [number, number] = [3, 3],
  count = 1,
) =>
  ({
    questionKey: `q${order}`,
    questionOrder: order,
    questionText: `Question ${order}`,
    answerText: text,
    earned: points[0] + points[1],
    most: most[0] + most[1],
    count,
  }) satisfies AnswerTally;

describe('questions the team disagreed on', () => {
  it('scores each answer as its points of the most, and counts the answers given', () => {
    const [q1] = questionDisagreements([
      answer(1, 'By hand', [0, 1]),
      answer(1, 'Scripted', [3, 3]),
      answer(1, 'By hand', [0, 1]),
    ]);
    // Counted in one tally (as the database counts them), the figures are the same.
    expect(
      questionDisagreements([answer(1, 'By hand', [0, 1], [3, 3], 2), answer(1, 'Scripted', [3, 3])]),
    ).toEqual([q1]);
    expect(q1).toMatchObject({ members: 3, lowest: 1 / 6, highest: 1, spread: 0.833333 });
    expect(q1!.deviation).toBeCloseTo(Math.sqrt((2 * (1 / 6 - 4 / 9) ** 2 + (1 - 4 / 9) ** 2) / 3), 5);
    expect(q1!.answers).toEqual([
      { text: 'By hand', score: 1 / 6, count: 2 },
      { text: 'Scripted', score: 1, count: 1 },
    ]);
  });

  it('leaves out questions that score nothing, and keeps to questions two members answered that they answered apart', () => {
    const all = questionDisagreements([
      answer(1, 'A', [0, 0]),
      answer(2, 'Same', [2, 2]),
      answer(3, 'Unscored', [0, 0], [0, 0]),
      answer(4, 'x', [0, 0]),
      answer(1, 'B', [3, 3]),
      answer(2, 'Same', [2, 2]),
    ]);
    expect(all.map((q) => q.questionKey)).toEqual(['q1', 'q2', 'q4']);
    expect(mostDisagreed(all).map((q) => q.questionKey)).toEqual(['q1']);
  });

  it('ranks by spread, then by deviation, then in the order asked, five at most', () => {
    // Three members per question: (low, high, x) with x moving the deviation but not the spread.
    const tallies: AnswerTally[] = [];
    const rows: [number, number, number][] = [
      [0, 1, 1], // q1 spread 1/3, ties q5 and comes first as asked first
      [0, 3, 0], // q2 spread 1, one outlier
      [0, 3, 3], // q3 spread 1, deviation as q2 (mirror)
      [0, 3, 1.5], // q4 spread 1, the least deviation of the three
      [1, 2, 1], // q5
      [0, 2, 1], // q6
      [0, 0, 0], // q7 agreed
    ];
    rows.forEach((levels, index) =>
      levels.forEach((level) => tallies.push(answer(index + 1, `L${level}`, [level, level]))),
    );
    const ranked = mostDisagreed(questionDisagreements(tallies));
    expect(ranked.map((q) => q.questionKey)).toEqual(['q2', 'q3', 'q4', 'q6', 'q1']);
    expect(ranked[0]!.deviation).toBeGreaterThan(ranked[2]!.deviation);
  });
});

describe('the team over time', () => {
  /** The definition: per month, the mean of each member's latest as it stood at the month's end. */
  const byDefinition = (assessments: readonly MemberAssessment[]) => {
    const months = [...new Set(assessments.map((a) => a.submittedAt.toISOString().slice(0, 7)))].sort();
    return months.map((month) => {
      const [year, monthIndex] = month.split('-').map(Number) as [number, number];
      const end = new Date(Date.UTC(year, monthIndex, 1));
      const latest = latestPerMember(assessments.filter((a) => a.submittedAt < end));
      const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
      return {
        month: `${month}-01`,
        members: latest.length,
        meanLevel: Math.round(mean(latest.map((m) => m.overallLevel)) * 10) / 10,
        meanPercentage: Math.round(mean(latest.map((m) => m.cumulativeAverage)) * 10) / 10,
      };
    });
  };

  it('gives each month the mean of every member’s latest assessment at its end', () => {
    const assessment = fc.record({
      email: fc.constantFrom('ana@x.example', 'ben@x.example', 'Cy@x.example', 'cy@x.example'),
      submissionId: fc.constantFrom(...'abcdefghijklmnop'),
      // Three months, and often the same moment twice.
      submittedAt: fc
        .integer({ min: 0, max: 5 })
        .map((step) => new Date(Date.UTC(2026, 0, 20) + step * 17 * 86_400_000)),
      role: fc.constant(null),
      overallLevel: fc.integer({ min: 0, max: 3 }),
      // Whole tenths as stored; the means of such are compared.
      cumulativeAverage: fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 4),
      pillars: fc.constant([]),
    });
    fc.assert(
      // Ids are unique, as the database's are.
      fc.property(
        fc.uniqueArray(assessment, { maxLength: 12, selector: (a) => a.submissionId }),
        (assessments) => {
          expect(teamHistory(assessments)).toEqual(byDefinition(assessments));
        },
      ),
    );
  });
});
