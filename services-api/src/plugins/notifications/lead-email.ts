import { escapeHtml } from '@msp/shared';
import type { OutgoingEmail } from '../../mail/mailer.js';
import { accountEmailHtml, greetingFor } from '../invites/invite-email.js';
import { levelText, type LeadSummary } from './lead-summary.js';

/** Who an email goes to, and the links it carries: their page of choices, and the one-click stop. */
export interface LeadEmailRecipient {
  email: string;
  firstName: string | null;
  /** The admin's own notification choices. */
  profileUrl: string;
  /** RFC 8058's one-click unsubscribe (POST). */
  unsubscribeUrl: string;
}

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

function cameFrom(lead: LeadSummary): string {
  const parts = [
    lead.source ? `source ${lead.source}` : 'a direct visit',
    lead.campaign ? `campaign ${lead.campaign}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** One lead as lines of text: who, the levels, where from, the link. */
function leadLines(lead: LeadSummary): string[] {
  return [
    `${lead.company}: ${lead.name}`,
    `Overall ${levelText(lead.overallLevel)}`,
    ...lead.pillars.map((pillar) => `  ${pillar.name}: ${levelText(pillar.level)}`),
    `From ${cameFrom(lead)} · ${when.format(lead.submittedAt)} UTC`,
    lead.url,
  ];
}

/** One lead as an HTML block: every value escaped, whatever a visitor typed. */
function leadHtml(lead: LeadSummary): string {
  const pillars = lead.pillars
    .map((pillar) => `<li>${escapeHtml(pillar.name)}: ${escapeHtml(levelText(pillar.level))}</li>`)
    .join('');
  return `<div style="margin:0 0 16px;padding:12px;border:1px solid #d3d8de;border-radius:4px">
<p style="margin:0"><strong>${escapeHtml(lead.company)}</strong>: ${escapeHtml(lead.name)}</p>
<p style="margin:4px 0">Overall <strong>${escapeHtml(levelText(lead.overallLevel))}</strong></p>
<ul style="margin:4px 0;padding-left:20px">${pillars}</ul>
<p style="margin:4px 0;color:#5f6b7c">From ${escapeHtml(cameFrom(lead))} · ${escapeHtml(when.format(lead.submittedAt))} UTC</p>
<p style="margin:4px 0"><a href="${escapeHtml(lead.url)}">Open the submission</a></p>
</div>`;
}

function footer(recipient: LeadEmailRecipient, why: string) {
  return {
    html: `<p style="font-size:13px;color:#5f6b7c">${escapeHtml(why)} <a href="${escapeHtml(recipient.profileUrl)}">Change or stop these emails</a>.</p>`,
    text: `${why} Change or stop these emails: ${recipient.profileUrl}`,
  };
}

function compose(
  recipient: LeadEmailRecipient,
  subject: string,
  intro: string,
  leads: readonly LeadSummary[],
  why: string,
): OutgoingEmail {
  const end = footer(recipient, why);
  return {
    to: recipient.email,
    subject,
    html: accountEmailHtml([
      `<p>${escapeHtml(greetingFor(recipient.firstName))}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      ...leads.map(leadHtml),
      end.html,
    ]),
    text:
      [
        greetingFor(recipient.firstName),
        intro,
        ...leads.map((lead) => leadLines(lead).join('\n')),
        end.text,
      ].join('\n\n') + '\n',
    unsubscribeUrl: recipient.unsubscribeUrl,
  };
}

/** A new submission, to an administrator who asked for every one or for the ones it matches. */
export function newLeadEmail(
  recipient: LeadEmailRecipient,
  lead: LeadSummary,
  matching: boolean,
): OutgoingEmail {
  return compose(
    recipient,
    `New lead: ${lead.company} (${levelText(lead.overallLevel)})`,
    `${lead.name} of ${lead.company} has just completed the assessment.`,
    [lead],
    matching
      ? 'You asked to hear of new submissions matching your filter.'
      : 'You asked to hear of every new submission.',
  );
}

/** The day's digest: every submission since the last one, oldest first. */
export function digestEmail(
  recipient: LeadEmailRecipient,
  leads: readonly LeadSummary[],
  since: Date,
): OutgoingEmail {
  const count = leads.length === 1 ? '1 new submission' : `${leads.length} new submissions`;
  return compose(
    recipient,
    `Your daily digest: ${count}`,
    `${count} since ${when.format(since)} UTC.`,
    leads,
    'You asked for a daily digest of new submissions.',
  );
}

/** Leads given to an administrator by someone else. */
export function assignedEmail(
  recipient: LeadEmailRecipient,
  leads: readonly LeadSummary[],
  by: string,
): OutgoingEmail {
  const one = leads.length === 1;
  return compose(
    recipient,
    one ? `Lead assigned to you: ${leads[0]!.company}` : `${leads.length} leads assigned to you`,
    `${by} gave you ${one ? 'this lead' : 'these leads'} to follow up.`,
    leads,
    'You are emailed when a lead is given to you.',
  );
}

/** The morning a next step of their leads falls due. */
export function dueEmail(
  recipient: LeadEmailRecipient,
  leads: readonly LeadSummary[],
  dueOn: string,
): OutgoingEmail {
  const [year, month, date] = dueOn.split('-').map(Number) as [number, number, number];
  const count = leads.length === 1 ? 'A next step is' : `${leads.length} next steps are`;
  return compose(
    recipient,
    `${count} due today`,
    `${count} due today, ${day.format(new Date(Date.UTC(year, month - 1, date)))}, on leads you own.`,
    leads,
    'You are emailed on the morning a next step of your leads falls due.',
  );
}
