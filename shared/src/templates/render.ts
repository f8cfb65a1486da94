import { levelLabel } from '../scoring/levels.js';

/**
 * The variables an email template may use with the shipped pillars, in the order the editor lists
 * them. Pillars are the admin's data: `templateVariablesFor` gives the list for the pillars there are.
 */
export const TEMPLATE_VARIABLES = [
  'firstName',
  'lastName',
  'companyName',
  'overall_level',
  'expertise_level',
  'processes_level',
  'alignment_level',
  'leadership_level',
  'tooling_level',
  'kpis_level',
  'results_url',
  'accent_color',
  'accent_text_color',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** Values the editor's preview renders with. */
export const SAMPLE_TEMPLATE_VALUES: Record<TemplateVariable, string> = {
  firstName: 'Dana',
  lastName: 'Reyes',
  companyName: 'Northwind IT',
  overall_level: 'Level 2: Advanced',
  expertise_level: 'Level 2: Advanced',
  processes_level: 'Level 1: Some',
  alignment_level: 'Level 2: Advanced',
  leadership_level: 'Level 3: Mature',
  tooling_level: 'Level 2: Advanced',
  kpis_level: 'Level 1: Some',
  results_url: 'https://assess.example.com/results/3f6c2a9e-8b1d-4e5f-9a7c-1d2e3f4a5b6c',
  accent_color: '#215db0',
  accent_text_color: '#ffffff',
};

const REMINDER_SAMPLE_VALUES: Record<(typeof REMINDER_TEMPLATE_VARIABLES)[number], string> = {
  assessment_url: 'https://assess.example.com/assessment',
  my_url: 'https://assess.example.com/my',
};

/** The variables that do not depend on the pillars. */
export const BASE_TEMPLATE_VARIABLES = ['firstName', 'lastName', 'companyName', 'overall_level'] as const;
/**
 * Listed last: the link closes most emails; then the provider's accent colour (Settings, Branding)
 * and the text colour readable on it, for a button.
 */
const TRAILING_TEMPLATE_VARIABLES = ['results_url', 'accent_color', 'accent_text_color'] as const;

/** What an email template is for: the results email, or the reminder to reassess. */
export const EMAIL_TEMPLATE_PURPOSES = ['results', 'reminder'] as const;
export type EmailTemplatePurpose = (typeof EMAIL_TEMPLATE_PURPOSES)[number];

/** What only a reminder has: where to take the assessment again, and "Your assessments". */
export const REMINDER_TEMPLATE_VARIABLES = ['assessment_url', 'my_url'] as const;

/** A pillar's level variable: its name in lower case, other characters as `_` ("KPIs" gives kpis_level). */
export function pillarLevelVariable(pillarName: string): string {
  return `${pillarName.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_level`;
}

/** Every variable a template may use with these pillars, in the order the editor lists them. */
export function templateVariablesFor(
  pillarNames: readonly string[],
  purpose: EmailTemplatePurpose = 'results',
): string[] {
  return [
    ...new Set([
      ...BASE_TEMPLATE_VARIABLES,
      ...pillarNames.map(pillarLevelVariable),
      ...TRAILING_TEMPLATE_VARIABLES,
      ...(purpose === 'reminder' ? REMINDER_TEMPLATE_VARIABLES : []),
    ]),
  ];
}

/**
 * Sample values for a list of variables: the shipped samples where there are some, and a level
 * for any other pillar variable, so a renamed pillar previews like the rest.
 */
export function sampleValuesFor(variables: readonly string[]): Record<string, string> {
  const samples: Record<string, string> = {};
  variables.forEach((name, index) => {
    samples[name] =
      (SAMPLE_TEMPLATE_VALUES as Record<string, string>)[name] ??
      (REMINDER_SAMPLE_VALUES as Record<string, string>)[name] ??
      (name.endsWith('_level') ? levelLabel(index % 4) : name);
  });
  return samples;
}

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Every `{{name}}` the template uses, split into names in `allowed` and unknown names (each once,
 * in order). `allowed` defaults to the shipped pillars' variables; pass `templateVariablesFor`
 * of the current pillars to catch a variable a renamed pillar left behind.
 */
export function templateVariables(
  template: string,
  allowed: readonly string[] = TEMPLATE_VARIABLES,
): { known: string[]; unknown: string[] } {
  const known = new Set<string>();
  const unknown = new Set<string>();
  for (const [, name] of template.matchAll(VARIABLE)) {
    if (allowed.includes(name!)) known.add(name!);
    else unknown.add(name!);
  }
  return { known: [...known], unknown: [...unknown] };
}

/**
 * Fills `{{name}}` placeholders. Values are HTML-escaped (they come from visitors); unknown
 * placeholders are left as written so a mistake is visible rather than silently blank.
 */
export function renderTemplate(
  template: string,
  values: Partial<Record<string, string>>,
  { escape = true }: { escape?: boolean } = {},
): string {
  return template.replace(VARIABLE, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return escape ? escapeHtml(value) : value;
  });
}
