import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminSubmission } from '@msp/shared/browser';
import { Link } from 'react-router-dom';
import { errorText } from '../../../lib/api-errors.js';
import { useAdminHref } from '../../routing.js';
import { useEmailPreview } from './queries.js';
import { submissionTitle } from './submission-fields.js';

export interface EmailPreviewDialogProps {
  submission: AdminSubmission;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The results email of a submission as the active template renders it, in this page: the
 * template's HTML runs in a frame with an empty sandbox (no scripts, no forms, no access to the
 * admin or its session), so no popup and no address of the API is ever opened.
 */
export function EmailPreviewDialog({ submission, isOpen, onClose }: EmailPreviewDialogProps) {
  const preview = useEmailPreview(submission.id, isOpen);
  const href = useAdminHref();

  let body;
  if (preview.isPending) {
    body = (
      <div role="status" aria-label="Loading the email preview">
        <span className={`email-preview__frame ${Classes.SKELETON}`} />
      </div>
    );
  } else if (preview.isError) {
    body = (
      <Callout intent={Intent.DANGER} icon={IconNames.ERROR} title="The preview could not be loaded">
        {errorText(preview.error)}
      </Callout>
    );
  } else if (preview.data.template === null) {
    body = (
      <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} title="No email template is active">
        <p>
          Visitors get no results email until a template is active, so there is nothing to preview. Open{' '}
          <Link to={href('email-templates')} onClick={onClose} className="email-preview__link">
            Email Templates
          </Link>{' '}
          and switch one on.
        </p>
      </Callout>
    );
  } else {
    body = (
      <div>
        <dl className="admin-info admin-list admin-summary">
          <div className="admin-inline">
            <dt>Template</dt>
            <dd>{preview.data.template.name}</dd>
          </div>
          <div className="admin-inline">
            <dt>Subject</dt>
            <dd data-testid="email-preview-subject">{preview.data.subject}</dd>
          </div>
        </dl>
        <iframe
          className="email-preview__frame"
          title={`Results email to ${submissionTitle(submission)}`}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={preview.data.html ?? ''}
        />
      </div>
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Email preview"
      icon={IconNames.ENVELOPE}
      className="admin-dialog email-preview-dialog"
    >
      <DialogBody>{body}</DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}
