import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** What a failure lists for each violation: the rule, its impact and the elements it found. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Impacts that fail a test: WCAG 2.1 AA is the bar, and these are the ones a person is stopped by. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** Moderate rules that fail too: content outside every landmark is lost to landmark navigation. */
const FAILING_RULES = new Set(['region']);

/** Blueprint's classes while an overlay or a toast fades in or out: colours axe cannot judge. */
const TRANSITIONS = [
  '.bp6-overlay-appear-active',
  '.bp6-overlay-enter-active',
  '.bp6-overlay-exit-active',
  '.bp6-toast-appear-active',
  '.bp6-toast-enter-active',
  '.bp6-toast-exit-active',
].join(', ');

/**
 * Runs axe-core against the page as it is now (WCAG 2.0/2.1 A and AA rules and best practices)
 * and returns its serious and critical violations, and content outside the landmarks, with
 * whether a transition ran during the run (a toast that began to leave). `include` narrows the
 * run, e.g. to an open dialog.
 */
async function axeRun(page: Page, include?: string): Promise<{ findings: AxeFinding[]; unsettled: boolean }> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated through the DevTools protocol: the app's Content-Security-Policy blocks an inline
    // script tag, and the test should see the page exactly as served.
    await page.evaluate(axe.source);
  }
  const { violations, unsettled } = await page.evaluate(
    async ({ include, transitions }) => {
      let moved = false;
      const observer = new MutationObserver(() => {
        if (document.querySelector(transitions)) moved = true;
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['class'],
      });
      const context = include ? { include: [include] } : document;
      const run = await window.axe.run(context, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        resultTypes: ['violations'],
        // Frames hold admin-authored email previews, not our interface, and have no axe to answer.
        iframes: false,
      });
      observer.disconnect();
      return {
        unsettled: moved || document.querySelector(transitions) !== null,
        violations: run.violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? 'unknown',
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        })),
      };
    },
    { include, transitions: TRANSITIONS },
  );
  return {
    unsettled,
    findings: violations.filter(
      (finding) => FAILING_IMPACTS.has(finding.impact) || FAILING_RULES.has(finding.id),
    ),
  };
}

/** A readable list of findings: one line per rule, then the elements it flagged. */
export function formatFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.id} (${finding.impact}): ${finding.help}\n` +
        finding.targets.map((target) => `    ${target}`).join('\n'),
    )
    .join('\n');
}

/** Runs axe again when a transition ran during a run, or contrast alone failed: at most this many runs. */
const AXE_RUNS_MAX = 3;

/**
 * Fails with the list of serious and critical accessibility violations on the page, naming
 * `where` (the screen or dialog) so a failure says which view regressed.
 */
export async function expectAccessible(page: Page, where: string, include?: string): Promise<void> {
  let findings: AxeFinding[] = [];
  for (let run = 1; run <= AXE_RUNS_MAX; run++) {
    await page.waitForFunction((transitions) => document.querySelector(transitions) === null, TRANSITIONS);
    const outcome = await axeRun(page, include);
    findings = outcome.findings;
    if (findings.length === 0) break;
    // A toast that began to fade out while axe measured it is judged again once it has gone. So
    // is a page whose only finding is contrast, a moment later: right after a switch to the dark
    // theme, CI's browser lane once read every text of the lead desk against the old background,
    // with the page already wearing the new theme. A real contrast fault fails every run.
    const contrastOnly = findings.every((finding) => finding.id === 'color-contrast');
    if (!outcome.unsettled && !contrastOnly) break;
    if (contrastOnly && run < AXE_RUNS_MAX) await page.waitForTimeout(1_000);
  }
  if (findings.length > 0) {
    throw new Error(`Accessibility violations on ${where}:\n${formatFindings(findings)}`);
  }
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
