import { endpoints, type FunnelEvent } from '@msp/shared/browser';
import { visitAttribution } from '../attribution/visit-attribution.js';

/**
 * The funnel's side in the visitor's browser: each step a visit reaches is reported once, with
 * `navigator.sendBeacon` (it survives the page being closed, and sends a string as text/plain,
 * which needs no CORS preflight). No cookie: what this visit already reported lives in session
 * storage under a random visit id, and ends with the tab. The server is sent the step, the
 * campaign source and a time on the step before; never the visit id, an answer or anything typed.
 */

const VISIT_KEY = 'msp-funnel-visit';

/** What this visit has reported: each step once, and each timed step's time once. */
interface VisitRecord {
  id: string;
  reported: string[];
}

/** The step whose time is running: the one on screen, if it is timed. */
interface Timed {
  step: 'demographics' | 'question';
  questionId?: number;
  since: number;
}

export type FunnelStepReport =
  | { step: 'landing' | 'started' | 'demographics' | 'submitted' | 'results' }
  | { step: 'question'; questionId: number; position: number };

// Session storage may be refused (a privacy mode, a sandboxed frame): the visit then lasts as long
// as the page, kept here.
const memory = new Map<string, string>();

function readItem(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function writeItem(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
  }
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

function readVisit(): VisitRecord {
  try {
    const parsed = JSON.parse(readItem(VISIT_KEY) ?? '') as Partial<VisitRecord>;
    if (typeof parsed.id === 'string' && Array.isArray(parsed.reported)) {
      return { id: parsed.id, reported: parsed.reported.filter((entry) => typeof entry === 'string') };
    }
  } catch {
    // Nothing stored yet, or something that is not a visit: a new visit starts.
  }
  const visit = { id: randomId(), reported: [] };
  writeItem(VISIT_KEY, JSON.stringify(visit));
  return visit;
}

function send(event: FunnelEvent): void {
  const body = JSON.stringify(event);
  const path = endpoints.recordFunnelEvent.path;
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(path, body)) return;
  } catch {
    // A browser that refuses the beacon gets the fetch below.
  }
  // No beacon (or its queue is full): a plain request that outlives the page, and sends no cookie.
  void fetch(path, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}

let timed: Timed | undefined;

const stepKey = (report: FunnelStepReport) =>
  report.step === 'question' ? `question:${report.position}` : report.step;
const timedKey = (step: Timed) =>
  step.step === 'question' ? `left:question:${step.questionId}` : `left:${step.step}`;

/**
 * Reports that the visit reached a step, unless it did before. The time on the timed step before it
 * (the demographics or a question) rides along the first time the visit moves on from there; going
 * back to an earlier step restarts that step's clock and reports nothing.
 */
export function reportFunnelStep(report: FunnelStepReport): void {
  if (typeof window === 'undefined') return;
  const visit = readVisit();
  const key = stepKey(report);
  const firstTime = !visit.reported.includes(key);
  const now = performance.now();

  if (firstTime) {
    const event: FunnelEvent = { ...report };
    // The visit's first utm_source, as its submission will carry it.
    const source = visitAttribution().source;
    if (source) event.source = source;
    if (timed && !visit.reported.includes(timedKey(timed))) {
      event.left = {
        step: timed.step,
        ...(timed.questionId !== undefined && { questionId: timed.questionId }),
        ms: Math.min(Math.round(now - timed.since), 86_400_000),
      };
      visit.reported.push(timedKey(timed));
    }
    visit.reported.push(key);
    writeItem(VISIT_KEY, JSON.stringify(visit));
    send(event);
  }

  if (report.step === 'demographics') timed = { step: 'demographics', since: now };
  else if (report.step === 'question')
    timed = { step: 'question', questionId: report.questionId, since: now };
  else timed = undefined;
}

/** Whether this visit reported a submission: only then do the results count as its last step. */
export function visitSubmitted(): boolean {
  if (typeof window === 'undefined') return false;
  return readVisit().reported.includes('submitted');
}
