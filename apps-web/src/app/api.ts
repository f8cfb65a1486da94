import { createApiClient, publicRoutes, type ApiClient, type PublicConfig } from '@msp/shared';
import { queryOptions } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

export const ApiContext = createContext<ApiClient>(createApiClient());

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
      queryKey: [publicRoutes.getConfig.path],
      queryFn: () => api.call(publicRoutes.getConfig),
      initialData: readInjectedConfig,
    }),
  pillars: (api: ApiClient) =>
    queryOptions({ queryKey: [publicRoutes.listPillars.path], queryFn: () => api.call(publicRoutes.listPillars) }),
  matrixCells: (api: ApiClient) =>
    queryOptions({
      queryKey: [publicRoutes.listMatrixCells.path],
      queryFn: () => api.call(publicRoutes.listMatrixCells),
    }),
  demographicFields: (api: ApiClient) =>
    queryOptions({
      queryKey: [publicRoutes.listDemographicFields.path],
      queryFn: () => api.call(publicRoutes.listDemographicFields),
    }),
  questions: (api: ApiClient) =>
    queryOptions({
      queryKey: [publicRoutes.listAssessmentQuestions.path],
      queryFn: () => api.call(publicRoutes.listAssessmentQuestions),
    }),
  results: (api: ApiClient, submissionId: string) =>
    queryOptions({
      queryKey: [`/api/assessment/results/${submissionId}`],
      queryFn: () => api.call(publicRoutes.getResults, { params: { submissionId } }),
      enabled: Boolean(submissionId),
    }),
  comparison: (api: ApiClient, submissionId: string, enabled: boolean) =>
    queryOptions({
      queryKey: [`/api/assessment/comparison/${submissionId}`],
      queryFn: () => api.call(publicRoutes.getComparison, { params: { submissionId } }),
      enabled: Boolean(submissionId) && enabled,
    }),
};
