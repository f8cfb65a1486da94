import { describe, expect, it } from 'vitest';
import { renderTemplate, SAMPLE_TEMPLATE_VALUES, TEMPLATE_VARIABLES, templateVariables } from './render.js';

describe('renderTemplate', () => {
  it('fills known variables, with or without spaces inside the braces', () => {
    expect(renderTemplate('Hi {{firstName}} {{ lastName }}!', { firstName: 'Dana', lastName: 'Reyes' })).toBe(
      'Hi Dana Reyes!',
    );
  });

  it('escapes values so a visitor cannot inject markup', () => {
    expect(
      renderTemplate('<p>{{companyName}}</p>', { companyName: '<img src=x onerror=alert(1)> & "Co"' }),
    ).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;</p>');
  });

  it('leaves unknown or missing variables visible', () => {
    expect(renderTemplate('{{first_name}} {{firstName}}', {})).toBe('{{first_name}} {{firstName}}');
  });

  it('has a sample value for every variable', () => {
    const all = TEMPLATE_VARIABLES.map((name) => `{{${name}}}`).join(' ');
    expect(renderTemplate(all, SAMPLE_TEMPLATE_VALUES)).not.toContain('{{');
  });
});

describe('templateVariables', () => {
  it('reports known and unknown variables once each', () => {
    expect(templateVariables('{{firstName}} {{firstname}} {{firstName}} {{kpis_level}} {{ nope }}')).toEqual({
      known: ['firstName', 'kpis_level'],
      unknown: ['firstname', 'nope'],
    });
  });
});
