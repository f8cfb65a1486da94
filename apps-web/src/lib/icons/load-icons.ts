import { Icons, IconSize, type IconName } from '@blueprintjs/icons';
import landingPaths from 'virtual:icon-paths/landing';
import { LANDING_ICONS } from './used-icons.js';

/**
 * Makes Blueprint's `Icon` load only the icons the app uses (used-icons.ts): the landing page's from
 * the entry chunk, the rest from one small lazy chunk. Blueprint's default loader would fetch its
 * complete sets. Resolves once the landing page's icons are ready, so the first render (and the
 * prerender) draws them rather than an empty placeholder.
 */
export async function setUpIcons(): Promise<void> {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const paths = landingPaths[name] ?? (await import('virtual:icon-paths/rest')).default[name];
      if (!paths) throw new Error(`The icon "${name}" is not bundled: add it to used-icons.ts`);
      return size === IconSize.LARGE ? paths[1] : paths[0];
    },
  });
  const landing = LANDING_ICONS as IconName[];
  await Promise.all([Icons.load(landing, IconSize.STANDARD), Icons.load(landing, IconSize.LARGE)]);
}
