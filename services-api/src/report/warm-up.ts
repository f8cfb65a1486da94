import type { ReportInput } from './types.js';

const cell = (level: number) => ({
  shortDescription: `Level ${level} in short`,
  detailedContent: `What level ${level} looks like, in a few sentences of ordinary words and numbers 1-3.`,
});

/**
 * A report that shows nothing real, drawn once when the drawing thread starts: the first drawings
 * after a start compile the drawing code and read the faces' shaping tables (a second, then about
 * 300 ms each, against 50 ms once warm), and a visitor's download should not be the one that pays.
 * It sets text in each script the report has a face for, so every face is read.
 */
export function warmUpInput(): Omit<ReportInput, 't'> {
  return {
    language: 'en',
    rtl: false,
    paper: 'a4',
    productName: 'Warm-up',
    provider: { name: 'Provider', callToActionLabel: 'Talk to us', callToActionUrl: 'https://example.com/' },
    branding: { accentColor: '#2d72d2', logo: null },
    person: { name: 'Ada Lovelace أدا עדה', company: 'Warm-up Ltd' },
    submission: {
      id: '00000000-0000-4000-8000-000000000000',
      date: '1 January 2026',
      overallLevel: 2,
      cumulativeAverage: 1.5,
    },
    pillars: [0, 1, 2, 3, 1, 2].map((level, index) => ({
      name: `Pillar ${index + 1}`,
      level,
      normalizedScore: level / 3,
      percentage: (level / 3) * 100,
      current: cell(level),
      next: level >= 3 ? null : cell(level + 1),
      lowest: [{ question: 'How is this done today, and by whom?', answer: 'By hand, now and then.' }],
    })),
    analysis: {
      summary: 'A summary of a few sentences, as the analysis writes one.',
      recommendations: [1, 2, 3].map((n) => ({ title: `Recommendation ${n}`, description: 'Do this next.' })),
      writtenBy: 'builtin',
      model: null,
    },
    comparison: {
      count: 12,
      similarity: 'with 11-25 employees',
      averageLevel: 1.5,
      distribution: [0, 1, 2, 3].map((level) => ({ level, percentage: 25 })),
      pillars: [1, 2, 3, 4, 5, 6].map((n) => ({ name: `Pillar ${n}`, yours: 0.5, peers: 0.4 })),
    },
  };
}
