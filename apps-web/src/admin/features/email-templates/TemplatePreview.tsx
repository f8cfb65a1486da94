import { Classes, Icon, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { renderTemplate, SAMPLE_TEMPLATE_VALUES } from '@msp/shared/browser';
import { useDeferredValue, useId, useMemo } from 'react';

export interface TemplatePreviewProps {
  subject: string;
  htmlBody: string;
  /** A sample value for each variable of the current pillars. */
  samples: Readonly<Record<string, string>>;
}

/**
 * The live preview: subject and body rendered with the sample values (escaped, as in the real
 * email). The admin's HTML runs in a frame with an empty sandbox: no scripts, no forms, no access
 * to this page or its session, since admin-authored HTML is not trusted.
 */
export function TemplatePreview({ subject, htmlBody, samples }: TemplatePreviewProps) {
  const headingId = useId();
  // Typing stays smooth: the frame re-renders when React has time, not on every keystroke.
  const deferredSubject = useDeferredValue(subject);
  const deferredBody = useDeferredValue(htmlBody);
  const html = useMemo(() => renderTemplate(deferredBody, samples), [deferredBody, samples]);
  // The subject is plain text: React escapes it, so the values go in as they are.
  const renderedSubject = renderTemplate(deferredSubject, samples, { escape: false }).trim();

  return (
    <section aria-labelledby={headingId}>
      <div className="admin-inline admin-summary">
        <h2 id={headingId} className="admin-inline admin-title">
          <Icon icon={IconNames.EYE_OPEN} intent={Intent.PRIMARY} aria-hidden />
          Live preview
        </h2>
        <span className="admin-note">
          Sample values: {SAMPLE_TEMPLATE_VALUES.firstName} {SAMPLE_TEMPLATE_VALUES.lastName},{' '}
          {SAMPLE_TEMPLATE_VALUES.companyName}
        </span>
      </div>
      <div className="template-preview__envelope">
        <div className="admin-inline admin-panel__header">
          <span className={Classes.TEXT_MUTED}>Subject</span>
          <strong className="admin-wrap" data-testid="preview-subject">
            {renderedSubject || <span className={Classes.TEXT_MUTED}>(no subject)</span>}
          </strong>
        </div>
        {deferredBody.trim() ? (
          <iframe
            className="template-preview__frame"
            title="Email preview"
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={html}
          />
        ) : (
          <p className="admin-empty">Write the HTML body to see the email here.</p>
        )}
      </div>
    </section>
  );
}
