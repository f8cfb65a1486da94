import type { ApiClient, PublicConfig } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey, urlKey } from './query-keys.js';

/** The config the server writes into index.html, so titles and links render without a round trip. */
export function readInjectedConfig(): PublicConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById('app-config');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as PublicConfig;
  } catch {
    return undefined;
  }
}

/** Query options for the public reads, keyed by path (as the admin keys them). */
export const publicQueries = {
  config: (api: ApiClient) =>
    queryOptions({
      queryKey: queryKey('getConfig'),
      queryFn: () => api.call('getConfig'),
      initialData: readInjectedConfig,
    }),
  pillars: (api: ApiClient) =>
    queryOptions({ queryKey: queryKey('listPillars'), queryFn: () => api.call('listPillars') }),
  matrixCells: (api: ApiClient) =>
    queryOptions({
      queryKey: queryKey('listMatrixCells'),
      queryFn: () => api.call('listMatrixCells'),
    }),
  demographicFields: (api: ApiClient) =>
    queryOptions({
      queryKey: queryKey('listDemographicFields'),
      queryFn: () => api.call('listDemographicFields'),
    }),
  questions: (api: ApiClient) =>
    queryOptions({
      queryKey: queryKey('listAssessmentQuestions'),
      queryFn: () => api.call('listAssessmentQuestions'),
    }),
  results: (api: ApiClient, submissionId: string) =>
    queryOptions({
      queryKey: urlKey('getResults', { submissionId }),
      queryFn: () => api.call('getResults', { params: { submissionId } }),
      enabled: Boolean(submissionId),
    }),
  comparison: (api: ApiClient, submissionId: string, enabled: boolean) =>
    queryOptions({
      queryKey: urlKey('getComparison', { submissionId }),
      queryFn: () => api.call('getComparison', { params: { submissionId } }),
      enabled: Boolean(submissionId) && enabled,
    }),
};
