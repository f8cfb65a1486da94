import type { ApiClient, PublicConfig, RouteName, RouteResponse, Routes } from '@msp/shared/browser';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { readInjectedJson } from './injected-json.js';
import { queryKey, urlKey } from './query-keys.js';

/** The config the server writes into index.html, so titles and links render without a round trip. */
export function readInjectedConfig(): PublicConfig | undefined {
  return readInjectedJson<PublicConfig>('app-config');
}

/** The injected config when it is in `lang`: after a switch of language the page asks anew. */
function injectedConfigIn(lang: string): PublicConfig | undefined {
  const config = readInjectedConfig();
  return config?.language === lang ? config : undefined;
}

/** The reads the server inlined in the assessment's and the matrix's pages (route-pages.ts). */
interface InlinedReads {
  language: string;
  reads: Partial<Record<RouteName, unknown>>;
}

/**
 * A read's answer as the server inlined it in this page, when it is in `lang` (undefined for a read
 * in no language): the page's first screen draws from it without a round trip.
 */
export function inlinedRead<N extends RouteName>(
  name: N,
  lang?: string,
): RouteResponse<Routes[N]> | undefined {
  const inlined = readInjectedJson<InlinedReads>('app-reads');
  if (!inlined || (lang !== undefined && inlined.language !== lang)) return undefined;
  return inlined.reads[name] as RouteResponse<Routes[N]> | undefined;
}

/** The inlined reads in no language (the consent statement), kept under their path alone. */
const LANGUAGE_FREE_READS: readonly RouteName[] = ['getConsentStatement'];

/**
 * Puts inlined reads where the page's queries look for them: what the server's render of a page
 * does with the reads the browser's render finds in the page (`inlinedRead`).
 */
export function seedInlinedReads(queryClient: QueryClient, { language, reads }: InlinedReads): void {
  // A results page's reads are its submission's.
  const submissionId = (reads.getResults as ResultsResponse | undefined)?.submissionId ?? '';
  for (const [name, data] of Object.entries(reads) as [RouteName, unknown][]) {
    let key: readonly unknown[] = LANGUAGE_FREE_READS.includes(name)
      ? queryKey(name)
      : queryKey(name, language);
    if (name === 'getResults' || name === 'getComparison') key = submissionKey(name, submissionId, language);
    queryClient.setQueryData(key, data);
  }
}

type ResultsResponse = RouteResponse<Routes['getResults']>;

/** A read of one submission in `lang`: kept by the submission's address, as the admin keys reads. */
const submissionKey = (name: 'getResults' | 'getComparison', submissionId: string, lang: string) => [
  ...urlKey(name, { submissionId }),
  lang,
];

/** A read the server inlined in a results page (route-pages.ts), when the page is this submission's. */
function inlinedOfSubmission<N extends 'getResults' | 'getComparison'>(
  name: N,
  submissionId: string,
  lang: string,
): RouteResponse<Routes[N]> | undefined {
  return inlinedRead('getResults', lang)?.submissionId === submissionId ? inlinedRead(name, lang) : undefined;
}

/** Every language's copy of the signed-in visitor's history: dropped together at sign-in and sign-out. */
export const visitorHistoryKey = queryKey('getVisitorHistory');

/**
 * Query options for the public reads, keyed by path (as the admin keys them) and the language they
 * are in (`lang`, the visitor's: `useLanguage().language`), so a switch of language reads each anew.
 */
export const publicQueries = {
  config: (api: ApiClient, lang: string) =>
    queryOptions({
      queryKey: queryKey('getConfig', lang),
      queryFn: () => api.call('getConfig', { query: { lang } }),
      initialData: () => injectedConfigIn(lang),
    }),
  pillars: (api: ApiClient, lang: string) =>
    queryOptions({
      queryKey: queryKey('listPillars', lang),
      queryFn: () => api.call('listPillars', { query: { lang } }),
      initialData: () => inlinedRead('listPillars', lang),
    }),
  matrixCells: (api: ApiClient, lang: string) =>
    queryOptions({
      queryKey: queryKey('listMatrixCells', lang),
      queryFn: () => api.call('listMatrixCells', { query: { lang } }),
      initialData: () => inlinedRead('listMatrixCells', lang),
    }),
  demographicFields: (api: ApiClient, lang: string) =>
    queryOptions({
      queryKey: queryKey('listDemographicFields', lang),
      queryFn: () => api.call('listDemographicFields', { query: { lang } }),
      initialData: () => inlinedRead('listDemographicFields', lang),
    }),
  questions: (api: ApiClient, lang: string) =>
    queryOptions({
      queryKey: queryKey('listAssessmentQuestions', lang),
      queryFn: () => api.call('listAssessmentQuestions', { query: { lang } }),
      initialData: () => inlinedRead('listAssessmentQuestions', lang),
    }),
  results: (api: ApiClient, submissionId: string, lang: string) =>
    queryOptions({
      queryKey: submissionKey('getResults', submissionId, lang),
      queryFn: () => api.call('getResults', { params: { submissionId }, query: { lang } }),
      initialData: () => inlinedOfSubmission('getResults', submissionId, lang),
      enabled: Boolean(submissionId),
    }),
  /** The signed-in visitor's assessments; a 401 means nobody is signed in on this browser. */
  visitorHistory: (api: ApiClient, lang: string) =>
    queryOptions({
      queryKey: [...visitorHistoryKey, lang],
      queryFn: () => api.call('getVisitorHistory', { query: { lang } }),
    }),
  comparison: (api: ApiClient, submissionId: string, enabled: boolean, lang: string) =>
    queryOptions({
      queryKey: submissionKey('getComparison', submissionId, lang),
      queryFn: () => api.call('getComparison', { params: { submissionId }, query: { lang } }),
      initialData: () => inlinedOfSubmission('getComparison', submissionId, lang),
      enabled: Boolean(submissionId) && enabled,
    }),
};
