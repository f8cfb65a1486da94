/**
 * How long stopping may take in all: the requests in flight get 10 s (hapi's stop timeout), the
 * job worker's running attempts 8 s, and the database the rest to close; the embedded
 * PostgreSQL's shutdown (a checkpoint) took more than the 15 s this once was on a busy machine,
 * a stop that was slow, not stuck. Kubernetes' default grace period is 30 s too. Past it something
 * is stuck (a connection never given back, a peer that never answers), and a process that never
 * exits holds its port and its container slot: it exits anyway, with code 1 and a line that says
 * why.
 */
export const STOP_DEADLINE_MS = 30_000;

export interface StopStep {
  /** What the step stops, for the log line if it fails. */
  name: string;
  run(): Promise<unknown>;
}

export interface StopOutcome {
  /** Logs a failure; `error` is what the step threw. */
  failed(step: string, error: unknown): void;
  /** Logs that the deadline passed with a step still running. */
  late(step: string, deadlineMs: number): void;
  exit(code: number): void;
}

/**
 * Runs the steps one after another, then exits: 0 when all of them ended well, 1 when one failed
 * (the others still run) or when the deadline passed first.
 */
export async function stopWithin(
  steps: StopStep[],
  outcome: StopOutcome,
  deadlineMs = STOP_DEADLINE_MS,
): Promise<void> {
  let current = steps[0]?.name ?? '';
  let exited = false;
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    clearTimeout(deadline);
    outcome.exit(code);
  };
  const deadline = setTimeout(() => {
    outcome.late(current, deadlineMs);
    exit(1);
  }, deadlineMs);
  let code = 0;
  for (const step of steps) {
    current = step.name;
    try {
      await step.run();
    } catch (error) {
      outcome.failed(step.name, error);
      code = 1;
    }
    if (exited) return;
  }
  exit(code);
}
