import { AnchorButton, type AnchorButtonProps } from '@blueprintjs/core';
import type { AnchorHTMLAttributes } from 'react';
import { usePublicLink } from '../lib/platform-links.js';

type Managed = 'href' | 'target' | 'rel' | 'onClick';

interface PublicTarget {
  /** The public page: "/", "/matrix". */
  path: string;
  /** Open it beside the admin instead of in its place. */
  newTab?: boolean;
}

/** A plain link to a public page of the site, resolved through the host's platform. */
export function PublicLink({
  path,
  newTab,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, Managed> & PublicTarget) {
  const link = usePublicLink(path, { newTab });
  return <a {...props} {...link} />;
}

/** A Blueprint button that links to a public page of the site, resolved through the host's platform. */
export function PublicLinkButton({
  path,
  newTab,
  ...props
}: Omit<AnchorButtonProps, Managed> & PublicTarget) {
  const link = usePublicLink(path, { newTab });
  // It navigates, so it is a link to assistive technology (Blueprint gives anchors role="button").
  return <AnchorButton role="link" {...props} {...link} />;
}
