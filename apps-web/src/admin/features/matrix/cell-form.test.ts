import { describe, expect, it } from 'vitest';
import { cellDefaults, cellFormSchema } from './cell-form.js';

describe('matrix cell form', () => {
  it('starts blank for a new cell and fills in a saved one', () => {
    expect(cellDefaults(undefined)).toEqual({
      shortDescription: '',
      detailedContent: '',
      requirements: '',
      examples: '',
      metrics: '',
      nextSteps: '',
    });
    expect(
      cellDefaults({
        id: 4,
        pillarId: 1,
        level: 2,
        shortDescription: 'Scripted',
        detailedContent: 'Most work is scripted.',
        requirements: null,
        examples: '- RMM policies',
        metrics: null,
        nextSteps: null,
      }),
    ).toMatchObject({ shortDescription: 'Scripted', requirements: '', examples: '- RMM policies' });
  });

  it('sends trimmed text, blank optional sections as null', () => {
    expect(
      cellFormSchema.parse({
        shortDescription: ' Scripted ',
        detailedContent: 'Most work is scripted.',
        requirements: '  ',
        examples: '- RMM policies',
        metrics: '',
        nextSteps: '',
      }),
    ).toEqual({
      shortDescription: 'Scripted',
      detailedContent: 'Most work is scripted.',
      requirements: null,
      examples: '- RMM policies',
      metrics: null,
      nextSteps: null,
    });
  });

  it('shows the required and length messages', () => {
    const result = cellFormSchema.safeParse({
      ...cellDefaults(undefined),
      shortDescription: 'x'.repeat(201),
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['shortDescription', 'Short description must be at most 200 characters'],
      ['detailedContent', 'Detailed content is required'],
    ]);
  });
});
