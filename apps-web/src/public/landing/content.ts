import type { IconName } from '@blueprintjs/core';

/** The four numbered points of "What to Expect". */
export const EXPECTATIONS: { title: string; text: string }[] = [
  {
    title: '6-Pillar Evaluation',
    text: 'Answer focused questions that score your automation across every pillar of the model.',
  },
  {
    title: 'Instant Analysis',
    text: 'See your overall maturity level and a score for each pillar the moment you submit.',
  },
  {
    title: 'Personalized Roadmap',
    text: 'Get prioritized recommendations for the next steps that will move your MSP forward.',
  },
  {
    title: 'Benchmark Comparison',
    text: 'Compare your results with MSPs of a similar size and client base.',
  },
];

/** The stats card: time, cost and speed of results. */
export const STATS: { value: string; label: string; icon: IconName }[] = [
  { value: '10-15', label: 'minutes to complete', icon: 'time' },
  { value: '100%', label: 'free', icon: 'tag' },
  { value: 'Instant', label: 'results', icon: 'lightning' },
];

/** The three steps of the IMPACT framework. */
export const IMPACT_STEPS: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Quantify the Problem',
    text: 'Measure the hours, cost and risk that manual work creates today, so every decision starts from real numbers.',
    icon: 'calculator',
  },
  {
    title: 'Define the Solution',
    text: 'Design the automation that removes the bottleneck, with a clear scope, an owner and success metrics.',
    icon: 'layers',
  },
  {
    title: 'Realize the Impact',
    text: 'Roll it out, track results against your baseline and reinvest the time you win into growth.',
    icon: 'trending-up',
  },
];
