import type { NewJob } from '../../../jobs/job-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The reminder to reassess a visitor asked for at submission: a job of the outbox written with the
 * submission, due `days` later (the reminders plugin sends it). The unique key keeps it to one
 * however the submission's statement is retried.
 */
export function reminderJob(submissionId: string, days: number, now = Date.now()): NewJob {
  return {
    kind: 'reassess_reminder',
    submissionId,
    maxAttempts: 4,
    uniqueKey: `reminder:${submissionId}`,
    runAt: new Date(now + days * DAY_MS),
  };
}
