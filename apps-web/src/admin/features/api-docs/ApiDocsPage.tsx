import { Button, Card, Classes, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useMemo } from 'react';
import { LinkButton } from '../../../components/LinkButton.js';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { BackToDashboard } from '../../components/BackToDashboard.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { AdminState } from '../../components/AdminState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useAdminHref } from '../../routing.js';
import { PublicLink } from '../../components/PublicLink.js';
import {
  API_KEY_PERMISSION_INFO,
  API_V1_PATH,
  KeyHeaderList,
  OPENAPI_DOCUMENT_PATH,
  PERMISSION_ALLOWS,
  PERMISSION_LEVELS,
  useApiV1BaseUrl,
} from '../api-keys/public.js';
import { EndpointCard } from './EndpointCard.js';
import { apiEndpointGroups, endpointsAllowed, type ApiEndpointGroup } from './openapi-endpoints.js';
import { OPENAPI_FILE_NAME, useDownloadOpenApiSpec, useOpenApiDocument } from './queries.js';
import './api-docs.css';

/** How a key is sent, and what each permission opens (counted from the document once it is in). */
function AuthenticationCard({ groups }: { groups: readonly ApiEndpointGroup[] | null }) {
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

/**
 * API Documentation (/admin/api-docs): the OpenAPI document to download, how to
 * authenticate, and every endpoint a key holder can call, drawn from that same document.
 */
export default function ApiDocsPage() {
  useAdminTitle('API Documentation');
  const baseUrl = useApiV1BaseUrl();
  const document = useOpenApiDocument();
  useQueryErrorToast(document, 'Failed to load the API documentation');
  const download = useDownloadOpenApiSpec();
  const groups = useMemo(() => (document.data ? apiEndpointGroups(document.data) : null), [document.data]);
  const count = groups?.reduce((sum, group) => sum + group.endpoints.length, 0) ?? 0;

  let endpoints;
  if (document.isPending) {
    endpoints = (
      <ListSkeleton
        label="Loading endpoints"
        listClassName="admin-list"
        cardClassName="admin-card"
        count={3}
      />
    );
  } else if (document.isError) {
    endpoints = (
      <Card>
        <LoadFailedState
          title="Failed to load the API documentation"
          description={<code className="admin-error-text">{errorText(document.error)}</code>}
          query={document}
        />
      </Card>
    );
  } else if (!groups || groups.length === 0) {
    endpoints = (
      <Card>
        <AdminState
          headingLevel={2}
          icon={IconNames.DOCUMENT}
          title="No endpoints documented"
          description="The OpenAPI document lists no operations."
        />
      </Card>
    );
  } else {
    endpoints = groups.map((group, index) => (
      <section key={group.name} className="admin-list" aria-labelledby={`api-docs-group-${index}`}>
        <h3 id={`api-docs-group-${index}`} className="admin-title">
          {group.name}
        </h3>
        {group.description && <p className="admin-note">{group.description}</p>}
        <div className="admin-list">
          {group.endpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </div>
      </section>
    ));
  }

  const info = document.data?.info;

  return (
    <div className="admin-list api-docs-page">
      <BackToDashboard />
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">API Documentation</h1>
          <p className="admin-page-header__description">
            The API for integrations such as a CRM sync, a BI tool or your own scripts. Download the OpenAPI
            3.1 specification to generate a client with any standard OpenAPI tool.
          </p>
        </div>
        <Button
          intent={Intent.PRIMARY}
          icon={IconNames.DOWNLOAD}
          text="Download OpenAPI Specification"
          title={`Saves ${OPENAPI_FILE_NAME}`}
          loading={download.isPending}
          onClick={() => download.mutate()}
        />
      </header>

      <Card className="admin-card" role="region" aria-label="Base URL">
        <dl className="admin-info admin-list admin-list--grid api-docs-grid">
          <div>
            <dt className="admin-overline">Base URL</dt>
            <dd>
              <code>{baseUrl}</code>
            </dd>
          </div>
          {info && (
            <div>
              <dt className="admin-overline">Specification</dt>
              <dd>
                {info.title} {info.version} · OpenAPI {document.data?.openapi}, published without a key at{' '}
                <PublicLink
                  className="api-docs__document"
                  path={`${API_V1_PATH}${OPENAPI_DOCUMENT_PATH}`}
                  newTab
                >
                  {baseUrl}
                  {OPENAPI_DOCUMENT_PATH}
                </PublicLink>
              </dd>
            </div>
          )}
          <div>
            <dt className="admin-overline">Errors</dt>
            <dd>
              One JSON body: <code>statusCode</code>, <code>error</code>, <code>message</code> and, for bad
              input, the field at fault.
            </dd>
          </div>
          <div>
            <dt className="admin-overline">Rate limit</dt>
            <dd>
              Per key. Over it, the answer is <code>429</code> and <code>Retry-After</code> says when to try
              again.
            </dd>
          </div>
        </dl>
      </Card>

      <AuthenticationCard groups={groups} />

      <section className="admin-list" aria-labelledby="api-docs-endpoints-heading">
        <div className="admin-inline">
          <h2 id="api-docs-endpoints-heading" className="admin-page-header__title">
            Endpoints
          </h2>
          {groups && count > 0 && (
            <p className="admin-note">
              {count} {count === 1 ? 'endpoint' : 'endpoints'}, from the OpenAPI specification
            </p>
          )}
        </div>
        {endpoints}
      </section>
    </div>
  );
}
