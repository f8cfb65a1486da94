import { describe, expect, it } from 'vitest';
import {
  pillarLevelVariable,
  renderTemplate,
  SAMPLE_TEMPLATE_VALUES,
  sampleValuesFor,
  TEMPLATE_VARIABLES,
  templateVariables,
  templateVariablesFor,
} from './render.js';

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

describe('variables of the current pillars', () => {
  it('names each pillar by its name, in pillar order, between the fixed ones and the link and colours', () => {
    expect(pillarLevelVariable('KPIs')).toBe('kpis_level');
    expect(pillarLevelVariable('Know-how & Skills')).toBe('know_how_skills_level');
    expect(
      templateVariablesFor(['Expertise', 'Processes', 'Alignment', 'Leadership', 'Tooling', 'KPIs']),
    ).toEqual([...TEMPLATE_VARIABLES]);
    expect(templateVariablesFor(['Know-how', 'KPIs'])).toEqual([
      'firstName',
      'lastName',
      'companyName',
      'overall_level',
      'know_how_level',
      'kpis_level',
      'results_url',
      'accent_color',
      'accent_text_color',
    ]);
  });

  it('flags the variable a renamed pillar left behind', () => {
    const allowed = templateVariablesFor(['Know-how', 'KPIs']);
    expect(templateVariables('{{expertise_level}} {{know_how_level}} {{firstName}}', allowed)).toEqual({
      known: ['know_how_level', 'firstName'],
      unknown: ['expertise_level'],
    });
  });

  it('gives every variable a sample, the shipped ones where there are some', () => {
    const samples = sampleValuesFor(templateVariablesFor(['Know-how', 'KPIs']));
    expect(samples.firstName).toBe(SAMPLE_TEMPLATE_VALUES.firstName);
    expect(samples.kpis_level).toBe(SAMPLE_TEMPLATE_VALUES.kpis_level);
    expect(samples.know_how_level).toMatch(/^Level \d: /);
  });
});
