import type { IconName } from '@blueprintjs/core';
import type { MessageId } from '@msp/shared/browser';

/** The four numbered points of "What to Expect", by their messages. */
export const EXPECTATIONS: { title: MessageId; text: MessageId }[] = [
  { title: 'landing.expect.evaluation.title', text: 'landing.expect.evaluation.text' },
  { title: 'landing.expect.analysis.title', text: 'landing.expect.analysis.text' },
  { title: 'landing.expect.roadmap.title', text: 'landing.expect.roadmap.text' },
  { title: 'landing.expect.benchmark.title', text: 'landing.expect.benchmark.text' },
];

/**
 * Time, cost and speed of results: a whole phrase for the hero's facts (word order is the
 * translator's), value and label apart for the stats card.
 */
export const STATS: { fact: MessageId; value: MessageId; label: MessageId; icon: IconName }[] = [
  {
    fact: 'landing.fact.time',
    value: 'landing.stat.time.value',
    label: 'landing.stat.time.label',
    icon: 'time',
  },
  {
    fact: 'landing.fact.cost',
    value: 'landing.stat.cost.value',
    label: 'landing.stat.cost.label',
    icon: 'tag',
  },
  {
    fact: 'landing.fact.speed',
    value: 'landing.stat.speed.value',
    label: 'landing.stat.speed.label',
    icon: 'lightning',
  },
];

/** The three steps of the IMPACT framework. */
export const IMPACT_STEPS: { title: MessageId; text: MessageId; icon: IconName }[] = [
  { title: 'landing.impact.quantify.title', text: 'landing.impact.quantify.text', icon: 'calculator' },
  { title: 'landing.impact.define.title', text: 'landing.impact.define.text', icon: 'layers' },
  { title: 'landing.impact.realize.title', text: 'landing.impact.realize.text', icon: 'trending-up' },
];
