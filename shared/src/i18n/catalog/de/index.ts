import type { MessagesOf } from '../types.js';
import type { EN_MESSAGES } from '../en/index.js';
import analyst from './analyst.js';
import levels from './levels.js';
import publicMessages from './public.js';
import assessment from './assessment.js';
import results from './results.js';
import report from './report.js';
import site from './site.js';
import visitor from './visitor.js';
import reminders from './reminders.js';
import teamEmail from './team-email.js';
import drafts from './drafts.js';
import teams from './teams.js';

/** The product's own strings in German: complete, which the type checks. */
export const DE_MESSAGES: MessagesOf<typeof EN_MESSAGES> = {
  ...levels,
  ...analyst,
  ...publicMessages,
  ...assessment,
  ...results,
  ...report,
  ...site,
  ...visitor,
  ...reminders,
  ...teamEmail,
  ...drafts,
  ...teams,
};
