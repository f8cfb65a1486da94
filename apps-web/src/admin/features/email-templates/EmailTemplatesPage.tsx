import { Button, Callout, Card, Classes, Icon, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { EmailTemplate } from '@msp/shared/browser';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner.js';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminState } from '../../components/AdminState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { DeleteEmailTemplateAlert } from './DeleteEmailTemplateAlert.js';
import { useEmailTemplates } from './queries.js';
import { TemplateEditor } from './TemplateEditor.js';
import './email-templates.css';
import { LoadFailedState } from '../../components/LoadFailedState.js';

/** The search parameter that opens the editor: "new", or a template's id. */
const EDIT_PARAM = 'template';

/**
 * Email Templates (/admin/email-templates): the list, and the editor in place of it while one is
 * open. The open template is in the URL, so reload and the browser's Back button behave.
 */
export default function EmailTemplatesPage() {
  const templates = useEmailTemplates();
  useQueryErrorToast(templates, 'Failed to fetch email templates');
  const [searchParams, setSearchParams] = useSearchParams();
  const newButtonRef = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const editing = searchParams.get(EDIT_PARAM);
  useAdminTitle(
    editing ? (editing === 'new' ? 'New Email Template' : 'Edit Email Template') : 'Email Templates',
  );

  const openEditor = (target: 'new' | number) => setSearchParams({ [EDIT_PARAM]: String(target) });
  const closeEditor = () => setSearchParams({});

  if (editing && templates.isPending) return <PageSpinner />;
  if (editing && templates.isSuccess) {
    const template = editing === 'new' ? null : templates.data.find((t) => String(t.id) === editing);
    if (template === undefined) {
      return (
        <AdminState
          icon={IconNames.SEARCH}
          title="Template not found"
          description="It may have been deleted."
          actions={<Button icon={IconNames.ARROW_LEFT} text="All templates" onClick={closeEditor} />}
        />
      );
    }
    return (
      <TemplateEditor key={editing} template={template} templates={templates.data} onDone={closeEditor} />
    );
  }

  const newButton = (
    <Button
      intent={Intent.PRIMARY}
      icon={IconNames.ADD}
      text="New Template"
      onClick={() => openEditor('new')}
    />
  );

  let content;
  if (templates.isPending) {
    content = <TemplatesSkeleton />;
  } else if (templates.isError) {
    content = (
      <LoadFailedState
        title="Failed to fetch email templates"
        description={<code className="admin-error-text">{errorText(templates.error)}</code>}
        query={templates}
      />
    );
  } else if (templates.data.length === 0) {
    content = (
      <AdminState
        headingLevel={2}
        icon={IconNames.ENVELOPE}
        title="No email templates yet"
        description="Create a template and make it active to email visitors their results."
        actions={newButton}
      />
    );
  } else {
    content = (
      <ul className="admin-rows" aria-label="Email templates">
        {templates.data.map((template) => (
          <li key={template.id}>
            <TemplateRow
              template={template}
              onEdit={() => openEditor(template.id)}
              onDelete={() => {
                setDeleting(template);
                setDeleteOpen(true);
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  const noneActive =
    templates.isSuccess &&
    templates.data.some((t) => t.purpose === 'results') &&
    !templates.data.some((t) => t.isActive && t.purpose === 'results');

  return (
    <div>
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Email Templates</h1>
          <p className="admin-page-header__description">
            After a visitor submits the assessment, the active results template is emailed to them with their
            results. Visitors who ask to be reminded get the active reminder template when the time comes, or
            the built-in reminder while none is active.
          </p>
        </div>
        {newButton}
      </header>
      {noneActive && (
        <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} className="admin-summary" compact>
          No template is active, so visitors get no results email. Open a template and switch on Active.
        </Callout>
      )}
      <Card className="admin-panel">{content}</Card>
      <DeleteEmailTemplateAlert
        template={deleting}
        isOpen={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        // Its row (and Delete button) is gone: keyboard users go on from New Template.
        onDeleted={() => newButtonRef.current?.focus()}
      />
    </div>
  );
}

interface TemplateRowProps {
  template: EmailTemplate;
  onEdit: () => void;
  /** Asks first, in the page's alert. */
  onDelete: () => void;
}

function TemplateRow({ template, onEdit, onDelete }: TemplateRowProps) {
  return (
    <div className="template-row">
      <Icon
        icon={IconNames.ENVELOPE}
        intent={template.isActive ? Intent.SUCCESS : Intent.NONE}
        className={template.isActive ? undefined : Classes.TEXT_MUTED}
        aria-hidden
      />
      <div className="template-row__text">
        <div className="admin-inline">
          <h2 className="admin-title">{template.name}</h2>
          {template.purpose === 'reminder' && (
            <Tag icon={IconNames.TIME} round minimal>
              Reminder
            </Tag>
          )}
          {template.isActive && (
            <Tag intent={Intent.SUCCESS} icon={IconNames.TICK_CIRCLE} round minimal>
              Active
            </Tag>
          )}
        </div>
        <p className="admin-note admin-wrap">
          <span className={Classes.TEXT_MUTED}>Subject:</span> {template.subject}
        </p>
        {template.unknownVariables.length > 0 && (
          <p className="admin-note admin-wrap">
            <Icon icon={IconNames.WARNING_SIGN} intent={Intent.WARNING} size={12} aria-hidden />{' '}
            {template.unknownVariables.length === 1 ? 'Unknown variable' : 'Unknown variables'}:{' '}
            {template.unknownVariables.map((name) => `{{${name}}}`).join(', ')}
          </p>
        )}
      </div>
      <div className="admin-row-actions admin-touch-actions template-row__actions">
        <Button icon={IconNames.EDIT} text="Edit" aria-label={`Edit ${template.name}`} onClick={onEdit} />
        <Button
          icon={IconNames.TRASH}
          intent={Intent.DANGER}
          variant="minimal"
          text="Delete"
          aria-label={`Delete ${template.name}`}
          onClick={onDelete}
        />
      </div>
    </div>
  );
}

function TemplatesSkeleton() {
  return (
    <div className="skeleton-rows" role="status" aria-label="Loading email templates">
      {[0, 1].map((index) => (
        <div key={index} aria-hidden>
          <span className={`skeleton-line skeleton-line--short ${Classes.SKELETON}`} />
          <span className={`skeleton-line ${Classes.SKELETON}`} />
        </div>
      ))}
    </div>
  );
}
