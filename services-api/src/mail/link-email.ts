import { escapeHtml } from '@msp/shared';
import type { OutgoingEmail } from './mailer.js';

/**
 * A short email whose point is one link (a sign-in link, the link to a saved draft): the lead, the
 * link as a button and written out, and a closing line, in plain text and the same words in HTML,
 * in the reader's language and direction.
 */
export function linkEmail(input: {
  to: string;
  subject: string;
  language: string;
  dir: 'ltr' | 'rtl';
  lead: string;
  action: string;
  url: string;
  closing: string;
}): Omit<OutgoingEmail, 'messageId'> {
  const { lead, action, url, closing } = input;
  const html = `<!doctype html><html lang="${escapeHtml(input.language)}" dir="${input.dir}"><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1c2127">
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#2d72d2;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#5f6b7c">${escapeHtml(url)}</p>
<p>${escapeHtml(closing)}</p>
</body></html>`;
  return { to: input.to, subject: input.subject, text: `${lead}\n\n${url}\n\n${closing}\n`, html };
}
