/** The variables an email template may use, in the order the editor lists them. */
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
};

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Every `{{name}}` the template uses, split into known and unknown names (each once, in order). */
export function templateVariables(template: string): { known: TemplateVariable[]; unknown: string[] } {
  const known = new Set<TemplateVariable>();
  const unknown = new Set<string>();
  for (const [, name] of template.matchAll(VARIABLE)) {
    if ((TEMPLATE_VARIABLES as readonly string[]).includes(name!)) known.add(name as TemplateVariable);
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
  values: Partial<Record<TemplateVariable, string>>,
  { escape = true }: { escape?: boolean } = {},
): string {
  return template.replace(VARIABLE, (whole, name: string) => {
    const value = values[name as TemplateVariable];
    if (value === undefined) return whole;
    return escape ? escapeHtml(value) : value;
  });
}
