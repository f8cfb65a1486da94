import { Intent } from '@blueprintjs/core';
import { endpoints, type ApiClient } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { useToast } from '../../../lib/toasts.js';
import { useApi, usePlatform } from '../../../platform/platform-context.js';
import { useAdminMutation, useAdminQuery } from '../../api/admin-query.js';

/** The name the downloaded document is saved under (spec 9). */
export const OPENAPI_FILE_NAME = 'msp-maturity-api-spec.json';

/** Cache key of the OpenAPI document: its path (spec 7). */
export const OPENAPI_KEY = [endpoints.getOpenApiDocument.path] as const;

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
  const platform = usePlatform();
  const { show } = useToast();
  return useAdminMutation({
    mutationFn: () =>
      platform.saveFile({
        fileName: OPENAPI_FILE_NAME,
        mimeType: 'application/json',
        source: { apiPath: endpoints.getOpenApiDocument.path },
      }),
    onSuccess: (saved) => {
      if (saved.status !== 'saved') return;
      show({
        title: 'OpenAPI specification downloaded successfully',
        intent: Intent.SUCCESS,
        action: saved.showInFolder && { text: 'Show in folder', onClick: saved.showInFolder },
      });
    },
    // The spec's one message for any failure (spec 8); a 401 is the session watcher's.
    onError: () =>
      show({
        title: 'Error',
        description: 'Failed to download OpenAPI specification',
        intent: Intent.DANGER,
      }),
  });
}
