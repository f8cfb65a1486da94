import { Card, Classes, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { LinkButton } from '../../../components/LinkButton.js';
import { useAdminHref } from '../../routing.js';
import {
  API_KEY_PERMISSION_INFO,
  KeyHeaderList,
  PERMISSION_ALLOWS,
  PERMISSION_LEVELS,
} from '../api-keys/public.js';
import { endpointsAllowed, type ApiEndpointGroup } from './openapi-endpoints.js';

/** How a key is sent, and what each permission opens (counted from the document once it is in). */
export function AuthenticationCard({ groups }: { groups: readonly ApiEndpointGroup[] | null }) {
  const href = useAdminHref();
  return (
    <Card className="admin-card admin-list" role="region" aria-labelledby="api-docs-auth-heading">
      <h2 id="api-docs-auth-heading" className="admin-title">
        Authentication
      </h2>
      <p className="admin-note">
        Every request carries an API key, in one of two headers. A session cookie never opens the API, and a
        key never opens the admin portal.
      </p>
      <KeyHeaderList />

      <h3 className="admin-title">Permissions</h3>
      <p className="admin-note">
        Each key has one permission, and each level includes the ones before it. A call the key may not make
        gets <code>403</code> with the reason; a missing, disabled or unknown key gets <code>401</code>.
      </p>
      <dl className="admin-info admin-list admin-list--grid api-docs-grid">
        {PERMISSION_LEVELS.map((permission) => {
          const count = groups ? endpointsAllowed(groups, permission) : null;
          return (
            <div key={permission} className={`${Classes.CARD} admin-item-card`}>
              <dt className="admin-inline">
                <strong>{API_KEY_PERMISSION_INFO[permission].label}</strong>
                <code>{permission}</code>
                {count !== null && (
                  <Tag minimal round>
                    {count} {count === 1 ? 'endpoint' : 'endpoints'}
                  </Tag>
                )}
              </dt>
              <dd className="admin-note">
                <strong>{API_KEY_PERMISSION_INFO[permission].description}.</strong>{' '}
                {PERMISSION_ALLOWS[permission]}
              </dd>
            </div>
          );
        })}
      </dl>
      <LinkButton
        to={href('api-keys')}
        icon={IconNames.KEY}
        text="Manage API keys"
        variant="outlined"
        intent={Intent.PRIMARY}
      />
    </Card>
  );
}
