import { z } from 'zod';
import { LOGO_MAX_BYTES, LOGO_UPLOAD_TYPES } from '../limits.js';

export { LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_UPLOAD_TYPES } from '../limits.js';

/** A logo file as the Settings screen sends it: its type and its bytes in base64, in a JSON body. */
export const LogoUpload = z.strictObject({
  type: z.enum(LOGO_UPLOAD_TYPES, { error: 'must be image/png or image/svg+xml' }),
  data: z
    .string({ error: 'must be the file in base64' })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'must be the file in base64' })
    .min(1, { error: 'is empty: choose a PNG or SVG file' })
    // Four base64 characters carry three bytes.
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4, { error: `must be at most ${LOGO_MAX_BYTES / 1024} KB` }),
});
export type LogoUpload = z.input<typeof LogoUpload>;

/** The stored logo: always a PNG, whatever was uploaded. */
export const StoredLogoInfo = z.object({
  /** Where visitors, emails and the report get it: a path naming its version, so it can be cached for good. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Hex SHA-256 of the PNG. */
  digest: z.string(),
  /** What the administrator uploaded. */
  uploadedType: z.string(),
  uploadedAt: z.string(),
});
export type StoredLogoInfo = z.infer<typeof StoredLogoInfo>;

export const LogoState = z.object({ logo: StoredLogoInfo.nullable() });
export type LogoState = z.infer<typeof LogoState>;

export const LogoParams = z.object({
  digest: z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be the logo digest, 64 hex digits' }),
});

/** The public logo's path for a digest. */
export function logoPath(digest: string): string {
  return `/api/branding/logo/${digest}`;
}
