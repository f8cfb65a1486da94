import { comparisonKeys, type ComparisonBasis } from '@msp/shared/browser';

const withUnit = (value: string, unit: RegExp, word: string) =>
  unit.test(value) ? value : `${value} ${word}`;

/**
 * What the compared MSPs have in common with the visitor, from the visitor's own answers and the
 * basis the server used: "with 11-25 employees managing 26-50 companies", "across all company sizes".
 */
export function similarityPhrase(
  basis: ComparisonBasis,
  demographicData: Readonly<Record<string, string>>,
): string {
  const { employeeCount, managedCompanies } = comparisonKeys(demographicData);
  const employees = employeeCount ? `with ${withUnit(employeeCount, /employee/i, 'employees')}` : null;
  const companies = managedCompanies
    ? `managing ${withUnit(managedCompanies, /compan|client/i, 'companies')}`
    : null;
  switch (basis) {
    case 'employees_and_companies':
      return [employees, companies].filter(Boolean).join(' ') || 'of a similar size';
    case 'employees':
      return employees ?? 'with a similar number of employees';
    case 'companies':
      return companies ?? 'managing a similar number of companies';
    default:
      return 'across all company sizes';
  }
}
