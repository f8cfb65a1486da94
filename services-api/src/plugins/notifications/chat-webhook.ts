import type { ChatWebhook, ChatWebhookKind, TestChatWebhookResult } from '@msp/shared';
import type { Executor } from '../../db/knex.js';
import { ConflictError } from '../../domain/errors.js';
import type { AuditWriter } from '../../http/audit-trail.js';
import { ANSWER_LIMITS, textAtMost } from '../../http/outgoing.js';
import { lastFour, type SecretBox } from '../../domain/secret-box.js';
import { levelText, type LeadSummary } from './lead-summary.js';
import { NOTIFICATIONS_CHANNEL } from './preferences.js';

/** A chat service that has not answered by then has failed the post. */
export const CHAT_TIMEOUT_MS = 10_000;

interface ChatWebhookRow {
  kind: ChatWebhookKind;
  url_sealed: string;
  hint: string;
  updated_at: Date;
}

/** The stored channel, its URL unsealed; null when none is set. */
export async function readChatTarget(
  db: Executor,
  box: SecretBox,
): Promise<{ kind: ChatWebhookKind; url: string } | null> {
  const row = await db<ChatWebhookRow>('chat_webhook').first();
  return row ? { kind: row.kind, url: box.open(row.url_sealed) } : null;
}

export async function describeChatWebhook(db: Executor): Promise<ChatWebhook> {
  const row = await db<ChatWebhookRow>('chat_webhook').first('kind', 'hint', 'updated_at');
  return row
    ? { configured: true, kind: row.kind, hint: row.hint, updatedAt: new Date(row.updated_at).toISOString() }
    : { configured: false, kind: null, hint: null, updatedAt: null };
}

/** Sets the channel: its URL sealed, its host and last four characters kept to tell it by. */
export async function saveChatWebhook(
  db: Executor,
  box: SecretBox,
  body: { kind: ChatWebhookKind; url: string },
  audit: AuditWriter,
): Promise<ChatWebhook> {
  const hint = `${new URL(body.url).host} …${lastFour(body.url) || '****'}`;
  const values = { kind: body.kind, url_sealed: box.seal(body.url), hint, updated_at: db.fn.now() };
  await db('chat_webhook')
    .insert({ id: 1, ...values })
    .onConflict('id')
    .merge(values);
  await db.raw(`NOTIFY ${NOTIFICATIONS_CHANNEL}`);
  // The URL is the secret: the trail keeps which service and which host.
  await audit(db, { summary: { kind: body.kind, host: new URL(body.url).host } });
  return describeChatWebhook(db);
}

export async function deleteChatWebhook(db: Executor, audit: AuditWriter): Promise<void> {
  await db('chat_webhook').delete();
  await db.raw(`NOTIFY ${NOTIFICATIONS_CHANNEL}`);
  await audit(db);
}

/** Text for Slack's mrkdwn: its three control characters escaped, as Slack asks. */
function slackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The lines of a lead's message: who, the levels, where from. */
function leadLines(lead: LeadSummary): string[] {
  return [
    `Overall ${levelText(lead.overallLevel)}`,
    lead.pillars.map((pillar) => `${pillar.name}: ${pillar.level}`).join(' · '),
    `From ${lead.source ?? 'a direct visit'}${lead.campaign ? `, campaign ${lead.campaign}` : ''}`,
  ];
}

/**
 * A message in the service's own incoming-webhook format: Slack's text with a section block;
 * Microsoft Teams' (its Workflows webhook) an Adaptive Card in a message.
 */
export function chatMessage(
  kind: ChatWebhookKind,
  title: string,
  lines: string[],
  link?: { url: string; label: string },
) {
  if (kind === 'slack') {
    const body = [
      `*${slackText(title)}*`,
      ...lines.map(slackText),
      ...(link ? [`<${link.url}|${slackText(link.label)}>`] : []),
    ].join('\n');
    return { text: `${title}`, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: body } }] };
  }
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...lines.map((line) => ({ type: 'TextBlock', text: line, wrap: true, spacing: 'Small' })),
          ],
          ...(link ? { actions: [{ type: 'Action.OpenUrl', title: link.label, url: link.url }] } : {}),
        },
      },
    ],
  };
}

/** A new lead's message. */
export function newLeadMessage(kind: ChatWebhookKind, lead: LeadSummary) {
  return chatMessage(kind, `New lead: ${lead.company}, ${lead.name}`, leadLines(lead), {
    url: lead.url,
    label: 'Open the submission',
  });
}

/** Posts a message; the service's answer in words when it is not a 2xx. */
export async function postChatMessage(
  target: { url: string },
  message: unknown,
  signal: AbortSignal,
): Promise<TestChatWebhookResult> {
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'msp-maturity-notifications/1' },
      body: JSON.stringify(message),
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    const reason = signal.aborted
      ? `no answer within ${CHAT_TIMEOUT_MS / 1000} s`
      : ((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
    return { delivered: false, httpStatus: null, error: `could not post: ${reason}` };
  }
  const excerpt = (await textAtMost(response, ANSWER_LIMITS.webhook).catch(() => '')).slice(0, 200).trim();
  if (response.ok) return { delivered: true, httpStatus: response.status, error: null };
  return {
    delivered: false,
    httpStatus: response.status,
    error: `answered ${response.status}${excerpt ? `: ${excerpt}` : ''}`,
  };
}

/** The admin's test post: at once, its outcome the answer. */
export async function testChatWebhook(
  db: Executor,
  box: SecretBox,
  productName: string,
): Promise<TestChatWebhookResult> {
  const target = await readChatTarget(db, box);
  if (!target) throw new ConflictError('No chat webhook is set: save its URL first.');
  return postChatMessage(
    target,
    chatMessage(target.kind, `A test message from ${productName}`, [
      'New leads will be posted here as they arrive.',
    ]),
    AbortSignal.timeout(CHAT_TIMEOUT_MS),
  );
}
