import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { usePlatform } from '../../platform/platform-context.js';

type ClickLike = Pick<
  MouseEvent,
  'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'
>;

/**
 * Whether a click is a plain left click, the only kind a link hands to the platform. A middle or
 * modified click keeps the browser's own meaning (new tab, new window, save link).
 */
export function isPlainClick(event: ClickLike): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/** Props for a link whose plain click runs a platform action; its href still says where it goes. */
export function actionLink(href: string, action: () => void) {
  return {
    href,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      action();
    },
  };
}

/** A path of the host's own router, rather than an absolute or protocol-relative URL. */
export const isAppPath = (url: string) => /^\/(?!\/)/.test(url);

export interface PublicLinkProps {
  href: string;
  target?: string;
  rel?: string;
  onClick: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * Props for a link to a public page of the site ("/", "/matrix"), wherever the host keeps it: a
 * client-side route when the host serves the page itself, else the platform opens it outside the
 * admin. `newTab` always leaves the admin as it is.
 */
export function usePublicLink(path: string, { newTab = false }: { newTab?: boolean } = {}): PublicLinkProps {
  const platform = usePlatform();
  const url = platform.publicUrl(path);
  const inApp = !newTab && isAppPath(url);
  // Hooks run on every render; the route they are given only matters when the page is in the app.
  const routerHref = useHref(inApp ? url : '.');
  const navigate = useLinkClickHandler<HTMLElement>(inApp ? url : '.');
  if (inApp) return { href: routerHref, onClick: navigate };
  return {
    target: '_blank',
    rel: 'noopener noreferrer',
    ...actionLink(url, () => platform.openExternal(url)),
  };
}
