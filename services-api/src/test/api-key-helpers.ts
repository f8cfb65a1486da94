import type { ApiKeyPermission, CreatedApiKey } from '@msp/shared';
import { createApiKey } from '../plugins/api-keys/api-keys-service.js';
import type { TestApp } from './test-app.js';
import { OUTSIDE_REQUEST } from '../http/audit-trail.js';

let counter = 0;

/** A new active key with the permission, created by the real service on the test app's database. */
export async function createTestApiKey(app: TestApp, permission: ApiKeyPermission): Promise<CreatedApiKey> {
  return createApiKey(
    app.db,
    { name: `Test key ${++counter} (${permission})`, permissions: [permission] },
    null,
    () => app.server.plugins['api-keys'].authenticator.invalidate(),
    OUTSIDE_REQUEST,
  );
}

/** The header that sends a key the recommended way. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
