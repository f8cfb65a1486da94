import { useLocation } from 'react-router-dom';

/**
 * The embedded mode (/embed, framed by a partner's page through /embed.js): the same assessment and
 * results, without the site's header, telling the parent page its height and its completion. Only
 * the parents the server allows (EMBED_ALLOWED_ORIGINS, named in the page's head) are told anything.
 */

export const EMBED_PATH = '/embed';

export const EMBED_MESSAGE = {
  /** Sent as the page loads, before its load event: /embed.js takes silence for a refused frame. */
  ready: 'msp-assessment:ready',
  height: 'msp-assessment:height',
  completed: 'msp-assessment:completed',
} as const;

export type EmbedMessage =
  | { type: typeof EMBED_MESSAGE.ready }
  | { type: typeof EMBED_MESSAGE.height; height: number }
  | { type: typeof EMBED_MESSAGE.completed; submissionId: string; overallLevel: number };

/** Whether this page is the embedded one: its address is under /embed. */
export function useEmbedded(): boolean {
  return isEmbedPath(useLocation().pathname);
}

export function isEmbedPath(pathname: string): boolean {
  return pathname === EMBED_PATH || pathname.startsWith(`${EMBED_PATH}/`);
}

/** The origins the server lets frame this page, from the page's head. */
export function allowedParentOrigins(doc: Pick<Document, 'querySelector'> = document): string[] {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="msp-embed-allowed-origins"]')?.content;
  return content ? content.split(/\s+/).filter(Boolean) : [];
}

/**
 * The framing page's origin: Chromium and Safari name it in `ancestorOrigins`; elsewhere the
 * referrer (the frame's first document was asked for by the parent, whose default policy sends at
 * least its origin).
 */
export function parentOrigin(
  location: { ancestorOrigins?: { length: number; [index: number]: string } } = window.location,
  referrer: string = document.referrer,
): string | undefined {
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    return referrer ? new URL(referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a message to the parent may go: the parent's origin when the server allows it, otherwise
 * nowhere (a page that framed us without being allowed is refused by the browser anyway; this is
 * the second lock, and never "*").
 */
export function allowedParentTarget(parent: string | undefined, allowed: string[]): string | undefined {
  return parent && allowed.includes(parent) ? parent : undefined;
}

/** Tells the framing page, while this one loads, that the browser let it in. */
export function announceToParent(pathname: string = window.location.pathname): void {
  if (isEmbedPath(pathname)) postToParent({ type: EMBED_MESSAGE.ready });
}

export function postToParent(message: EmbedMessage): void {
  if (window.parent === window) return;
  const target = allowedParentTarget(parentOrigin(), allowedParentOrigins());
  if (target) window.parent.postMessage(message, target);
}
