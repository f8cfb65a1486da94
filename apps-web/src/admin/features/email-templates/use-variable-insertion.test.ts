import { describe, expect, it } from 'vitest';
import { withToken } from './use-variable-insertion.js';

describe('inserting a template variable', () => {
  it('puts the token at the caret and the caret after it', () => {
    expect(withToken('Hi ,', 3, 3, '{{firstName}}')).toEqual({ next: 'Hi {{firstName}},', caret: 16 });
  });

  it('replaces the selected text', () => {
    expect(withToken('Hi NAME!', 3, 7, '{{firstName}}')).toEqual({ next: 'Hi {{firstName}}!', caret: 16 });
  });

  it('appends at the end of an untouched field', () => {
    expect(withToken('Dear', 4, 4, '{{x}}')).toEqual({ next: 'Dear{{x}}', caret: 9 });
  });
});
