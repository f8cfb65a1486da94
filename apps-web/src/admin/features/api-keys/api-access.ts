import type { ApiKeyPermission } from '@msp/shared/browser';

/** Where the key-protected API lives on the server. */
export const API_V1_PATH = '/api/v1';

/** Where, below the API, its OpenAPI document is published for anyone to read. */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';

/** Stands in for a token in examples: the real one is shown only once, when the key is created. */
export const TOKEN_PLACEHOLDER = 'msp_…';

/** The two ways a key is sent; the bearer header is the recommended one. */
export const KEY_HEADERS = [
  {
    name: 'Authorization',
    value: (token: string) => `Bearer ${token}`,
    note: 'Recommended. The standard header that HTTP clients and OpenAPI generators send.',
  },
  {
    name: 'X-API-Key',
    value: (token: string) => token,
    note: 'For tools that cannot set an Authorization header.',
  },
] as const;

/**
 * What each permission opens, in more words than its label: each level
 * includes the ones before it.
 */
export const PERMISSION_ALLOWS: Record<ApiKeyPermission, string> = {
  read: 'Every GET: submissions, search, analytics, pillars, questions, demographic fields and users.',
  user_manage:
    'Everything Read Only can, and creating and updating users. It cannot create an admin, make anyone an admin, or change the founder.',
  admin:
    'Everything the API offers. No key can create an admin, make anyone an admin or approve one: that is done here, in the admin portal.',
};

/**
 * The absolute address of the key-protected API, from the address the host gives for the site's
 * pages. A browser host answers with a path, which is resolved against the page's own address; a
 * host elsewhere (the desktop client) answers with the server's absolute URL.
 */
export function apiV1BaseUrl(sitePath: string, pageUrl: string): string {
  try {
    return new URL(sitePath, pageUrl).href.replace(/\/+$/, '');
  } catch {
    return sitePath.replace(/\/+$/, '');
  }
}

export interface CurlExampleOptions {
  /** The API's address, e.g. "https://assess.example.com/api/v1". */
  baseUrl: string;
  /** Below the base, e.g. "/submissions". */
  path?: string;
  token?: string;
  /** Which of the two headers to send. */
  header?: (typeof KEY_HEADERS)[number]['name'];
}

/** A one-line curl call of the API with a key, as the usage help shows it. */
export function curlExample({
  baseUrl,
  path = '/submissions',
  token = TOKEN_PLACEHOLDER,
  header = 'Authorization',
}: CurlExampleOptions): string {
  const chosen = KEY_HEADERS.find((candidate) => candidate.name === header) ?? KEY_HEADERS[0];
  return `curl -H "${chosen.name}: ${chosen.value(token)}" ${baseUrl.replace(/\/+$/, '')}${path}`;
}
