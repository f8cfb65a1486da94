import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { ApiKey } from '@msp/shared/browser';
import { lazy, Suspense, useState } from 'react';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { BackToDashboard } from '../../components/BackToDashboard.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { AdminState } from '../../components/AdminState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { AdminPanel } from '../../components/AdminPanel.js';
import { ApiKeysCards, ApiKeysSkeleton, ApiKeysTable } from './ApiKeysList.js';
import { ApiUsageCard } from './ApiUsageCard.js';
import { DeleteApiKeyAlert } from './DeleteApiKeyAlert.js';
import { useApiKeys } from './queries.js';
import './api-keys.css';

// The form, its validation and the token display load when the dialog is first wanted.
const loadCreateDialog = () => import('./CreateApiKeyDialog.js');
const CreateApiKeyDialog = lazy(loadCreateDialog);

/** Below this width the table becomes a list of cards. */
const NARROW = '(max-width: 860px)';

/**
 * API Key Management (/admin/api-keys): the keys with Enable, Disable and Delete, a create
 * dialog that shows a new key's token once, and how to use a key.
 */
export default function ApiKeysPage() {
  useAdminTitle('API Key Management');
  const apiKeys = useApiKeys();
  useQueryErrorToast(apiKeys, 'Failed to Load API Keys');
  const narrow = useMediaQuery(NARROW);

  // A new dialog for every opening, unmounted once closed: the token shown in it goes with it.
  const [dialogSession, setDialogSession] = useState<number | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const openDialog = () => {
    setDialogSession((last) => (last ?? 0) + 1);
    setDialogOpen(true);
  };
  const askDelete = (key: ApiKey) => {
    setDeleting(key);
    setDeleteOpen(true);
  };

  const createButton = (
    <Button
      intent={Intent.PRIMARY}
      icon={IconNames.KEY}
      text="Create API Key"
      onClick={openDialog}
      onMouseEnter={() => void loadCreateDialog()}
      onFocus={() => void loadCreateDialog()}
    />
  );

  let content;
  if (apiKeys.isPending) {
    content = <ApiKeysSkeleton />;
  } else if (apiKeys.isError) {
    content = (
      <LoadFailedState
        title="Failed to Load API Keys"
        description={<code className="admin-error-text">{errorText(apiKeys.error)}</code>}
        query={apiKeys}
      />
    );
  } else if (apiKeys.data.length === 0) {
    content = (
      <AdminState
        headingLevel={2}
        icon={IconNames.KEY}
        title="No API keys created yet."
        description="Create a key to let another system, such as a CRM sync or a BI tool, read data through the API."
        actions={createButton}
      />
    );
  } else {
    content = narrow ? (
      <ApiKeysCards apiKeys={apiKeys.data} onDelete={askDelete} />
    ) : (
      <ApiKeysTable apiKeys={apiKeys.data} onDelete={askDelete} />
    );
  }

  const total = apiKeys.data?.length ?? 0;
  const active = apiKeys.data?.filter((key) => key.isActive).length ?? 0;

  return (
    <div>
      <BackToDashboard />
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">API Key Management</h1>
          <p className="admin-page-header__description">
            Keys let other systems use the API without signing in. Each key has one permission; disable or
            delete a key to stop it at once.
          </p>
        </div>
        {createButton}
      </header>

      <div className="admin-list api-keys-layout">
        <AdminPanel bare={narrow} role="region" aria-labelledby="api-keys-heading">
          <div className="admin-panel__header">
            <h2 id="api-keys-heading" className="admin-title">
              API keys
            </h2>
            {apiKeys.isSuccess && total > 0 && (
              <p className="admin-note">
                {total} {total === 1 ? 'key' : 'keys'} · {active} active
              </p>
            )}
          </div>
          {content}
        </AdminPanel>
        <ApiUsageCard />
      </div>

      {dialogSession !== null && (
        <Suspense fallback={null}>
          <CreateApiKeyDialog
            key={dialogSession}
            isOpen={dialogOpen}
            onClose={() => setDialogOpen(false)}
            onClosed={() => setDialogSession(null)}
          />
        </Suspense>
      )}
      <DeleteApiKeyAlert apiKey={deleting} isOpen={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </div>
  );
}
