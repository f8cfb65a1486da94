import { createHash } from 'node:crypto';
import { logoPath } from '@msp/shared';
import type { Knex } from 'knex';
import type { Config } from '../../config.js';
import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import type { BrandingLogoRow } from '../../db/tables.js';
import { readSettings } from '../settings/settings-service.js';

/** The provider's logo as PNG pixels: an uploaded SVG was rasterised, so this is all there is. */
export interface BrandingLogo {
  png: Buffer;
  width: number;
  height: number;
}

/** What the results page, its email and the PDF report draw the provider's brand with. */
export interface Branding {
  /** Lowercase `#rrggbb`: the saved accent colour, or the product's own. */
  accentColor: string;
  logo: BrandingLogo | null;
}

/** The stored logo with what versions and describes it: the public URL, the screen and the audit trail. */
export interface StoredLogo extends BrandingLogo {
  /** Hex SHA-256 of `png`: the public URL's version and its ETag. */
  digest: string;
  /** What the administrator uploaded: image/png or image/svg+xml. */
  uploadedType: string;
  uploadedAt: Date;
}

async function loadLogo(db: Executor): Promise<StoredLogo | null> {
  const row = await db<BrandingLogoRow>('branding_logo').where({ id: 1 }).first();
  if (!row) return null;
  return {
    png: row.png,
    width: row.width,
    height: row.height,
    digest: row.digest,
    uploadedType: row.uploaded_type,
    uploadedAt: new Date(row.uploaded_at),
  };
}

/** The logo, through the content cache, which every logo or settings write clears. */
export function readLogo(db: Executor, cache: ContentCache): Promise<StoredLogo | null> {
  return cache.get('branding-logo', () => loadLogo(db));
}

/** The branding in effect: the accent colour (a setting) and the logo, both through the content cache. */
export async function readBranding(db: Executor, cache: ContentCache, config: Config): Promise<Branding> {
  const [settings, logo] = await Promise.all([readSettings(db, cache, config), readLogo(db, cache)]);
  return {
    accentColor: settings.values.accentColor,
    logo: logo && { png: logo.png, width: logo.width, height: logo.height },
  };
}

/** Hex SHA-256 of the PNG, which names its version. */
export function logoDigest(png: Buffer): string {
  return createHash('sha256').update(png).digest('hex');
}

/**
 * Replaces the logo (there is one at most). Run through the content writer, so every instance
 * drops its cached branding. Answers what is stored now.
 */
export async function saveLogo(
  trx: Knex.Transaction,
  logo: BrandingLogo & { uploadedType: string },
  actorId: number | null,
): Promise<StoredLogo> {
  const row = {
    id: 1,
    png: logo.png,
    width: logo.width,
    height: logo.height,
    digest: logoDigest(logo.png),
    uploaded_type: logo.uploadedType,
    uploaded_by: actorId,
  };
  await trx<BrandingLogoRow>('branding_logo')
    .insert(row)
    .onConflict('id')
    .merge({ ...row, uploaded_at: trx.fn.now() });
  return (await loadLogo(trx))!;
}

/** Removes the logo; answers the one removed, or null when there was none. */
export async function removeLogo(trx: Knex.Transaction): Promise<StoredLogo | null> {
  const before = await loadLogo(trx);
  if (before) await trx<BrandingLogoRow>('branding_logo').where({ id: 1 }).delete();
  return before;
}

/** The brand as the results email shows it: the accent, the logo's absolute address and its alt text. */
export interface EmailBranding {
  accentColor: string;
  /** The logo's versioned address on the public site, or null without one. */
  logoUrl: string | null;
  providerName: string;
}

export async function readEmailBranding(
  db: Executor,
  cache: ContentCache,
  config: Config,
): Promise<EmailBranding> {
  const [settings, logo] = await Promise.all([readSettings(db, cache, config), readLogo(db, cache)]);
  return {
    accentColor: settings.values.accentColor,
    logoUrl: logo && `${config.publicUrl.replace(/\/+$/, '')}${logoPath(logo.digest)}`,
    providerName: settings.values.providerName,
  };
}
