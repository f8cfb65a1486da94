import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useMemo } from 'react';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { BackToDashboard } from '../../components/BackToDashboard.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useApiV1BaseUrl } from '../api-keys/public.js';
import { ApiFactsCard } from './ApiFactsCard.js';
import { AuthenticationCard } from './AuthenticationCard.js';
import { EndpointsSection } from './EndpointsSection.js';
import { apiEndpointGroups } from './openapi-endpoints.js';
import { OPENAPI_FILE_NAME, useDownloadOpenApiSpec, useOpenApiDocument } from './queries.js';
import './api-docs.css';

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

      <ApiFactsCard baseUrl={baseUrl} document={document.data} />

      <AuthenticationCard groups={groups} />

      <EndpointsSection document={document} groups={groups} />
    </div>
  );
}
