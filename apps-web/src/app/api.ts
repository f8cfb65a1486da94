import { createApiClient, endpoints, type ApiClient, type PublicConfig } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/** Name of the CSRF cookie the server sets; its value goes back in the X-CSRF-Token header. */
export const CSRF_COOKIE = 'crumb';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/** The browser's API client: same origin, cookies sent, the CSRF token echoed on every request. */
export function createBrowserApiClient(): ApiClient {
  return createApiClient({
    headers: (): Record<string, string> => {
      const token = readCookie(CSRF_COOKIE);
      return token ? { 'X-CSRF-Token': token } : {};
    },
  });
}

export const ApiContext = createContext<ApiClient>(createBrowserApiClient());

export function useApi(): ApiClient {
  return useContext(ApiContext);
}

/** The config the server writes into index.html, so titles and links render without a round trip. */
export function readInjectedConfig(): PublicConfig | undefined {
  const element = document.getElementById('app-config');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as PublicConfig;
  } catch {
    return undefined;
  }
}

/** Query options for the public reads, keyed by path as the spec asks. */
export const publicQueries = {
  config: (api: ApiClient) =>
    queryOptions({
      queryKey: [endpoints.getConfig.path],
      queryFn: () => api.call('getConfig'),
      initialData: readInjectedConfig,
    }),
  pillars: (api: ApiClient) =>
    queryOptions({ queryKey: [endpoints.listPillars.path], queryFn: () => api.call('listPillars') }),
  matrixCells: (api: ApiClient) =>
    queryOptions({
      queryKey: [endpoints.listMatrixCells.path],
      queryFn: () => api.call('listMatrixCells'),
    }),
  demographicFields: (api: ApiClient) =>
    queryOptions({
      queryKey: [endpoints.listDemographicFields.path],
      queryFn: () => api.call('listDemographicFields'),
    }),
  questions: (api: ApiClient) =>
    queryOptions({
      queryKey: [endpoints.listAssessmentQuestions.path],
      queryFn: () => api.call('listAssessmentQuestions'),
    }),
  results: (api: ApiClient, submissionId: string) =>
    queryOptions({
      queryKey: [`/api/assessment/results/${submissionId}`],
      queryFn: () => api.call('getResults', { params: { submissionId } }),
      enabled: Boolean(submissionId),
    }),
  comparison: (api: ApiClient, submissionId: string, enabled: boolean) =>
    queryOptions({
      queryKey: [`/api/assessment/comparison/${submissionId}`],
      queryFn: () => api.call('getComparison', { params: { submissionId } }),
      enabled: Boolean(submissionId) && enabled,
    }),
};
