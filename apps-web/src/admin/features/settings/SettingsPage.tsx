import { Card, Classes } from '@blueprintjs/core';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useSettings } from './queries.js';
import { SettingsForm } from './SettingsForm.js';
import './settings.css';

/**
 * Settings (/admin/settings): the provider's name and links, the call to action, the mail sender,
 * the privacy notice and the question order, by section. What the server's environment sets wins
 * and is shown locked.
 */
export default function SettingsPage() {
  useAdminTitle('Settings');
  const settings = useSettings();
  useQueryErrorToast(settings, 'Failed to load settings');

  let content;
  if (settings.isPending) {
    content = (
      <div className="admin-list" role="status" aria-label="Loading settings">
        {[0, 1, 2].map((index) => (
          <Card key={index} className={`settings-section settings-section--skeleton ${Classes.SKELETON}`} />
        ))}
      </div>
    );
  } else if (settings.isError) {
    content = (
      <LoadFailedState
        title="Failed to load settings"
        description={<code className="admin-error-text">{errorText(settings.error)}</code>}
        query={settings}
      />
    );
  } else {
    // Remounted when the saved settings change, so the form starts from what is stored.
    content = <SettingsForm key={JSON.stringify(settings.data.settings)} settings={settings.data.settings} />;
  }

  return (
    <div className="admin-list">
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Settings</h1>
          <p className="admin-page-header__description">
            What visitors see of the provider, how emails are signed and how questions are put. A setting the
            server&rsquo;s environment sets wins over this screen and is shown locked.
          </p>
        </div>
      </header>
      {content}
    </div>
  );
}
