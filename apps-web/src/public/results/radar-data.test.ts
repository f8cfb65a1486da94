import { describe, expect, it } from 'vitest';
import { createTranslator, type PillarScore } from '@msp/shared/browser';
import { BUILT_IN_CATALOGUES, EN_MESSAGES } from '@msp/shared/catalogues';
import { radarDescription, radarGeometry, radarValueLabel } from './radar-data.js';

const en = createTranslator('en', EN_MESSAGES);
const de = createTranslator('de', BUILT_IN_CATALOGUES.de!, EN_MESSAGES);

const score = (pillarName: string, normalizedScore: number, level: 0 | 1 | 2 | 3): PillarScore => ({
  pillarId: pillarName.length,
  pillarKey: pillarName.toLowerCase(),
  pillarName,
  score: level,
  normalizedScore,
});

describe('radar chart data', () => {
  /** How far a point is from the centre, as a share of the outer ring's radius. */
  const reach = (geometry: ReturnType<typeof radarGeometry>, point: { x: number; y: number }) => {
    const outer = geometry.spokes[0]!;
    const radius = Math.hypot(outer.x - geometry.centre.x, outer.y - geometry.centre.y);
    return Math.hypot(point.x - geometry.centre.x, point.y - geometry.centre.y) / radius;
  };

  it('plots each pillar at its normalized score on the 0-3 scale, so one level can show two values', () => {
    const chart = radarGeometry([
      score('Tooling', 0.42, 1),
      score('KPIs', 0.48, 1),
      score('Leadership', 1, 3),
    ]);
    expect(chart.dots.map((dot) => reach(chart, dot))).toEqual([
      expect.closeTo(0.42, 2),
      expect.closeTo(0.48, 2),
      expect.closeTo(1, 2),
    ]);
    // One ring per level, and a spoke per pillar; the first points straight up.
    expect(chart.rings).toHaveLength(3);
    expect(chart.spokes).toHaveLength(3);
    expect(chart.spokes[0]!.x).toBe(chart.centre.x);
    expect(chart.spokes[0]!.y).toBeLessThan(chart.centre.y);
    expect(chart.shape).toMatch(/^M[\d.,L]+Z$/);
  });

  it('plots no score at the centre, and draws no shape for fewer than three pillars', () => {
    const chart = radarGeometry([score('Expertise', 0, 0)]);
    expect(reach(chart, chart.dots[0]!)).toBe(0);
    expect(chart.shape).toBe('');
    expect(chart.rings).toHaveLength(3);
  });

  it('sets each name away from the chart, a long one on two lines', () => {
    const chart = radarGeometry([
      score('Tooling', 0.5, 1),
      score('Service Delivery Automation', 0.5, 1),
      score('KPIs', 0.5, 1),
      score('People', 0.5, 1),
    ]);
    expect(chart.dots.map(({ label }) => [label.anchor, label.baseline, label.lines])).toEqual([
      ['middle', 'auto', ['Tooling']],
      ['start', 'central', ['Service Delivery', 'Automation']],
      ['middle', 'hanging', ['KPIs']],
      ['end', 'central', ['People']],
    ]);
  });

  it('reads a value back as a percentage, and describes every pillar for screen readers', () => {
    expect(radarValueLabel(en, 0.48)).toBe('48%');
    expect(radarDescription(en, [score('Tooling', 0.42, 1), score('KPIs', 0.95, 3)])).toBe(
      'Tooling: 42%, Level 1: Some; KPIs: 95%, Level 3: Mature',
    );
  });

  it('reads them in German, with German percentages and level names', () => {
    expect(radarValueLabel(de, 0.48)).toBe('48\u00a0%');
    expect(radarDescription(de, [score('Werkzeuge', 0.42, 1)])).toBe(
      `Werkzeuge: 42\u00a0%, ${de('level.label', { level: 1, name: de('level.1.name') })}`,
    );
  });
});
