import { Intent } from '@blueprintjs/core';
import { endpoints, type ApiClient } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useToast } from '../../../lib/toasts.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { savedFileToast, useAdminMutation } from '../../api/use-admin-mutation.js';

/** The name the downloaded document is saved under. */
export const OPENAPI_FILE_NAME = 'msp-maturity-api-spec.json';

/** Cache key of the OpenAPI document: its path, as for every read. */
export const OPENAPI_KEY = queryKey('getOpenApiDocument');

/** GET /api/admin/openapi.json: the OpenAPI 3.1 document of /api/v1, generated from the contract. */
export const openApiQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: OPENAPI_KEY,
    queryFn: ({ signal }) => api.call('getOpenApiDocument', { signal }),
  });

/** The document the endpoint list is drawn from. */
export function useOpenApiDocument() {
  const api = useApi();
  return useAdminQuery(openApiQuery(api));
}

/**
 * Saves the document as it is served, as `msp-maturity-api-spec.json`, through the host (a
 * download in the browser, a save dialog on desktop). A save the user cancels says nothing.
 */
export function useDownloadOpenApiSpec() {
  const { show } = useToast();
  return useAdminMutation({
    call: (_: void, { platform }) =>
      platform.saveFile({
        fileName: OPENAPI_FILE_NAME,
        mimeType: 'application/json',
        source: { apiPath: endpoints.getOpenApiDocument.path },
      }),
    success: (saved) =>
      savedFileToast(saved, 'OpenAPI specification downloaded successfully', { fileName: false }),
    // One message for any failure, whatever the server said.
    onError: () =>
      show({
        title: 'Error',
        description: 'Failed to download OpenAPI specification',
        intent: Intent.DANGER,
      }),
  });
}
