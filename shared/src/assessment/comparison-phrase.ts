import type { MessageId } from '../i18n/catalog/en/index.js';
import type { MessageValues } from '../i18n/format.js';
import { comparisonKeys } from './demographics.js';

/**
 * Which answers made other submissions "similar" for the peer comparison: both size answers, one
 * of them, or none (every MSP). The contract's `ComparisonBasis` is this list.
 */
export const COMPARISON_BASES = ['employees_and_companies', 'employees', 'companies', 'all'] as const;
type Basis = (typeof COMPARISON_BASES)[number];

/** "yes" when the visitor's own answer already names its unit ("11-25 Employees"), for the message's select. */
const hasUnit = (value: string, unit: RegExp) => (unit.test(value) ? 'yes' : 'no');

/**
 * What the compared MSPs have in common with the visitor, from the visitor's own answers and the
 * basis the server used, in the language of `t`: "with 11-25 employees managing 26-50 companies",
 * "across all company sizes".
 */
export function similarityPhrase(
  t: (id: MessageId, values?: MessageValues) => string,
  basis: Basis,
  demographicData: Readonly<Record<string, string>>,
): string {
  const { employeeCount, managedCompanies } = comparisonKeys(demographicData);
  const employees =
    employeeCount &&
    t('results.comparison.employeeCount', {
      value: employeeCount,
      hasUnit: hasUnit(employeeCount, /employee/i),
    });
  const companies =
    managedCompanies &&
    t('results.comparison.companyCount', {
      value: managedCompanies,
      hasUnit: hasUnit(managedCompanies, /compan|client/i),
    });
  switch (basis) {
    case 'employees_and_companies':
      if (employees && companies) return t('results.comparison.withBoth', { employees, companies });
      if (employees) return t('results.comparison.withEmployees', { employees });
      if (companies) return t('results.comparison.managingCompanies', { companies });
      return t('results.comparison.similarSize');
    case 'employees':
      return employees
        ? t('results.comparison.withEmployees', { employees })
        : t('results.comparison.similarEmployees');
    case 'companies':
      return companies
        ? t('results.comparison.managingCompanies', { companies })
        : t('results.comparison.similarCompanies');
    default:
      return t('results.comparison.allSizes');
  }
}
