import type { Plugin } from '@hapi/hapi';
import { settingsRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contentWriter } from '../../db/content-cache.js';
import { recordAudit } from '../../http/audit-trail.js';
import { contractRoute } from '../../http/route-adapter.js';
import { readSettings, saveSettings } from './settings-service.js';

/**
 * The Settings screen's reads and writes. A change goes through the content writer, so every
 * instance drops its cached settings, and with them the public configuration and page shells.
 */
export const settingsPlugin: Plugin<AppContext> = {
  name: 'settings',
  register(server, { db, cache, config }) {
    const write = contentWriter(db, cache);
    server.route([
      contractRoute(settingsRoutes.getSettings, async () => ({
        settings: (await readSettings(db, cache, config)).settings,
      })),
      contractRoute(settingsRoutes.updateSettings, ({ body, request }) =>
        write(async (trx) => {
          const { after, changed } = await saveSettings(trx, body, config, request.auth.credentials.user!.id);
          // Null: put back to its default.
          await recordAudit(trx, request, { targetId: null, summary: changed });
          return { settings: after.settings };
        }),
      ),
    ]);
  },
};
