import { z } from 'zod';
import { API_KEY_PERMISSIONS, type ApiKeyPermission } from '../access.js';
import { IntId } from '../common.js';

export const API_KEY_NAME_REQUIRED = 'Please enter a name for the API key';
export const API_KEY_NAME_MAX_LENGTH = 100;
/** Every token starts with this, so a scanner can recognise one. */
export const API_KEY_PREFIX = 'msp_';

/** The labels and descriptions of the three permission levels, in the product's words. */
export const API_KEY_PERMISSION_INFO: Record<ApiKeyPermission, { label: string; description: string }> = {
  read: { label: 'Read Only', description: 'View data only' },
  user_manage: { label: 'User Management', description: 'Manage users, cannot create administrators' },
  admin: { label: 'Full Admin', description: 'Complete administrative access' },
};

export const ApiKeyPermissionSchema = z.enum(API_KEY_PERMISSIONS, {
  error: `must be one of ${API_KEY_PERMISSIONS.join(', ')}`,
});

/** A key as the admin's table lists it: the token masked as its prefix and last four characters. */
export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked, e.g. `msp_…a1B2`; the whole token is shown only once, when the key is created. */
  token: z.string(),
  /** Exactly one permission. */
  permissions: z.array(ApiKeyPermissionSchema),
  isActive: z.boolean(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to a creation: the one time the whole token is shown. */
export const CreatedApiKey = ApiKey.extend({ token: z.string().startsWith(API_KEY_PREFIX) });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

const ApiKeyName = z
  .string({ error: API_KEY_NAME_REQUIRED })
  .trim()
  .min(1, { error: API_KEY_NAME_REQUIRED })
  .max(API_KEY_NAME_MAX_LENGTH, { error: `must be at most ${API_KEY_NAME_MAX_LENGTH} characters` });

export const CreateApiKeyRequest = z.strictObject({
  name: ApiKeyName,
  /** Exactly one permission; read when absent. */
  permissions: z
    .array(ApiKeyPermissionSchema)
    .length(1, { error: 'must hold exactly one permission' })
    .default(['read']),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

/** Enables or disables a key, or renames it. */
export const UpdateApiKeyRequest = z
  .strictObject({ isActive: z.boolean().optional(), name: ApiKeyName.optional() })
  .refine((body) => body.isActive !== undefined || body.name !== undefined, {
    error: 'give isActive or name',
  });
export type UpdateApiKeyRequest = z.input<typeof UpdateApiKeyRequest>;

export const ApiKeyIdParams = z.object({ id: IntId });

/** Requests one API key may make per minute unless the server is configured otherwise. */
export const API_RATE_LIMIT_PER_MINUTE_DEFAULT = 600;
