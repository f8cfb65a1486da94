import type { Frame, Page } from 'playwright-core';

/** A visitor of the browser tests: the demographic step's text fields by label, and its two choices. */
export interface Visitor {
  readonly text: Readonly<Record<string, string>>;
  /** "Number of Employees in Your Company". */
  readonly employees: string;
  /** "Number of Companies Your MSP Manages". */
  readonly companies: string;
}

/** Fills the demographic step as the visitor, leaving out the text fields named in `skip`. */
export async function fillDemographics(page: Page | Frame, visitor: Visitor, skip: readonly string[] = []) {
  for (const [label, value] of Object.entries(visitor.text)) {
    if (!skip.includes(label)) await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page
    .getByLabel('Number of Employees in Your Company', { exact: true })
    .selectOption(visitor.employees);
  await page
    .getByLabel('Number of Companies Your MSP Manages', { exact: true })
    .selectOption(visitor.companies);
}

/** Reads "Question X of Y". */
export async function questionPosition(page: Page | Frame): Promise<{ current: number; total: number }> {
  const text = await page.getByText(/^Question \d+ of \d+$/).textContent();
  const [, current, total] = text!.match(/Question (\d+) of (\d+)/)!;
  return { current: Number(current), total: Number(total) };
}
