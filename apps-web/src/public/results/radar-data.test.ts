import { describe, expect, it } from 'vitest';
import { createTranslator, type PillarScore } from '@msp/shared/browser';
import { BUILT_IN_CATALOGUES, EN_MESSAGES } from '@msp/shared/catalogues';
import { radarData, radarDescription, radarValueLabel } from './radar-data.js';

const en = createTranslator('en', EN_MESSAGES);
const de = createTranslator('de', BUILT_IN_CATALOGUES.de!, EN_MESSAGES);
const RADAR_SERIES = 'Your score';

const score = (pillarName: string, normalizedScore: number, level: 0 | 1 | 2 | 3): PillarScore => ({
  pillarId: pillarName.length,
  pillarKey: pillarName.toLowerCase(),
  pillarName,
  score: level,
  normalizedScore,
});

describe('radar chart data', () => {
  it('plots each pillar at its normalized score on the 0-3 scale, so one level can show two values', () => {
    const data = radarData(
      [score('Tooling', 0.42, 1), score('KPIs', 0.48, 1), score('Leadership', 1, 3)],
      RADAR_SERIES,
    );
    expect(data).toEqual([
      { pillar: 'Tooling', [RADAR_SERIES]: 1.26 },
      { pillar: 'KPIs', [RADAR_SERIES]: 1.44 },
      { pillar: 'Leadership', [RADAR_SERIES]: 3 },
    ]);
  });

  it('plots no score at the centre', () => {
    expect(radarData([score('Expertise', 0, 0)], RADAR_SERIES)[0]![RADAR_SERIES]).toBe(0);
  });

  it('reads a value back as a percentage, and describes every pillar for screen readers', () => {
    expect(radarValueLabel(en, 1.44)).toBe('48%');
    expect(radarDescription(en, [score('Tooling', 0.42, 1), score('KPIs', 0.95, 3)])).toBe(
      'Tooling: 42%, Level 1: Some; KPIs: 95%, Level 3: Mature',
    );
  });

  it('reads them in German, with German percentages and level names', () => {
    expect(radarValueLabel(de, 1.44)).toBe('48\u00a0%');
    expect(radarDescription(de, [score('Werkzeuge', 0.42, 1)])).toBe(
      `Werkzeuge: 42\u00a0%, ${de('level.label', { level: 1, name: de('level.1.name') })}`,
    );
  });
});
