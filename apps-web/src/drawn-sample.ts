import type {
  ConsentStatementAnswer,
  PublicDemographicField,
  PublicMatrixCell,
  PublicPillar,
  PublicQuestion,
  ResultsResponse,
  RouteName,
} from '@msp/shared/browser';

/**
 * Content of every kind the assessment's first screen, the matrix and a results page draw: a field
 * of each type, a consent statement, pillars with a cell at every level, results with a pillar at
 * every level and an analysis with its recommendations. The build draws the two pages from it
 * to learn which of the stylesheets' rules their first paint needs (scripts/prerender.mjs), which
 * depends on the kinds of things drawn, never on their words: whatever an administrator (or an
 * analyst) writes, the pages are drawn from the same components.
 */
const pillars: PublicPillar[] = [1, 2].map((id) => ({
  id,
  key: `pillar-${id}`,
  name: `Pillar ${id}`,
  description: `What pillar ${id} covers.`,
  order: id,
  isActive: true,
}));

const field = (
  id: number,
  fieldType: PublicDemographicField['fieldType'],
  isRequired: boolean,
  options: string[] | null = null,
): PublicDemographicField => ({
  id,
  identifier: `field-${id}`,
  label: `Field ${id}`,
  fieldType,
  options,
  optionLabels: options,
  order: id,
  isRequired,
  isActive: true,
});

const matrixCells: PublicMatrixCell[] = pillars.flatMap((pillar) =>
  [0, 1, 2, 3].map((level) => ({
    id: pillar.id * 10 + level,
    pillarId: pillar.id,
    level,
    shortDescription: `Level ${level} of ${pillar.name}.`,
    detailedContent: `What level ${level} looks like.`,
    requirements: null,
    examples: null,
    metrics: null,
    nextSteps: null,
    pillar: { id: pillar.id, name: pillar.name },
  })),
);

const questions: PublicQuestion[] = pillars.map((pillar) => ({
  id: pillar.id,
  key: `question-${pillar.id}`,
  text: `A question on ${pillar.name}?`,
  pillarId: pillar.id,
  order: pillar.id,
  isActive: true,
  pillar: { id: pillar.id, name: pillar.name },
  answers: [1, 2, 3, 4].map((order) => ({
    id: pillar.id * 10 + order,
    text: `Answer ${order}`,
    description: order === 1 ? 'What this answer means.' : null,
    order,
  })),
}));

const consent: ConsentStatementAnswer = {
  statement: { id: 1, text: 'I agree to be contacted.', updatedAt: '2026-01-01T00:00:00.000Z' },
};

/** The results page's sample: its address's submission (`/results/${DRAWN_SAMPLE_SUBMISSION}`). */
export const DRAWN_SAMPLE_SUBMISSION = '00000000-0000-4000-8000-000000000000';

const analysis = {
  summary: 'What the scores say.\n\nWhat to do first.',
  recommendations: [1, 2, 3].map((order) => ({
    emoji: '🚀',
    title: `Recommendation ${order}`,
    description: `Why recommendation ${order} comes next.`,
  })),
};

const results: ResultsResponse = {
  submissionId: DRAWN_SAMPLE_SUBMISSION,
  submittedAt: '2026-01-01T12:00:00.000Z',
  language: 'en',
  overallLevel: 2,
  pillarScores: [0, 1, 2, 3].map((level) => ({
    pillarId: level + 1,
    pillarKey: `pillar-${level + 1}`,
    pillarName: `Pillar ${level + 1}`,
    score: level,
    normalizedScore: level / 3,
  })),
  analysis,
  submission: {
    id: DRAWN_SAMPLE_SUBMISSION,
    demographicData: { company: 'Company' },
    aiAnalysis: { ...analysis, source: 'builtin', generatedAt: '2026-01-01T12:00:00.000Z' },
  },
};

export const DRAWN_SAMPLE_READS: Partial<Record<RouteName, unknown>> = {
  listPillars: pillars,
  listMatrixCells: matrixCells,
  listAssessmentQuestions: questions,
  listDemographicFields: [
    field(1, 'text', true),
    field(2, 'email', true),
    field(3, 'number', false),
    field(4, 'select', true, ['One', 'Two']),
    field(5, 'radio', false, ['Yes', 'No']),
  ],
  getConsentStatement: consent,
  getResults: results,
};
