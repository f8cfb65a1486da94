import { Icons, IconSize, type IconName } from '@blueprintjs/icons';
import landingPaths from 'virtual:icon-paths/landing';
import { LANDING_ICONS, USED_ICONS } from './used-icons.js';

/**
 * Makes Blueprint's `Icon` load only the icons the app uses (used-icons.ts): the landing page's from
 * the entry chunk, the rest from one small lazy chunk. Blueprint's default loader would fetch its
 * complete sets. Resolves once the landing page's icons are ready (and, with `all`, every icon the
 * app uses: the pages the server draws show others), so the first render (and the server's
 * drawing) draws them rather than an empty placeholder.
 */
export async function setUpIcons({ all = false }: { all?: boolean } = {}): Promise<void> {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const paths = landingPaths[name] ?? (await import('virtual:icon-paths/rest')).default[name];
      if (!paths) throw new Error(`The icon "${name}" is not bundled: add it to used-icons.ts`);
      return size === IconSize.LARGE ? paths[1] : paths[0];
    },
  });
  const icons = (all ? USED_ICONS : LANDING_ICONS) as IconName[];
  await Promise.all([Icons.load(icons, IconSize.STANDARD), Icons.load(icons, IconSize.LARGE)]);
}
