import { describe, expect, it } from 'vitest';
import { messageIdOf, unitIds } from './units.js';

describe('unit ids of the product’s own strings', () => {
  it('reads back the message a ui unit names, and nothing from a content unit', () => {
    expect(messageIdOf(unitIds.message('results.title'))).toBe('results.title');
    expect(messageIdOf('pillar.processes.name')).toBeUndefined();
    expect(messageIdOf('uix.name')).toBeUndefined();
  });
});
