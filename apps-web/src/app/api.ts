import { endpoints, type ApiClient, type PublicConfig } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';

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
