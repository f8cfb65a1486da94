/** What other admin features may use of the API keys: how a key is sent and what each permission allows. */
export { API_V1_PATH, OPENAPI_DOCUMENT_PATH, PERMISSION_ALLOWS } from './api-access.js';
export { KeyHeaderList } from './KeyHeaderList.js';
export { API_KEY_PERMISSION_INFO, PERMISSION_LEVELS } from './permission-labels.js';
export { useApiV1BaseUrl } from './use-api-v1-base-url.js';
