import { describe, expect, it } from 'vitest';
import { bannerLevel, maximaOf, scoreAnswers, type ScoredAnswer } from './score.js';
import { levelFromNormalized, levelFromPercentage, levelLabel } from './levels.js';

const pillars = [
  { id: 1, name: 'Expertise' },
  { id: 2, name: 'Processes' },
];

/** One question worth `max` points to pillar 1, of which the visitor earned `earned`. */
const answer = (earned: number, max: number, pillarId = 1): ScoredAnswer => ({
  allocations: earned > 0 ? [{ pillarId, points: earned }] : [],
  maxima: [{ pillarId, points: max }],
});

/** Answers that earn exactly `earned` out of 100 points for pillar 1. */
function percentAnswers(earned: number): ScoredAnswer[] {
  const list: ScoredAnswer[] = [];
  for (let i = 0; i < 100; i++) list.push(answer(i < earned ? 1 : 0, 1));
  return list;
}

describe('maturity level thresholds', () => {
  it.each([
    [0, 0],
    [20, 0],
    [21, 1],
    [50, 1],
    [51, 2],
    [90, 2],
    [91, 3],
    [100, 3],
  ])('%i%% is level %i', (percentage, level) => {
    expect(levelFromPercentage(percentage)).toBe(level);
    const [score] = scoreAnswers(percentAnswers(percentage), pillars).pillarScores;
    expect(score?.percentage).toBe(percentage);
    expect(score?.level).toBe(level);
  });

  it('uses the normalized thresholds 0.20, 0.5 and 0.9 inclusively', () => {
    expect(levelFromNormalized(0.2)).toBe(0);
    expect(levelFromNormalized(0.2000001)).toBe(1);
    expect(levelFromNormalized(0.5)).toBe(1);
    expect(levelFromNormalized(0.5000001)).toBe(2);
    expect(levelFromNormalized(0.9)).toBe(2);
    expect(levelFromNormalized(0.9000001)).toBe(3);
  });

  it('labels levels as the matrix does', () => {
    expect([0, 1, 2, 3].map(levelLabel)).toEqual([
      'Level 0: None',
      'Level 1: Some',
      'Level 2: Advanced',
      'Level 3: Mature',
    ]);
  });
});

describe('scoreAnswers', () => {
  it('divides points earned by the maximum possible per pillar', () => {
    const result = scoreAnswers([answer(3, 3), answer(1, 3), answer(2, 3, 2), answer(0, 3, 2)], pillars);
    expect(result.pillarScores).toEqual([
      expect.objectContaining({ pillarId: 1, points: 4, maxPoints: 6, percentage: 66.7, level: 2 }),
      expect.objectContaining({ pillarId: 2, points: 2, maxPoints: 6, percentage: 33.3, level: 1 }),
    ]);
    // Mean of 66.67 and 33.33, one decimal.
    expect(result.cumulativeAverage).toBe(50);
    // The rounded mean of the levels 2 and 1, as the results banner shows it.
    expect(result.overallLevel).toBe(2);
  });

  it('leaves out a pillar that no answered question can score, without dividing by zero', () => {
    const result = scoreAnswers([answer(2, 3)], pillars);
    expect(result.pillarScores.map((s) => s.pillarId)).toEqual([1]);
    expect(result.pillarScores[0]?.normalizedScore).toBeCloseTo(2 / 3);
    expect(result.cumulativeAverage).toBe(66.7);
  });

  it('gives the level the visitor sees, not the level of the average score', () => {
    // Levels 2, 1, 1, 2, 1, 2 average 1.5: "Level 2: Advanced". The average score, 45.8 %, would say 1.
    const six = [1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `P${id}` }));
    const answers = [
      answer(2, 3, 1),
      answer(1, 3, 2),
      answer(1, 3, 3),
      answer(2, 3, 4),
      answer(1, 3, 5),
      answer(2, 3, 6),
    ];
    const result = scoreAnswers(answers, six);
    expect(result.pillarScores.map((s) => s.level)).toEqual([2, 1, 1, 2, 1, 2]);
    expect(result.cumulativeAverage).toBeLessThanOrEqual(50);
    expect(result.overallLevel).toBe(2);
  });

  it('scores nothing when nothing can be scored', () => {
    expect(scoreAnswers([], pillars)).toEqual({ pillarScores: [], cumulativeAverage: 0, overallLevel: 0 });
  });

  it('counts secondary-pillar points of one answer toward each pillar', () => {
    const result = scoreAnswers(
      [
        {
          allocations: [
            { pillarId: 1, points: 3 },
            { pillarId: 2, points: 1 },
          ],
          maxima: [
            { pillarId: 1, points: 3 },
            { pillarId: 2, points: 2 },
          ],
        },
      ],
      pillars,
    );
    expect(result.pillarScores.map((s) => [s.pillarId, s.percentage])).toEqual([
      [1, 100],
      [2, 50],
    ]);
  });

  it('scores from the frozen snapshot alone, whatever the pillars are called now', () => {
    const frozen: ScoredAnswer[] = [answer(1, 3)];
    const renamed = scoreAnswers(frozen, [{ id: 1, name: 'Renamed' }]);
    expect(renamed.pillarScores[0]).toMatchObject({
      pillarName: 'Renamed',
      points: 1,
      maxPoints: 3,
      level: 1,
    });
    expect(scoreAnswers(frozen, pillars).pillarScores[0]?.percentage).toBe(33.3);
  });
});

describe('maximaOf', () => {
  it('takes, per pillar, the highest allocation any answer gives, dropping zeros', () => {
    expect(
      maximaOf([
        [],
        [{ pillarId: 1, points: 1 }],
        [
          { pillarId: 1, points: 3 },
          { pillarId: 2, points: 2 },
        ],
        [{ pillarId: 3, points: 0 }],
      ]),
    ).toEqual([
      { pillarId: 1, points: 3 },
      { pillarId: 2, points: 2 },
    ]);
  });
});

describe('bannerLevel', () => {
  it('is the rounded mean of the pillar levels', () => {
    expect(bannerLevel([0, 1, 1, 2, 2, 2])).toBe(1); // 1.33
    expect(bannerLevel([1, 2])).toBe(2); // 1.5 rounds up
    expect(bannerLevel([3, 3, 2])).toBe(3); // 2.67
    expect(bannerLevel([])).toBe(0);
  });
});
