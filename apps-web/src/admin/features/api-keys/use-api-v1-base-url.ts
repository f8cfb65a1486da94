import { usePlatform } from '../../../platform/platform-context.js';
import { API_V1_PATH, apiV1BaseUrl } from './api-access.js';

/** The absolute address of /api/v1 on the server this admin talks to, for examples to copy. */
export function useApiV1BaseUrl(): string {
  const platform = usePlatform();
  return apiV1BaseUrl(platform.publicUrl(API_V1_PATH), window.location.href);
}
