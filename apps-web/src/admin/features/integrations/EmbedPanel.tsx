import { Card, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { Integrations } from '@msp/shared/browser';
import { useId } from 'react';
import { CopyableSecret } from '../../components/CopyableSecret.js';

/** What a partner pastes into their page: a place for the assessment and this server's script. */
export function embedSnippet(scriptUrl: string): string {
  return `<div data-msp-assessment data-theme="auto"></div><script src="${scriptUrl}" async></script>`;
}

/**
 * The embeddable assessment: the snippet a partner site pastes, filled with this server's address,
 * and the sites allowed to frame it (EMBED_ALLOWED_ORIGINS); without any, the snippet shows only a
 * link to the assessment anywhere, and the panel says how to allow a site.
 */
export function EmbedPanel({ embed }: { embed: Integrations['embed'] }) {
  const headingId = useId();
  const origins = embed.allowedOrigins;
  return (
    <Card className="admin-card integration-card embed-panel" role="region" aria-labelledby={headingId}>
      <div className="admin-inline integration-card__head">
        <h2 id={headingId} className="admin-title">
          Embed on other sites
        </h2>
        <Tag minimal round icon={IconNames.CODE} intent={origins.length > 0 ? Intent.SUCCESS : Intent.NONE}>
          {origins.length > 0
            ? `${origins.length} ${origins.length === 1 ? 'site' : 'sites'} allowed`
            : 'No site allowed'}
        </Tag>
      </div>
      <p className="admin-note">
        Paste this where the assessment should appear on a partner&apos;s page. It shows the assessment and
        its results in a frame that grows with them, passes the page&apos;s <code>utm_</code> and{' '}
        <code>ref</code> parameters on, and sends a <code>msp-assessment:completed</code> event to the page
        when a visitor submits. <code>data-theme=&quot;auto&quot;</code> follows the visitor&apos;s system
        theme; <code>&quot;light&quot;</code> or <code>&quot;dark&quot;</code> fixes it to match the page. On
        a site that is not allowed, the snippet shows a link that opens the assessment in a new tab.
      </p>
      <CopyableSecret label="Snippet" value={embedSnippet(embed.scriptUrl)} />
      <dl className="admin-info admin-list">
        <div className="integration-facts__item">
          <dt>Allowed sites</dt>
          <dd>
            {origins.length > 0 ? (
              <ul className="admin-inline">
                {origins.map((origin) => (
                  <li key={origin}>
                    <code>{origin}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <>
                None: every site is refused, so the snippet shows only a link that opens the assessment. Set{' '}
                <code>EMBED_ALLOWED_ORIGINS</code> on the server to the partner sites&apos; origins,
                comma-separated (for example <code>https://partner.example</code>), and restart it.
              </>
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
