import { AnchorButton, type AnchorButtonProps } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export type LinkButtonProps = Omit<AnchorButtonProps, 'href'> & { to: To };

/**
 * A Blueprint button that is a router link: a real href (so middle-click and "open in new tab"
 * work) with client-side navigation on a plain click.
 */
export function LinkButton({ to, onClick, target, ...props }: LinkButtonProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return (
    <AnchorButton
      // It navigates, so it is a link to assistive technology (Blueprint gives anchors role="button").
      role="link"
      {...props}
      href={href}
      target={target}
      onClick={(event: MouseEvent<HTMLElement>) => {
        onClick?.(event as MouseEvent<HTMLAnchorElement>);
        // The element is always the anchor AnchorButton renders.
        if (!event.defaultPrevented) navigate(event as MouseEvent<HTMLAnchorElement>);
      }}
    />
  );
}
