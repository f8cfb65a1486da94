import { randomBytes } from 'node:crypto';
import type { ResponseToolkit, ResponseObject } from '@hapi/hapi';
import { escapeHtml } from '@msp/shared';

const STYLES = `
:root { color-scheme: dark; --bg:#1c2127; --card:#252a31; --text:#f6f7f9; --muted:#abb3bf; --border:#383e47;
  --field:#1c2127; --accent:#2d72d2; --accent-hover:#215db0; --danger-bg:rgba(205,66,70,.18); --danger:#fa999c;
  --weak:#e76a6e; --strong:#32a467; }
[data-theme="light"] { color-scheme: light; --bg:#f6f7f9; --card:#fff; --text:#1c2127; --muted:#5f6b7c;
  --border:#dce0e5; --field:#fff; --danger-bg:rgba(205,66,70,.1); --danger:#ac2f33; --weak:#cd4246;
  --strong:#238551; }
* { box-sizing: border-box; }
body { margin:0; min-height:100vh; display:flex; align-items:center; justify-content:center; padding:24px;
  background:var(--bg); color:var(--text); font:14px/1.5 -apple-system,"BlinkMacSystemFont","Segoe UI","Roboto",
  "Helvetica Neue","Arial",sans-serif; }
main { width:100%; max-width:400px; }
.card { background:var(--card); border:1px solid var(--border); border-radius:8px; padding:28px;
  box-shadow:0 8px 24px rgba(0,0,0,.2); }
.brand { display:flex; align-items:center; gap:10px; margin-bottom:20px; color:inherit; text-decoration:none;
  font-weight:600; }
h1 { font-size:22px; margin:0 0 6px; }
h2.hint-heading { font-size:14px; margin:18px 0 4px; }
p.lead { margin:0 0 20px; color:var(--muted); }
label { display:block; font-weight:600; margin:14px 0 6px; }
input { width:100%; height:38px; padding:0 10px; border-radius:4px; border:1px solid var(--border);
  background:var(--field); color:var(--text); font:inherit; }
input:focus { outline:2px solid var(--accent); outline-offset:1px; }
button, .button { display:flex; width:100%; height:40px; margin-top:22px; align-items:center; justify-content:center;
  border:0; border-radius:4px; background:var(--accent); color:#fff; font:inherit; font-weight:600; cursor:pointer;
  text-decoration:none; }
button:hover, .button:hover { background:var(--accent-hover); }
.button.secondary { background:transparent; color:var(--text); border:1px solid var(--border); margin-top:12px; }
.divider { display:flex; align-items:center; gap:10px; color:var(--muted); margin:20px 0 0; font-size:12px; }
.divider::before, .divider::after { content:""; flex:1; border-top:1px solid var(--border); }
.error { background:var(--danger-bg); color:var(--danger); border-radius:4px; padding:10px 12px; margin:0 0 8px; }
.hint { color:var(--muted); font-size:12px; margin-top:6px; }
/* A command to type on the server: wraps on a phone rather than scrolling the card sideways. */
.command { margin:8px 0 0; padding:8px 10px; border:1px solid var(--border); border-radius:4px;
  background:var(--field); font:12px/1.5 ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;
  white-space:pre-wrap; overflow-wrap:anywhere; }
.hint a, .footer-link a { color:var(--text); }
/* A link under a field, big enough to tap on a phone (WCAG 2.5.8: 24 px). */
.field-link { display:inline-block; padding:4px 0; font-size:14px; }
.footer-link { text-align:center; margin:20px 0 0; }
.footer { text-align:center; margin-top:16px; }
.footer a { color:var(--muted); }
/* The password strength meter: four bars filled by the zxcvbn score, red until it is accepted. */
.strength { margin-top:8px; --fill:var(--weak); }
.strength[data-verdict="accepted"] { --fill:var(--strong); }
.strength-bar { display:grid; grid-template-columns:repeat(4,1fr); gap:4px; }
.strength-bar span { height:4px; border-radius:2px; background:var(--border); }
.strength[data-verdict="refused"] span:first-child, .strength[data-score="2"] span:nth-child(-n+2),
.strength[data-score="3"] span:nth-child(-n+3), .strength[data-score="4"] span { background:var(--fill); }
.strength-text { color:var(--muted); font-size:12px; margin:6px 0 0; }
`;

const LOGO = `<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7"
fill="#2d72d2"/><path d="M7 22V10l5 7 4-5 4 5 5-7v12" fill="none" stroke="#fff" stroke-width="2.6"
stroke-linecap="round" stroke-linejoin="round"/></svg>`;

export interface PageOptions {
  title: string;
  productName: string;
  /** Trusted HTML: callers escape every value they put in. */
  body: string;
  status?: number;
  /** Scripts of this server the page loads after it is shown (the password strength meter). */
  scripts?: string[];
}

/**
 * A small server-rendered page in the app's look (the sign-in and setup forms), with its own
 * strict Content-Security-Policy: only its nonce'd style, theme script and `scripts` run.
 */
export function renderPage(
  h: ResponseToolkit,
  { title, productName, body, status = 200, scripts = [] }: PageOptions,
): ResponseObject {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en" data-theme="dark">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(productName)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<script nonce="${nonce}">try{var t=JSON.parse(localStorage.getItem('msp-ui-theme')||'"system"');
if(t==='light'||(t!=='dark'&&!matchMedia('(prefers-color-scheme: dark)').matches))
document.documentElement.dataset.theme='light';}catch(e){}</script>
<style nonce="${nonce}">${STYLES}</style>
${scripts.map((src) => `<script nonce="${nonce}" src="${escapeHtml(src)}" defer></script>`).join('\n')}
</head>
<body><main>
<div class="card">
<a class="brand" href="/">${LOGO}<span>${escapeHtml(productName)}</span></a>
${body}
</div>
<p class="footer"><a href="/">Return to Home</a></p>
</main></body></html>`;
  return h
    .response(html)
    .type('text/html; charset=utf-8')
    .code(status)
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; ` +
        "object-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
}

export function messageBody(title: string, text: string, link?: { href: string; label: string }): string {
  return `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(text)}</p>${
    link ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''
  }`;
}
