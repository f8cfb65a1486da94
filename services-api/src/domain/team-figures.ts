/**
 * The team's figures from its members' assessments: one truth for the visitors' team view, the
 * operator's organisation detail, the key API and the team report. Pure: the callers read the rows.
 */

/** Aggregates show only once this many members have assessed, as the peer comparison does. */
export const MIN_TEAM_MEMBERS = 3;
/** A role gets its own figures where at least this many members share it. */
export const MIN_ROLE_MEMBERS = 2;

export interface MemberPillar {
  key: string;
  name: string;
  /** 0-3. */
  level: number;
  /** 0-100, one decimal. */
  percentage: number;
}

/** One member's assessment. */
export interface MemberAssessment {
  email: string;
  submissionId: string;
  submittedAt: Date;
  /** Their answer to the "role" demographic field, or null. */
  role: string | null;
  overallLevel: number;
  cumulativeAverage: number;
  pillars: readonly MemberPillar[];
}

export interface PillarSpread {
  pillarKey: string;
  pillarName: string;
  /** How many members' assessments scored this pillar. */
  members: number;
  /** The mean of their levels and percentages, one decimal. */
  meanLevel: number;
  meanPercentage: number;
  lowestLevel: number;
  highestLevel: number;
  /** highest − lowest level: 0 where all agree, 3 where one says "none" and one "optimised". */
  spread: number;
  /** The population standard deviation of the percentages, one decimal: disagreement in finer grain. */
  deviation: number;
}

export interface TeamFigures {
  members: number;
  meanLevel: number;
  meanPercentage: number;
  pillars: PillarSpread[];
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Each member's latest assessment (the input may hold every assessment, in any order). */
export function latestPerMember<A extends Pick<MemberAssessment, 'email' | 'submissionId' | 'submittedAt'>>(
  assessments: readonly A[],
): A[] {
  const latest = new Map<string, A>();
  for (const assessment of assessments) {
    const key = assessment.email.toLowerCase();
    const held = latest.get(key);
    if (
      !held ||
      held.submittedAt < assessment.submittedAt ||
      (held.submittedAt.getTime() === assessment.submittedAt.getTime() &&
        held.submissionId < assessment.submissionId)
    )
      latest.set(key, assessment);
  }
  return [...latest.values()];
}

/**
 * The figures of one assessment per member: overall means, and per pillar (in the order they
 * first appear) the mean, the lowest and highest level and the spread between them. Null when no
 * member has assessed.
 */
export function teamFigures(latest: readonly MemberAssessment[]): TeamFigures | null {
  if (latest.length === 0) return null;
  const byPillar = new Map<string, { name: string; levels: number[]; percentages: number[] }>();
  for (const member of latest) {
    for (const pillar of member.pillars) {
      const entry = byPillar.get(pillar.key) ?? { name: pillar.name, levels: [], percentages: [] };
      entry.levels.push(pillar.level);
      entry.percentages.push(pillar.percentage);
      byPillar.set(pillar.key, entry);
    }
  }
  return {
    members: latest.length,
    meanLevel: round1(mean(latest.map((m) => m.overallLevel))),
    meanPercentage: round1(mean(latest.map((m) => m.cumulativeAverage))),
    pillars: [...byPillar].map(([pillarKey, { name, levels, percentages }]) => {
      const meanPercentage = mean(percentages);
      const lowestLevel = Math.min(...levels);
      const highestLevel = Math.max(...levels);
      return {
        pillarKey,
        pillarName: name,
        members: levels.length,
        meanLevel: round1(mean(levels)),
        meanPercentage: round1(meanPercentage),
        lowestLevel,
        highestLevel,
        spread: highestLevel - lowestLevel,
        deviation: round1(Math.sqrt(mean(percentages.map((p) => (p - meanPercentage) ** 2)))),
      };
    }),
  };
}

/** The figures of each role that at least `MIN_ROLE_MEMBERS` members share, largest first. */
export function roleFigures(latest: readonly MemberAssessment[]): { role: string; figures: TeamFigures }[] {
  const byRole = new Map<string, MemberAssessment[]>();
  for (const member of latest) {
    if (!member.role) continue;
    const members = byRole.get(member.role);
    if (members) members.push(member);
    else byRole.set(member.role, [member]);
  }
  return [...byRole]
    .filter(([, members]) => members.length >= MIN_ROLE_MEMBERS)
    .sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b))
    .map(([role, members]) => ({ role, figures: teamFigures(members)! }));
}

export interface TeamHistoryPoint {
  /** The month's first day, YYYY-MM-01 (UTC). */
  month: string;
  members: number;
  meanLevel: number;
  meanPercentage: number;
}

/**
 * The team over time: for each month in which someone assessed, the figures of every member's
 * latest assessment as it stood at the month's end. A retake moves the line; a newcomer joins it.
 */
