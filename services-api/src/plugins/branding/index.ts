import type { Plugin, Request } from '@hapi/hapi';
import { logoPath, settingsRoutes, type LogoState } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contentWriter } from '../../db/content-cache.js';
import { NotFoundError } from '../../domain/errors.js';
import { recordAudit } from '../../http/audit-trail.js';
import { IMMUTABLE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../http/caching.js';
import { contractRoute, fileRoute } from '../../http/route-adapter.js';
import { readLogo, removeLogo, saveLogo, type StoredLogo } from './branding-service.js';
import { logoFromUpload } from './logo-image.js';

/** The upload's JSON body: the file in base64 (a third larger) with room for the rest. */
const UPLOAD_MAX_BYTES = 768 * 1024;

function stateOf(logo: StoredLogo | null): LogoState {
  return {
    logo: logo && {
      url: logoPath(logo.digest),
      width: logo.width,
      height: logo.height,
      digest: logo.digest,
      uploadedType: logo.uploadedType,
      uploadedAt: logo.uploadedAt.toISOString(),
    },
  };
}

/**
 * The provider's logo: the Settings screen uploads and removes it (audited, through the content
 * writer so every instance drops its cached branding), and anyone reads it as a PNG.
 */
export const brandingPlugin: Plugin<AppContext> = {
  name: 'branding',
  register(server, { db, cache }) {
    const write = contentWriter(db, cache);
    const actorOf = (request: Request) => request.auth.credentials.user?.id ?? null;
    server.route([
      contractRoute(settingsRoutes.getLogo, async () => stateOf(await readLogo(db, cache))),
      contractRoute(
        settingsRoutes.uploadLogo,
        async ({ body, request }) => {
          // Drawn before the transaction: the slow part holds no connection.
          const logo = logoFromUpload(body.type, Buffer.from(body.data, 'base64'));
          return write(async (trx) => {
            const stored = await saveLogo(trx, { ...logo, uploadedType: body.type }, actorOf(request));
            await recordAudit(trx, request, {
              targetId: 'logo',
              summary: {
                uploadedType: body.type,
                width: stored.width,
                height: stored.height,
                digest: stored.digest,
              },
            });
            return stateOf(stored);
          });
        },
        { payloadMaxBytes: UPLOAD_MAX_BYTES },
      ),
      contractRoute(settingsRoutes.removeLogo, ({ request }) =>
        write(async (trx) => {
          const removed = await removeLogo(trx);
          await recordAudit(trx, request, {
            targetId: 'logo',
            summary: { removed: removed?.digest ?? null },
          });
          return stateOf(null);
        }),
      ),
      fileRoute(settingsRoutes.getPublicLogo, async ({ params, h }) => {
        const logo = await readLogo(db, cache);
        if (!logo) throw new NotFoundError('There is no logo');
        // An older version's address (in an email sent before a change) gets the current logo,
        // kept only briefly; the current version's never changes, so it is kept for good.
        const current = params.digest === logo.digest;
        return h
          .response(logo.png)
          .type('image/png')
          .etag(logo.digest)
          .header('Cache-Control', current ? IMMUTABLE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL)
          .header('X-Content-Type-Options', 'nosniff');
      }),
    ]);
  },
};
