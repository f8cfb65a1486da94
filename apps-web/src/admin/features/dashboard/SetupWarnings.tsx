import { Callout, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import { useAdminHref } from '../../routing.js';
import { useIntegrations } from '../integrations/public.js';
import { linksToSiteItself, settingLabel, useSettings } from '../settings/public.js';

/**
 * What a new install still lacks, said where an administrator lands: email that reaches nobody,
 * and footer, header and results links that lead back to this site. Each goes once it is fixed.
 */
export function SetupWarnings() {
  const href = useAdminHref();
  const integrations = useIntegrations();
  const settings = useSettings();
  const noEmail = integrations.data !== undefined && integrations.data.email.transport !== 'smtp';
  const selfLinks = settings.data ? linksToSiteItself(settings.data.settings) : [];
  if (!noEmail && selfLinks.length === 0) return null;

  return (
    <section className="dashboard-warnings" aria-label="Needs attention">
      {noEmail && (
        <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} title="Email is not configured">
          <p className="admin-wrap">
            No results emails, invites or password reset links reach anyone until <code>SMTP_URL</code> is set
            on the server. <Link to={href('integrations')}>See Integrations</Link>.
          </p>
        </Callout>
      )}
      {selfLinks.length > 0 && (
        <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} title="Links lead back to this site">
          <p className="admin-wrap">
            {selfLinks.map((setting) => settingLabel(setting.key)).join(', ')}{' '}
            {selfLinks.length === 1 ? 'still points' : 'still point'} at this site instead of the
            provider&rsquo;s pages. <Link to={href('settings')}>Set them in Settings</Link>.
          </p>
        </Callout>
      )}
    </section>
  );
}