export function teamHistory(assessments: readonly MemberAssessment[]): TeamHistoryPoint[] {
  // Oldest first, and of two at the same moment the one latestPerMember keeps last, so that the
  // assessment each member holds as the months pass is always the one latestPerMember would keep.
  const sorted = [...assessments].sort(
    (a, b) =>
      a.submittedAt.getTime() - b.submittedAt.getTime() ||
      (a.submissionId < b.submissionId ? -1 : a.submissionId > b.submissionId ? 1 : 0),
  );
  // One pass: each member's latest so far, and the sums of their levels and scores.
  const held = new Map<string, MemberAssessment>();
  let levels = 0;
  let percentages = 0;
  const points: TeamHistoryPoint[] = [];
  const months = sorted.map((assessment) => assessment.submittedAt.toISOString().slice(0, 7));
  sorted.forEach((assessment, index) => {
    const key = assessment.email.toLowerCase();
    const before = held.get(key);
    if (before) {
      levels -= before.overallLevel;
      percentages -= before.cumulativeAverage;
    }
    held.set(key, assessment);
    levels += assessment.overallLevel;
    percentages += assessment.cumulativeAverage;
    const month = months[index]!;
    // The month's figures as they stand once its last assessment is in.
    if (months[index + 1] !== month) {
      points.push({
        month: `${month}-01`,
        members: held.size,
        meanLevel: round1(levels / held.size),
        meanPercentage: round1(percentages / held.size),
      });
    }
  });
  return points;
}

/**
 * One answer to one question and how many members gave it, with the points it earned of the most
 * it could (summed over the pillars): the database counts them, so a large team's answers are not
 * read one by one.
 */
export interface AnswerTally {
  questionKey: string;
  questionOrder: number;
  questionText: string;
  answerText: string;
  earned: number;
  most: number;
  count: number;
}

export interface QuestionDisagreement {
  questionKey: string;
  questionOrder: number;
  questionText: string;
  /** How many members answered it. */
  members: number;
  /** Each member's score on the question, 0-1: the points the answer earned of the most it could. */
  lowest: number;
  highest: number;
  /** highest − lowest, 0-1. */
  spread: number;
  /** The population standard deviation of the scores, 0-1. */
  deviation: number;
  /** Each answer given, least mature first, with how many chose it. */
  answers: { text: string; score: number; count: number }[];
}

/** How many of the most disagreed questions the team report shows. */
export const MOST_DISAGREED_QUESTIONS = 5;

/** Rounded past float noise, so 2/3 − 1/3 and 1/3 − 0 tie as the same spread and sort by what follows. */
const tidy = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Per question, how far the members' answers lie apart, from the tallies of each member's latest
 * answers. A question that scores no pillar (its most is zero) says nothing about maturity and is
 * left out. In the order the questionnaire asks them.
 */
export function questionDisagreements(tallies: readonly AnswerTally[]): QuestionDisagreement[] {
  const byQuestion = new Map<
    string,
    { first: AnswerTally; scored: { text: string; score: number; count: number }[] }
  >();
  for (const tally of tallies) {
    if (tally.most <= 0 || tally.count <= 0) continue;
    const entry = byQuestion.get(tally.questionKey) ?? { first: tally, scored: [] };
    entry.scored.push({
      text: tally.answerText,
      score: Math.min(1, tally.earned / tally.most),
      count: tally.count,
    });
    byQuestion.set(tally.questionKey, entry);
  }
  return [...byQuestion.values()]
    .map(({ first, scored }) => {
      const members = scored.reduce((sum, s) => sum + s.count, 0);
      const average = scored.reduce((sum, s) => sum + s.score * s.count, 0) / members;
      const lowest = Math.min(...scored.map((s) => s.score));
      const highest = Math.max(...scored.map((s) => s.score));
      // Answers are counted by the words the reader sees: one choice, one line.
      const answers = new Map<string, { text: string; score: number; count: number }>();
      for (const { text, score, count } of scored) {
        const held = answers.get(text);
        if (held) held.count += count;
        else answers.set(text, { text, score, count });
      }
      return {
        questionKey: first.questionKey,
        questionOrder: first.questionOrder,
        questionText: first.questionText,
        members,
        lowest,
        highest,
        spread: tidy(highest - lowest),
        deviation: tidy(
          Math.sqrt(scored.reduce((sum, s) => sum + s.count * (s.score - average) ** 2, 0) / members),
        ),
        answers: [...answers.values()].sort((a, b) => a.score - b.score || a.text.localeCompare(b.text)),
      };
    })
    .sort((a, b) => a.questionOrder - b.questionOrder || a.questionKey.localeCompare(b.questionKey));
}

/**
 * The questions the team disagreed on most: answered by at least two members, widest spread
 * first, then the larger standard deviation (two camps apart differ more than one outlier), then
 * the questionnaire's order. A question everyone answered alike is no disagreement and is left out.
 */
export function mostDisagreed(
  disagreements: readonly QuestionDisagreement[],
  count = MOST_DISAGREED_QUESTIONS,
): QuestionDisagreement[] {
  return disagreements
    .filter((q) => q.members >= 2 && q.spread > 0)
    .sort((a, b) => b.spread - a.spread || b.deviation - a.deviation || a.questionOrder - b.questionOrder)
    .slice(0, count);
}
