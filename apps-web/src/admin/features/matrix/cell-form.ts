import { MatrixCellInput } from '@msp/shared';
import type { MatrixCell } from '@msp/shared/browser';
import { z } from 'zod';

/**
 * The matrix cell form: the text of the inputs, checked with the server's own schema so
 * the form shows the server's messages.
 */
export const cellFormSchema = z
  .object({
    shortDescription: z.string(),
    detailedContent: z.string(),
    requirements: z.string(),
    examples: z.string(),
    metrics: z.string(),
    nextSteps: z.string(),
  })
  .transform((values, ctx) => {
    const result = MatrixCellInput.safeParse(values);
    if (result.success) return result.data;
    for (const { path, message } of result.error.issues)
      ctx.addIssue({ code: 'custom', path, message, input: values });
    return z.NEVER;
  });

/** Short descriptions are at most 200 characters. */
export const SHORT_DESCRIPTION_MAX = 200;

/** What the inputs hold: text, blank for the optional sections. */
export type CellFormValues = z.input<typeof cellFormSchema>;

/** The request body: trimmed, blank optional sections as null. */
export type CellBody = z.output<typeof cellFormSchema>;

/** The form filled in from the cell, or blank for a new one. */
export function cellDefaults(cell: MatrixCell | undefined): CellFormValues {
  return {
    shortDescription: cell?.shortDescription ?? '',
    detailedContent: cell?.detailedContent ?? '',
    requirements: cell?.requirements ?? '',
    examples: cell?.examples ?? '',
    metrics: cell?.metrics ?? '',
    nextSteps: cell?.nextSteps ?? '',
  };
}

/** The optional sections, in the order of the detail dialog. */
export const OPTIONAL_SECTIONS = [
  { name: 'requirements', label: 'Requirements', placeholder: '- What must be in place at this level' },
  { name: 'examples', label: 'Examples', placeholder: '- What this looks like in a real MSP' },
  { name: 'metrics', label: 'Metrics', placeholder: '- How progress is measured' },
  { name: 'nextSteps', label: 'Next steps', placeholder: '- How to reach the next level' },
] as const satisfies readonly { name: keyof CellFormValues; label: string; placeholder: string }[];
